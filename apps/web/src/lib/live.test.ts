// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE, LIVE_SEND_ANSWER_MS, type ChatSendResult } from '@vialex/domain';
import { LiveChannel } from './live';

/** A WebSocket stand-in: the test opens, closes and talks for the server. */
class FakeSocket {
  static readonly OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepts the socket. */
  accept() {
    this.readyState = 1;
    this.onopen?.();
    this.onmessage?.({ data: JSON.stringify({ type: 'ready', topics: [] }) });
  }
  /** The connection ends with this close code. */
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const sockets = () => FakeSocket.instances;

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(Math, 'random').mockReturnValue(0.5); // jitter factor exactly 1
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiveChannel reconnection', () => {
  it('after an ordinary drop it reconnects within a second, then backs off exponentially', () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    live.connect();
    sockets()[0].accept();
    sockets()[0].drop(1006);
    // Anywhere in the first second; the middle of it with Math.random at 0.5.
    vi.advanceTimersByTime(499);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
    sockets()[1].drop(1006); // never opened: 2 s, then doubling
    vi.advanceTimersByTime(1999);
    expect(sockets()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(3);
    live.disconnect();
  });

  it('refused for too many sockets of the session, it waits a minute, doubling, and does not hurry when woken', () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    live.connect();
    // The server upgrades, then closes at once with the limit's code.
    sockets()[0].readyState = 1;
    sockets()[0].onopen?.();
    sockets()[0].drop(LIVE_CLOSE.tooManySockets);
    vi.advanceTimersByTime(30_000);
    live.reconnectNow(); // online / visible again
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(sockets()).toHaveLength(2);

    sockets()[1].readyState = 1;
    sockets()[1].onopen?.();
    sockets()[1].drop(LIVE_CLOSE.tooManySockets);
    vi.advanceTimersByTime(119_999);
    expect(sockets()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(3);

    // Accepted at last: an ordinary drop afterwards is back to the short wait.
    sockets()[2].accept();
    sockets()[2].drop(1006);
    vi.advanceTimersByTime(1000);
    expect(sockets()).toHaveLength(4);
    live.disconnect();
  });

  it('a server stopping (1012, service restart) is reconnected to within a second, topics resubscribed and listeners told', () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    const states: string[] = [];
    live.onConnection((state, code) => states.push(code === undefined ? state : `${state} ${code}`));
    live.subscribe('list:casos');
    live.connect();
    sockets()[0].accept();
    expect(sockets()[0].sent).toEqual([JSON.stringify({ action: 'subscribe', topic: 'list:casos', since: 0 })]);
    sockets()[0].drop(1012);
    vi.advanceTimersByTime(499);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);
    sockets()[1].accept();
    // Reopened, the app reads everything again: no replay asked.
    expect(sockets()[1].sent).toEqual([JSON.stringify({ action: 'subscribe', topic: 'list:casos' })]);
    // 'reopened' is what the lists refresh on (use-live).
    expect(states).toEqual(['open', 'closed 1012', 'reopened']);
    live.disconnect();
  });

  it("a room screen's mark goes over the open socket; with none open it says it could not", () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    live.connect();
    expect(live.mark('chat:r1', 4, true)).toBe(false);
    sockets()[0].accept();
    expect(live.mark('chat:r1', 4, true)).toBe(true);
    expect(sockets()[0].sent).toEqual([JSON.stringify({ action: 'mark', topic: 'chat:r1', hasta: 4, leido: true })]);
    sockets()[0].drop(1006);
    expect(live.mark('chat:r1', 5, false)).toBe(false);
    live.disconnect();
  });
});

describe('a staff text on the socket (LiveChannel.sendText)', () => {
  const text = (clientId: string) => ({ caseId: 'c1', tipo: 'general' as const, clientId, content: 'Voy en camino' });
  const result = (id: string) => ({ mensaje: { id }, repetido: false }) as unknown as ChatSendResult;
  const answer = (socket: FakeSocket, message: object) => socket.onmessage?.({ data: JSON.stringify(message) });

  it("answers what the server's 'sent' carries for its clientId, and nothing for another's", async () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    live.connect();
    sockets()[0].accept();
    const first = live.sendText(text('a'));
    const second = live.sendText(text('b'));
    expect(sockets()[0].sent).toEqual([
      JSON.stringify({ action: 'send', ...text('a') }),
      JSON.stringify({ action: 'send', ...text('b') }),
    ]);
    answer(sockets()[0], { type: 'sent', clientId: 'b', result: result('m2') });
    answer(sockets()[0], { type: 'sent', clientId: 'a', result: result('m1') });
    expect(await first).toEqual(result('m1'));
    expect(await second).toEqual(result('m2'));
    live.disconnect();
  });

  it('leaves it to the POST (undefined) when refused, not open, dropped before the answer, or unanswered in time', async () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    expect(await live.sendText(text('closed'))).toBeUndefined();
    live.connect();
    sockets()[0].accept();
    const refused = live.sendText(text('r'));
    answer(sockets()[0], {
      type: 'refused',
      clientId: 'r',
      error: { statusCode: 401, code: 'NO_SESSION', message: 'x' },
    });
    expect(await refused).toBeUndefined();
    const dropped = live.sendText(text('d'));
    sockets()[0].drop(1006);
    expect(await dropped).toBeUndefined();
    vi.advanceTimersByTime(1000);
    sockets()[1].accept();
    const silent = live.sendText(text('s'));
    vi.advanceTimersByTime(LIVE_SEND_ANSWER_MS - 1);
    let settled = false;
    void silent.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await silent).toBeUndefined();
    // An answer after the wait changes nothing; a text still waiting when the app signs out is let go.
    answer(sockets()[1], { type: 'sent', clientId: 's', result: result('late') });
    const leaving = live.sendText(text('l'));
    live.disconnect();
    expect(await leaving).toBeUndefined();
  });
});

/** The longest wait between two tries (30 s, jittered by the mocked factor 1). */
const MAX_WAIT_MS = 30_000;

describe('LiveChannel subscriptions', () => {
  const subscribes = (socket: FakeSocket) => socket.sent.map((m) => JSON.parse(m) as Record<string, unknown>);

  it('says how long ago the screen read (since its first subscriber), so the server replays what it missed', () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    live.connect();
    sockets()[0].accept();
    // Subscribed while open: the message leaves at once, read just now.
    const offChat = live.subscribe('chat:r1');
    // Subscribed before the socket opened (the app's first screen): since counts the wait.
    const second = new LiveChannel(() => 'ws://vialex.test/api/live');
    second.subscribe('list:clientes');
    second.connect();
    vi.advanceTimersByTime(1_500);
    sockets()[1].accept();
    expect(subscribes(sockets()[0])).toEqual([{ action: 'subscribe', topic: 'chat:r1', since: 0 }]);
    expect(subscribes(sockets()[1])).toEqual([{ action: 'subscribe', topic: 'list:clientes', since: 1_500 }]);
    // A second screen on the topic shares the subscription: nothing is sent for it.
    const offAgain = live.subscribe('chat:r1');
    offChat();
    offAgain();
    expect(subscribes(sockets()[0]).slice(1)).toEqual([{ action: 'unsubscribe', topic: 'chat:r1' }]);
    // Subscribed again later, it counts from its new read.
    vi.advanceTimersByTime(10_000);
    live.subscribe('chat:r1');
    expect(subscribes(sockets()[0]).at(-1)).toEqual({ action: 'subscribe', topic: 'chat:r1', since: 0 });
    live.disconnect();
    second.disconnect();
  });

  it('the first socket asks for its own topics since the app read; a reopened one, or one a minute late, reads again instead', () => {
    const live = new LiveChannel(() => 'ws://vialex.test/api/live');
    const states: string[] = [];
    live.onConnection((state) => states.push(state));
    live.connect();
    vi.advanceTimersByTime(300);
    sockets()[0].accept();
    expect(sockets()[0].url).toBe('ws://vialex.test/api/live?since=0');
    sockets()[0].drop(1006);
    vi.advanceTimersByTime(1_000);
    sockets()[1].accept();
    expect(sockets()[1].url).toBe('ws://vialex.test/api/live');
    expect(states).toEqual(['open', 'closed', 'reopened']);
    live.disconnect();

    // Signed in again, the server unreachable for longer than it replays.
    const late = new LiveChannel(() => 'ws://vialex.test/api/live');
    const lateStates: string[] = [];
    late.onConnection((state) => lateStates.push(state));
    late.subscribe('list:casos');
    late.connect();
    expect(sockets().at(-1)!.url).toBe('ws://vialex.test/api/live?since=0');
    while (sockets().at(-1)!.url.includes('since=')) {
      sockets().at(-1)!.drop(1006); // never opened
      vi.advanceTimersByTime(MAX_WAIT_MS);
    }
    const socket = sockets().at(-1)!;
    socket.accept();
    expect(subscribes(socket)).toEqual([{ action: 'subscribe', topic: 'list:casos' }]);
    expect(lateStates.at(-1)).toBe('reopened');
    late.disconnect();
  });
});
