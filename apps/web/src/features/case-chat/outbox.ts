import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { LABELS, MSG, retryDelayMs, type ChatKind, type ChatSendResult } from '@vialex/domain';
import { isApiError } from '../../lib/api';

/**
 * The phone's outbox for the case chats: every
 * message, file or drone photo is first written to IndexedDB with the id the phone gave it
 * (`clientId`), shown as pending in its room, then sent in the order it was written. A network
 * failure leaves it where it is and the outbox tries again (when the connection comes back, and
 * on a growing timer meanwhile, spread so that phones do not all return at once); a reload finds
 * it still there. Every retry sends the same clientId, which the server treats as an idempotency
 * key: a send whose answer was lost is answered with the same message again, so nothing is lost
 * and nothing arrives twice.
 */

export type OutboxKind = 'texto' | 'archivos' | 'drone';

export interface OutboxFile {
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

/** The quoted message of a reply, as the pending bubble shows it. */
export interface OutboxReply {
  id: string;
  content: string;
  username: string;
  archivos: number;
}

export interface OutboxItem {
  clientId: string;
  /** The order of writing (sends go out in this order). */
  seq: number;
  /** Whose message it is: another user signing in on the same phone sends only their own. */
  userId: string;
  caseId: string;
  tipo: ChatKind;
  kind: OutboxKind;
  content: string;
  replyTo: string | null;
  reply: OutboxReply | null;
  files: OutboxFile[];
  latitud: number | null;
  longitud: number | null;
  /** When it was written (ISO). */
  creado: string;
  /** The server refused it (its message): it is kept, not sent again until retried or discarded. */
  error: string | null;
}

/** Where the outbox keeps its items. */
export interface OutboxStore {
  all(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  delete(clientId: string): Promise<void>;
}

interface OutboxDb extends DBSchema {
  outbox: { key: string; value: OutboxItem; indexes: { seq: number } };
}

export const OUTBOX_DB = 'vialex-chat';

/** The IndexedDB store (blobs included: a photo taken offline survives a reload). */
export function indexedDbStore(name = OUTBOX_DB): OutboxStore {
  let db: Promise<IDBPDatabase<OutboxDb>> | null = null;
  const open = () =>
    (db ??= openDB<OutboxDb>(name, 1, {
      upgrade(d) {
        const store = d.createObjectStore('outbox', { keyPath: 'clientId' });
        store.createIndex('seq', 'seq');
      },
    }));
  return {
    all: async () => (await open()).getAllFromIndex('outbox', 'seq'),
    put: async (item) => {
      await (await open()).put('outbox', item);
    },
    delete: async (clientId) => {
      await (await open()).delete('outbox', clientId);
    },
  };
}

/** A store in memory, where the browser has no IndexedDB (some private modes): kept until the tab closes. */
export function memoryStore(): OutboxStore {
  const items = new Map<string, OutboxItem>();
  return {
    all: async () => [...items.values()].sort((a, b) => a.seq - b.seq),
    put: async (item) => void items.set(item.clientId, item),
    delete: async (clientId) => void items.delete(clientId),
  };
}

/** An item's state on this tab: waiting, or going out (with the upload's progress). */
export interface OutboxEntry extends OutboxItem {
  sending: boolean;
  progress: number | null;
  /** Why the last attempt did not get through (the network, the server busy): it is tried again. */
  failure: string | null;
}

export type Sender = (
  item: OutboxItem,
  onProgress: (percent: number) => void,
  /** Aborted when the user cancels the send (Cancelar envío). */
  signal: AbortSignal,
) => Promise<ChatSendResult>;

export interface OutboxOptions {
  store: OutboxStore;
  send: Sender;
  /** Whether the browser believes it is online (no attempt while it does not). */
  isOnline?: () => boolean;
  /** The wait before the next attempt after the n-th consecutive network failure (ms). */
  retryDelay?: (failures: number) => number;
  /** Runs `work` alone among this browser's tabs (Web Locks), so two tabs don't send together. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}

type Listener = () => void;
type SentListener = (item: OutboxItem, result: ChatSendResult) => void;
type RefusedListener = (item: OutboxItem, message: string) => void;

/** Network trouble or a server that could not answer now: try again later. */
export function isTransient(e: unknown): boolean {
  if (!isApiError(e)) return true;
  // 401: the session ended; the message waits for the user to sign in again.
  return e.status === 0 || e.status === 401 || e.status === 408 || e.status === 429 || e.status >= 500;
}

/** What the store keeps of an entry (not this tab's sending state). */
function storedOf(entry: OutboxEntry): OutboxItem {
  const { sending: _s, progress: _p, failure: _f, ...item } = entry;
  return item;
}

export class Outbox {
  private items: OutboxEntry[] = [];
  private snapshot: readonly OutboxEntry[] = [];
  private loaded: Promise<void> | null = null;
  private userId: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  /** Read the store again before the next round (another tab may have written or sent). */
  private reread = true;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private seq = 0;
  private readonly listeners = new Set<Listener>();
  private readonly sentListeners = new Set<SentListener>();
  private readonly refusedListeners = new Set<RefusedListener>();
  /** Items the store refused to keep (kept in memory only, so a re-read of the store keeps them). */
  private readonly volatile = new Map<string, OutboxItem>();
  /** The send going out now, by clientId: its cancel. */
  private readonly inFlight = new Map<string, AbortController>();

  constructor(private readonly options: OutboxOptions) {}

  /** Loads what an earlier visit left (once). */
  load(): Promise<void> {
    return (this.loaded ??= this.reload());
  }

  private async reload(): Promise<void> {
    // An unreadable store (private mode) holds nothing.
    const stored = await this.options.store.all().catch((): OutboxItem[] => []);
    const current = new Map(this.items.map((i) => [i.clientId, i]));
    const ids = new Set(stored.map((i) => i.clientId));
    for (const [id, item] of this.volatile) if (!ids.has(id)) stored.push(item);
    this.items = stored.map((i) => ({
      ...i,
      sending: current.get(i.clientId)?.sending ?? false,
      progress: current.get(i.clientId)?.progress ?? null,
      failure: current.get(i.clientId)?.failure ?? null,
    }));
    for (const i of this.items) this.seq = Math.max(this.seq, i.seq);
    this.emit();
  }

  /** Whose messages this tab sends (the signed-in user); starts sending theirs. */
  start(userId: string): Promise<void> {
    this.userId = userId;
    this.reread = true;
    return this.load().then(() => this.flush());
  }

  /** Stops sending (signed out); what waits stays stored. */
  stop(): void {
    this.userId = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Writes a message to the outbox (stored before anything is sent) and sends it when it can. */
  async add(item: Omit<OutboxItem, 'seq' | 'error' | 'creado'> & { creado?: string }): Promise<OutboxItem> {
    await this.load();
    const full: OutboxItem = {
      ...item,
      creado: item.creado ?? new Date().toISOString(),
      seq: (this.seq = Math.max(this.seq + 1, Date.now())),
      error: null,
    };
    try {
      await this.options.store.put(full);
    } catch {
      // The store refused (full disk, private mode): the message still goes, kept in memory only.
      this.volatile.set(full.clientId, full);
    }
    this.items = [...this.items, { ...full, sending: false, progress: null, failure: null }];
    this.emit();
    void this.flush();
    return full;
  }

  /** Drops a refused message (the user's choice). */
  async discard(clientId: string): Promise<void> {
    await this.options.store.delete(clientId).catch(() => undefined);
    this.volatile.delete(clientId);
    this.items = this.items.filter((i) => i.clientId !== clientId);
    this.emit();
  }

  /** Tries a refused or cancelled message again (the same clientId). */
  async retry(clientId: string): Promise<void> {
    const item = this.items.find((i) => i.clientId === clientId);
    if (!item) return;
    await this.options.store.put(storedOf({ ...item, error: null })).catch(() => undefined);
    this.update(clientId, { error: null, failure: null });
    return this.flush();
  }

  /**
   * Cancelar envío: stops the upload under way (or keeps a waiting message from going) and holds
   * the message with its files, marked cancelled, until the user sends it again or discards it.
   * A send the server already finished is not undone: its answer simply arrives.
   */
  async cancel(clientId: string): Promise<void> {
    const item = this.items.find((i) => i.clientId === clientId);
    if (!item || item.error) return;
    const error = LABELS.chat.envioCancelado;
    this.update(clientId, { sending: false, progress: null, failure: null, error });
    this.inFlight.get(clientId)?.abort();
    await this.options.store.put(storedOf({ ...item, error })).catch(() => undefined);
    // Its answer came meanwhile (the server had it all): there is nothing left to hold.
    if (!this.items.some((i) => i.clientId === clientId))
      await this.options.store.delete(clientId).catch(() => undefined);
  }

  /**
   * Sends what waits, oldest first, one at a time. A network failure stops the round (order is
   * kept) and schedules the next; a refusal marks that message and goes on with the next.
   */
  flush(): Promise<void> {
    this.again = true;
    if (this.running) return this.running;
    const exclusive = this.options.exclusive ?? ((work) => work());
    const run = async () => {
      for (;;) {
        this.again = false;
        await exclusive(() => this.round()).catch(() => undefined);
        // Asked again during the round (a message written meanwhile): another round. The check
        // and the end happen in one step, so no request falls between them.
        if (!this.again) {
          this.running = null;
          return;
        }
      }
    };
    this.running = run();
    return this.running;
  }

  /** Comes back online: try now, whatever the timer said. */
  wake(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.failures = 0;
    this.reread = true;
    void this.flush();
  }

  private async round(): Promise<void> {
    // Another tab may have sent or added some meanwhile: read the store again (not for a
    // message just written here, which is already held).
    if (this.reread) {
      this.reread = false;
      await this.reload();
    }
    for (const item of this.waiting()) {
      if (!this.userId || (this.options.isOnline && !this.options.isOnline())) return;
      // Cancelled or discarded since the round began: it stays where the user put it.
      if (!this.waiting().some((i) => i.clientId === item.clientId)) continue;
      this.update(item.clientId, { sending: true, progress: null, failure: null });
      const control = new AbortController();
      this.inFlight.set(item.clientId, control);
      try {
        const stored = storedOf(item);
        const result = await this.options.send(
          stored,
          (progress) => {
            if (!control.signal.aborted) this.update(item.clientId, { progress });
          },
          control.signal,
        );
        await this.options.store.delete(item.clientId).catch(() => undefined);
        this.volatile.delete(item.clientId);
        this.failures = 0;
        this.items = this.items.filter((i) => i.clientId !== item.clientId);
        this.sentListeners.forEach((l) => l(stored, result));
        this.emit();
      } catch (e) {
        // Cancelled by the user: already held as such (cancel); the next one goes.
        if (control.signal.aborted) continue;
        if (isTransient(e)) {
          const failure = isApiError(e) ? e.message : MSG.sinConexion;
          this.update(item.clientId, { sending: false, progress: null, failure });
          this.scheduleRetry(e);
          return;
        }
        const message = isApiError(e) ? e.message : MSG.algoSalioMal;
        const stored = storedOf({ ...item, error: message });
        await this.options.store.put(stored).catch(() => undefined);
        this.update(item.clientId, { sending: false, progress: null, error: message });
        this.refusedListeners.forEach((l) => l(stored, message));
      } finally {
        this.inFlight.delete(item.clientId);
      }
    }
  }

  private scheduleRetry(e: unknown): void {
    // A lost session waits for the next sign-in (start), not for a timer.
    if (isApiError(e) && e.status === 401) return;
    if (this.retryTimer || !this.userId) return;
    const delay = (this.options.retryDelay ?? retryDelayMs)(++this.failures);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.reread = true;
      void this.flush();
    }, delay);
  }

  /** This user's messages that wait to be sent, in order. */
  private waiting(): OutboxEntry[] {
    return this.items.filter((i) => i.userId === this.userId && !i.error).sort((a, b) => a.seq - b.seq);
  }

  private update(clientId: string, patch: Partial<OutboxEntry>): void {
    this.items = this.items.map((i) => (i.clientId === clientId ? { ...i, ...patch } : i));
    this.emit();
  }

  private emit(): void {
    this.snapshot = [...this.items].sort((a, b) => a.seq - b.seq);
    this.listeners.forEach((l) => l());
  }

  /** Everything in the outbox, in order (a stable array between changes, for useSyncExternalStore). */
  entries = (): readonly OutboxEntry[] => this.snapshot;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A message went out: the server's answer (the stored message). */
  onSent(listener: SentListener): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  /** The server refused a message (its Spanish message). */
  onRefused(listener: RefusedListener): () => void {
    this.refusedListeners.add(listener);
    return () => this.refusedListeners.delete(listener);
  }
}
