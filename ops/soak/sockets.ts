import WebSocket from 'ws';
import { LIVE_SEND_ANSWER_MS, reconnectDelayMs } from '@vialex/domain';
import type { SocketMark } from '../../bench/lib/room-screen.js';
import { sendMark } from '../../bench/lib/socket-mark.js';
import { now, samples, type Answer } from './http.js';

/** How a text sent on a socket is recorded among the requests' samples. */
export const LIVE_SEND_ROUTE = 'LIVE send (a chat text on the socket)';

/** One connection of a socket: when it opened, when its topic was confirmed, when it closed. */
export interface Epoch {
  opened: number;
  /** When the room's subscription was confirmed (no topic: when the channel said 'ready'). */
  ready?: number;
  closed?: number;
  code?: number;
}

/** The member's room on screen, told of what its socket hears (bench/lib/room-screen.ts). */
export interface ScreenOfSocket {
  arrived(indexId: number, mark?: SocketMark): unknown;
  reconnected(): unknown;
}

/**
 * A signed-in staff member's live channel, as the web app keeps it: on a close it dials again after
 * the app's waits (anywhere in the first second, then 2 s doubling ±25 % while dials fail; until
 * 2026-12-02 250 ms, then every 500 ms, with no spread) and subscribes its topic again. Each chat
 * message's first arrival is kept by `roomId:indexId`; a second arrival counts as a duplicate.
 * With a `screen`, the room on screen shows each message from its event (marked over this socket)
 * or reads it, and reads what was said meanwhile after a reconnection.
 */
export class StaffSocket {
  epochs: Epoch[] = [];
  arrivals = new Map<string, number>();
  duplicates = 0;
  /** Dials that failed before the channel opened, by reason (an HTTP status of the upgrade, or the error). */
  failures: { t: number; reason: string }[] = [];
  private ws?: WebSocket;
  private stopped = false;
  private attempt = 0;
  /** Dials since the channel was last open: the next wait doubles with each that failed. */
  private failedDials = 0;
  /** Texts sent on the socket waiting for their answer, by clientId. */
  private readonly answers = new Map<string, (answer: Answer | undefined) => void>();

  constructor(
    readonly index: number,
    readonly cookie: string,
    private readonly urls: () => string[],
    readonly topic?: string,
    private readonly screen?: ScreenOfSocket,
  ) {}

  get open() {
    const e = this.epochs.at(-1);
    return !!e && e.ready !== undefined && e.closed === undefined;
  }

  /** Resolves when the first connection is ready (or failed: the socket keeps retrying). */
  connect(): Promise<void> {
    return new Promise((resolve) => this.dial(resolve));
  }

  private dial(onReady?: () => void) {
    if (this.stopped) return;
    const urls = this.urls();
    const url = urls[(this.index + this.attempt) % urls.length].replace(/^http/, 'ws') + '/api/live';
    this.attempt++;
    const ws = new WebSocket(url, { headers: { cookie: this.cookie } });
    this.ws = ws;
    const epoch: Epoch = { opened: now() };
    let counted = false;
    const ready = () => {
      epoch.ready = now();
      onReady?.();
      onReady = undefined;
    };
    ws.on('open', () => {
      this.epochs.push(epoch);
      counted = true;
      if (this.topic) ws.send(JSON.stringify({ action: 'subscribe', topic: this.topic }));
    });
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as {
        type: string;
        topic?: string;
        event?: { name: string; roomId?: string; indexId?: number; mensaje?: unknown };
      };
      if (msg.type === 'sent' || msg.type === 'refused') {
        const { clientId, result, error } = msg as {
          clientId?: string;
          result?: unknown;
          error?: { statusCode: number };
        };
        const status = msg.type === 'sent' ? 200 : (error?.statusCode ?? 0);
        if (clientId) this.answers.get(clientId)?.({ status, text: JSON.stringify(result ?? error), ms: 0 });
      } else if (msg.type === 'ready' && !this.topic) ready();
      else if (msg.type === 'subscribed' && msg.topic === this.topic) {
        if (this.epochs.length > 1) this.screen?.reconnected();
        ready();
      } else if (msg.type === 'event' && msg.event?.name === 'chat.message' && msg.event.indexId !== undefined) {
        const key = `${msg.event.roomId}:${msg.event.indexId}`;
        if (this.arrivals.has(key)) this.duplicates++;
        else this.arrivals.set(key, now());
        const topic = `chat:${msg.event.roomId}`;
        this.screen?.arrived(msg.event.indexId, msg.event.mensaje ? (hasta) => sendMark(ws, topic, hasta) : undefined);
      }
    });
    ws.on('unexpected-response', (_req, res) => {
      this.failures.push({ t: now(), reason: `HTTP ${res.statusCode}` });
      ws.terminate();
    });
    ws.on('error', (err) => {
      if (!counted) this.failures.push({ t: now(), reason: err.message.slice(0, 80) });
    });
    ws.on('close', (code) => {
      for (const settle of [...this.answers.values()]) settle(undefined);
      if (counted) {
        epoch.closed = now();
        epoch.code = code;
      }
      if (this.stopped) return;
      if (counted) this.failedDials = 0;
      setTimeout(() => this.dial(onReady), reconnectDelayMs(this.failedDials++));
    });
  }

  /**
   * A chat text on this socket, as the web app sends one while its socket is open: the answer
   * ('sent': 200; 'refused': its status), or undefined when the socket did not carry it (not open,
   * closed before the answer, none within the app's wait) and the app would POST it. Recorded
   * among the samples as LIVE_SEND_ROUTE (no answer: status 0).
   */
  sendText(text: { caseId: string; tipo: string; clientId: string; content: string }): Promise<Answer | undefined> {
    const ws = this.ws;
    if (!this.open || ws?.readyState !== WebSocket.OPEN) return Promise.resolve(undefined);
    const started = now();
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined), LIVE_SEND_ANSWER_MS);
      const settle = (answer: Answer | undefined) => {
        clearTimeout(timer);
        this.answers.delete(text.clientId);
        const ms = now() - started;
        samples.push({ t: now(), route: LIVE_SEND_ROUTE, status: answer?.status ?? 0, ms });
        resolve(answer && { ...answer, ms });
      };
      this.answers.set(text.clientId, settle);
      ws.send(JSON.stringify({ action: 'send', ...text }));
    });
  }

  /** Times taken before the run's clock was set to zero, moved onto it. */
  rebase(shift: number) {
    for (const e of this.epochs) {
      e.opened -= shift;
      if (e.ready !== undefined) e.ready -= shift;
      if (e.closed !== undefined) e.closed -= shift;
    }
    for (const f of this.failures) f.t -= shift;
  }

  /** Was this socket subscribed through the whole of [from, to]? */
  heldThrough(from: number, to: number): boolean {
    return this.epochs.some((e) => e.ready !== undefined && e.ready <= from && (e.closed ?? Infinity) >= to);
  }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}
