import WebSocket from 'ws';
import type { LiveServerMessage } from '@vialex/domain';

export interface LiveSocketOptions {
  /** The channel's path: staff `/api/live` (default), the client's `/api/cliente/live`. */
  path?: string;
  origin?: string;
  /** False: the socket does not answer the server's pings (a phone that lost its network). */
  autoPong?: boolean;
  /**
   * True: an 'error' after the opening is swallowed, not thrown (a test that sends a frame the
   * server refuses, where the client may see the cut as an error); `closed` still answers the code.
   */
  ignoreErrors?: boolean;
}

/** How long `next` waits before failing with what the socket did receive. */
const DEADLINE_MS = 10_000;

/**
 * A socket of a live channel for API tests: every message it receives is kept; `next` waits for
 * one that matches (already received or still to come) and fails after a deadline saying what
 * came instead; `follow` subscribes to a topic and waits for the server's 'subscribed'; `sync`
 * is a barrier after the frames sent so far; `closed` answers the close code (`closedWithin` fails after a deadline). The opening fails
 * with `HTTP <status>` when the upgrade is refused.
 */
export async function openLiveSocket(
  baseUrl: string,
  headers: Record<string, string>,
  { path = '/api/live', origin, autoPong = true, ignoreErrors = false }: LiveSocketOptions = {},
) {
  const ws = new WebSocket(`${baseUrl}${path}`, { headers: origin ? { ...headers, origin } : headers, autoPong });
  const messages: LiveServerMessage[] = [];
  // Registered first, so `messages` holds each message before any waiter below looks.
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  let reason = '';
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code, why) => {
      reason = String(why);
      resolve(code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  if (ignoreErrors) ws.on('error', () => undefined);
  function next(pred: (m: LiveServerMessage) => boolean, ms = DEADLINE_MS): Promise<LiveServerMessage> {
    const found = messages.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.off('message', check);
        reject(new Error(`no matching live message within ${ms} ms; got ${JSON.stringify(messages)}`));
      }, ms);
      function check() {
        const m = messages.find(pred);
        if (!m) return;
        clearTimeout(timer);
        ws.off('message', check);
        resolve(m);
      }
      ws.on('message', check);
    });
  }
  const follow = async (topic: string) => {
    ws.send(JSON.stringify({ action: 'subscribe', topic }));
    await next((m) => m.type === 'subscribed' && m.topic === topic);
  };
  /**
   * Resolves once the server has handled every frame this socket sent before: it answers a ping
   * only after the frames ahead of it (ws handles a socket's frames in order). A barrier, not a timer.
   */
  const sync = () =>
    new Promise<void>((resolve) => {
      ws.once('pong', () => resolve());
      ws.ping();
    });
  /** The close code, once the socket closed; fails after a deadline. */
  const closedWithin = (ms = DEADLINE_MS) =>
    Promise.race([
      closed,
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error(`the socket did not close within ${ms} ms`)), ms).unref(),
      ),
    ]);
  /**
   * A text sent on the socket (LiveClientMessage 'send'): answers the server's 'sent' or 'refused'
   * that names its clientId.
   */
  const say = async (fields: Record<string, unknown> & { clientId: string }) => {
    // Only an answer to this sending: the same clientId may have been answered before.
    const after = messages.length;
    ws.send(JSON.stringify({ action: 'send', ...fields }));
    const answer = await next(
      (m) =>
        (m.type === 'sent' || m.type === 'refused') && m.clientId === fields.clientId && messages.indexOf(m) >= after,
    );
    return answer as Extract<LiveServerMessage, { type: 'sent' | 'refused' }>;
  };
  /** Events received of one name (the hub's frames of type 'event'). */
  const events = (name: string) => messages.filter((m) => m.type === 'event' && m.event.name === name);
  return { ws, messages, next, follow, say, sync, closed, closedWithin, events, closeReason: () => reason };
}

export type LiveSocket = Awaited<ReturnType<typeof openLiveSocket>>;
