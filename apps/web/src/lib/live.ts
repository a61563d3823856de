import { useEffect, useRef } from 'react';
import type { LiveClientMessage, LiveEvent, LiveServerMessage } from '@vialex/domain';

type Listener = (event: LiveEvent, topic: string) => void;
type ConnectionListener = (state: 'open' | 'reopened' | 'closed') => void;

const MAX_BACKOFF_MS = 30_000;
const ALL = '*';

/**
 * The tab's one WebSocket to /api/live. Screens subscribe to topics (ref-counted, so two
 * screens on the same list share one subscription); after a drop it reconnects with
 * exponential backoff and subscribes again.
 */
export class LiveChannel {
  private ws: WebSocket | null = null;
  private readonly topicCounts = new Map<string, number>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private wanted = false;
  private attempt = 0;
  private everOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly url: () => string) {}

  connect(): void {
    this.wanted = true;
    if (this.ws) return;
    this.open();
  }

  disconnect(): void {
    this.wanted = false;
    this.everOpened = false;
    this.attempt = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  /** Subscribe to a topic until the returned function is called. */
  subscribe(topic: string): () => void {
    const n = this.topicCounts.get(topic) ?? 0;
    this.topicCounts.set(topic, n + 1);
    if (n === 0) this.send({ action: 'subscribe', topic });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.topicCounts.get(topic) ?? 1) - 1;
      if (left > 0) {
        this.topicCounts.set(topic, left);
      } else {
        this.topicCounts.delete(topic);
        this.send({ action: 'unsubscribe', topic });
      }
    };
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
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      for (const topic of this.topicCounts.keys()) this.send({ action: 'subscribe', topic });
      const state = this.everOpened ? 'reopened' : 'open';
      this.everOpened = true;
      this.connectionListeners.forEach((l) => l(state));
    };
    ws.onmessage = (msg) => this.dispatch(msg.data);
    ws.onclose = () => {
      if (this.ws !== ws) return; // a socket we already replaced or closed on purpose
      this.ws = null;
      this.connectionListeners.forEach((l) => l('closed'));
      if (this.wanted) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || !this.wanted) return;
    // Jitter keeps a whole office from reconnecting in the same millisecond after a restart.
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted && !this.ws) this.open();
    }, delay);
  }

  /** Skip the wait (the browser came back online or the tab became visible). */
  reconnectNow(): void {
    if (!this.wanted || this.ws) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
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
export function useLiveTopic(topic: string | null, onEvent?: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!topic) return;
    const unsubscribe = live.subscribe(topic);
    const off = live.on(topic, (event) => handler.current?.(event));
    return () => {
      off();
      unsubscribe();
    };
  }, [topic]);
}
