import { useSyncExternalStore } from 'react';
import { LIVE_CLOSE, MSG } from '@vialex/domain';
import { live } from './live';

/**
 * Whether this tab can reach the server: the browser says it is online, and the live channel,
 * once it is wanted (signed in), is open. Actions that change something are disabled while it
 * is not, with the reason (useConnection).
 */
export interface Connection {
  online: boolean;
  /** Why actions are disabled (catalogue text), while offline. */
  reason?: string;
}

const ONLINE: Connection = { online: true };
const OFFLINE: Connection = { online: false, reason: MSG.sinConexionAccion };

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
/** The live socket dropped and has not opened again (a refusal for too many tabs is no outage). */
let socketDown = false;
let current: Connection = ONLINE;
const listeners = new Set<() => void>();
const recoveries = new Set<() => void>();

function update(): void {
  const online = browserOnline && !socketDown;
  if (online === current.online) return;
  current = online ? ONLINE : OFFLINE;
  listeners.forEach((l) => l());
  if (online) recoveries.forEach((r) => r());
}

/** The browser's own events and the live channel's state feed the store (once, at import). */
function watch(): void {
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      browserOnline = true;
      update();
    });
    window.addEventListener('offline', () => {
      browserOnline = false;
      update();
    });
  }
  live.onConnection((state, code) => {
    if (state === 'closed') socketDown = code !== LIVE_CLOSE.tooManySockets && code !== LIVE_CLOSE.sessionEnded;
    else socketDown = false;
    update();
  });
}
watch();

export function connectionState(): Connection {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's connection; re-renders when it drops or comes back. */
export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connectionState, connectionState);
}

/** Runs `callback` each time the connection comes back after a drop (lists refresh then). */
export function onConnectionRestored(callback: () => void): () => void {
  recoveries.add(callback);
  return () => recoveries.delete(callback);
}
