import { useEffect, useRef } from 'react';
import {
  LIVE_CLOSE,
  LIVE_REPLAY_MAX_MS,
  LIVE_SEND_ANSWER_MS,
  reconnectDelayMs,
  type ChatSendResult,
  type LiveClientMessage,
  type LiveEvent,
  type LiveServerMessage,
} from '@vialex/domain';

type Listener = (event: LiveEvent, topic: string) => void;
/**
 * The socket opened (first time, its missed events replayed), opened with events missed (again
 * after a drop, or first after longer than the server replays: what is on screen must be read
 * again), closed (with its close code; the tab keeps trying), or stopped on purpose (signed out:
 * the tab no longer wants a connection).
 */
export type ConnectionState = 'open' | 'reopened' | 'closed' | 'stopped';
type ConnectionListener = (state: ConnectionState, code?: number) => void;

/**
 * The server closes a socket beyond its per-session limit (many tabs of one session) with
 * LIVE_CLOSE.tooManySockets; it would refuse again until a tab closes, so this tab waits
 * minutes, not seconds, and the wait doubles while refusals continue.
 */
const REFUSED_BACKOFF_MS = 60_000;
const MAX_REFUSED_BACKOFF_MS = 5 * 60_000;
const ALL = '*';

/** A staff text to a case's room, as LiveClientMessage 'send' carries it. */
export type SocketText = Omit<Extract<LiveClientMessage, { action: 'send' }>, 'action'>;

/**
 * The tab's one WebSocket to /api/live. Screens subscribe to topics (ref-counted, so two
 * screens on the same list share one subscription); after a drop it reconnects with
 * exponential backoff and jitter and subscribes again; refused for too many sockets of the
 * session, it waits minutes.
 */
export class LiveChannel {
  private ws: WebSocket | null = null;
  /**
   * Each topic's screens, and when its first one subscribed (it read what the topic keeps fresh
   * about then).
   */
  private readonly topics = new Map<string, { screens: number; since: number }>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private wanted = false;
  /** When the app asked for the channel (its screens read about then): the first socket says so. */
  private wantedAt = 0;
  private attempt = 0;
  private everOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Consecutive 'too many sockets' refusals, and until when reconnectNow must not hurry. */
  private refusals = 0;
  private holdUntil = 0;
  /** Texts sent on the socket waiting for their answer, by clientId: each settles once. */
  private readonly answers = new Map<string, (result: ChatSendResult | undefined) => void>();

  constructor(private readonly url: () => string) {}

  connect(): void {
    if (!this.wanted) this.wantedAt = Date.now();
    this.wanted = true;
    if (this.ws) return;
    this.open();
  }

  disconnect(): void {
    this.wanted = false;
    this.everOpened = false;
    this.attempt = 0;
    this.refusals = 0;
    this.holdUntil = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.dropAnswers();
    this.connectionListeners.forEach((l) => l('stopped'));
  }

  /** Subscribe to a topic until the returned function is called. */
  subscribe(topic: string): () => void {
    const held = this.topics.get(topic);
    if (held) held.screens++;
    else {
      this.topics.set(topic, { screens: 1, since: Date.now() });
      this.send(this.subscription(topic, true));
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const entry = this.topics.get(topic);
      if (entry && --entry.screens > 0) return;
      this.topics.delete(topic);
      this.send({ action: 'unsubscribe', topic });
    };
  }

  /**
   * A chat room's screen got its topic's messages up to `hasta` (and shows them: `leido`): the
   * server moves the member's marks. False when the socket is not open to say so.
   */
  mark(topic: string, hasta: number, leido: boolean): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.send({ action: 'mark', topic, hasta, leido });
    return true;
  }

  /**
   * Sends a staff text on the socket (the server saves it as POST …/mensajes would) and answers
   * what that POST answers; undefined when the socket did not carry it — not open, closed before
   * the answer, no answer within LIVE_SEND_ANSWER_MS, or refused — and the caller sends it by POST,
   * which answers a refusal as every request's is answered (a session lost included).
   */
  sendText(text: SocketText): Promise<ChatSendResult | undefined> {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.answers.has(text.clientId))
      return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined), LIVE_SEND_ANSWER_MS);
      const settle = (result: ChatSendResult | undefined) => {
        clearTimeout(timer);
        this.answers.delete(text.clientId);
        resolve(result);
      };
      this.answers.set(text.clientId, settle);
      this.send({ action: 'send', ...text });
    });
  }

  /** The texts still waiting on a socket that is gone: the caller sends them by POST. */
  private dropAnswers(): void {
    for (const settle of [...this.answers.values()]) settle(undefined);
  }

  /** Listen to events of one topic, or of every topic with '*'. */
  on(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  onConnection(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  private open(): void {
    // The first socket asks the server for what its topics had since the screens read (its own
    // topics by `?since=`, e.g. the driver's case, room and agents; the screens' in their
    // subscriptions). A reopened one, or a first one that took longer than the server replays,
    // is reported 'reopened' instead, and the app reads again all it shows.
    const waited = Math.max(0, Date.now() - this.wantedAt);
    const replay = !this.everOpened && waited <= LIVE_REPLAY_MAX_MS;
    let ws: WebSocket;
    try {
      ws = new WebSocket(replay ? `${this.url()}?since=${waited}` : this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      for (const topic of this.topics.keys()) this.send(this.subscription(topic, replay));
      const state = replay ? 'open' : 'reopened';
      this.everOpened = true;
      this.connectionListeners.forEach((l) => l(state));
    };
    ws.onmessage = (msg) => this.dispatch(msg.data);
    ws.onclose = (event) => {
      if (this.ws !== ws) return; // a socket we already replaced or closed on purpose
      this.ws = null;
      this.dropAnswers();
      this.connectionListeners.forEach((l) => l('closed', event?.code));
      if (this.wanted) this.scheduleReconnect(event?.code === LIVE_CLOSE.tooManySockets);
    };
  }

  private scheduleReconnect(refused = false): void {
    if (this.retryTimer || !this.wanted) return;
    // Jitter keeps a whole office from reconnecting in the same millisecond after a restart.
    const delay = refused
      ? Math.min(MAX_REFUSED_BACKOFF_MS, REFUSED_BACKOFF_MS * 2 ** this.refusals++) * (0.75 + Math.random() * 0.5)
      : reconnectDelayMs(this.attempt);
    this.holdUntil = refused ? Date.now() + delay : 0;
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted && !this.ws) this.open();
    }, delay);
  }

  /** Skip the wait (the browser came back online or the tab became visible). */
  reconnectNow(): void {
    if (!this.wanted || this.ws) return;
    // Refused for too many sockets: coming back online or visible changes nothing.
    if (Date.now() < this.holdUntil) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  /**
   * A subscribe message; with `replay`, it says how long ago the screen read, and the server sends
   * the topic's events since then (a change between the read and the subscription is not lost).
   */
  private subscription(topic: string, replay: boolean): LiveClientMessage {
    const since = replay && this.topics.get(topic)?.since;
    return since
      ? { action: 'subscribe', topic, since: Math.max(0, Date.now() - since) }
      : { action: 'subscribe', topic };
  }

  private send(message: LiveClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private dispatch(data: unknown): void {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(String(data)) as LiveServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') this.refusals = 0; // accepted: the server holds a place for this tab
    if (message.type === 'sent' || message.type === 'refused')
      return this.answers.get(message.clientId)?.(message.type === 'sent' ? message.result : undefined);
    if (message.type !== 'event') return;
    for (const key of [message.topic, ALL]) {
      this.listeners.get(key)?.forEach((l) => l(message.event, message.topic));
    }
  }
}

function liveUrl(): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/api/live`;
}

export const live = new LiveChannel(liveUrl);

/**
 * Keeps a screen subscribed to a topic while it is mounted; `onEvent` (optional) sees its
 * events. Pass null to subscribe to nothing (e.g. while an id is still unknown).
 */
export function useLiveTopic(
  topic: string | null,
  onEvent?: (event: LiveEvent) => void,
  /** Another channel than the staff's (the client's /api/cliente/live). */
  channel: Pick<LiveChannel, 'subscribe' | 'on'> = live,
): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!topic) return;
    const unsubscribe = channel.subscribe(topic);
    const off = channel.on(topic, (event) => handler.current?.(event));
    return () => {
      off();
      unsubscribe();
    };
  }, [topic, channel]);
}
