import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ChatKind } from '@vialex/domain';
import { onConnectionRestored } from '../../lib/connection';
import { sendDronePhotos, sendFiles, sendText } from './api/chat-api';
import { Outbox, indexedDbStore, memoryStore, type OutboxEntry, type Sender } from './outbox';

/** Each kind of message goes to its own endpoint; the clientId goes with every attempt. */
export const sendOutboxItem: Sender = (item, onProgress, signal) => {
  const files = item.files.map((f) => ({ blob: f.blob, name: f.name }));
  switch (item.kind) {
    case 'texto':
      return sendText(item.caseId, item.tipo, {
        clientId: item.clientId,
        content: item.content,
        replyTo: item.replyTo,
      });
    case 'archivos':
      return sendFiles(
        item.caseId,
        item.tipo,
        { clientId: item.clientId, content: item.content, replyTo: item.replyTo, files },
        { onProgress, signal },
      );
    case 'drone':
      return sendDronePhotos(
        item.caseId,
        { clientId: item.clientId, latitud: item.latitud, longitud: item.longitud, files },
        { onProgress, signal },
      );
  }
};

/** Runs the sends of this browser's tabs one tab at a time (Web Locks), where the browser has them. */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('vialex-chat-outbox', work) as Promise<T>) : work();
}

/** The tab's one outbox (IndexedDB where the browser has it). */
export const chatOutbox = new Outbox({
  store: typeof indexedDB !== 'undefined' ? indexedDbStore() : memoryStore(),
  send: sendOutboxItem,
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  exclusive,
});

// Back online (the browser, or the server reached again): send what waits at once.
onConnectionRestored(() => chatOutbox.wake());
if (typeof window !== 'undefined') window.addEventListener('online', () => chatOutbox.wake());

/** Sends the signed-in user's waiting messages while mounted (and from an earlier visit). */
export function useOutboxRunner(userId: string): void {
  useEffect(() => {
    void chatOutbox.start(userId);
  }, [userId]);
}

/** One message still in the outbox (undefined once sent or discarded). */
export function useOutboxEntry(clientId: string): OutboxEntry | undefined {
  const all = useSyncExternalStore(chatOutbox.subscribe, chatOutbox.entries, chatOutbox.entries);
  return useMemo(() => all.find((i) => i.clientId === clientId), [all, clientId]);
}

/** The messages of one room still in the outbox, in order. */
export function useRoomOutbox(caseId: string, tipo: ChatKind, userId: string): OutboxEntry[] {
  const all = useSyncExternalStore(chatOutbox.subscribe, chatOutbox.entries, chatOutbox.entries);
  return useMemo(
    () => all.filter((i) => i.caseId === caseId && i.tipo === tipo && i.userId === userId),
    [all, caseId, tipo, userId],
  );
}
