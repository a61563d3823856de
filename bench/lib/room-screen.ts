/** An answer as a screen needs it: its status and body text (decompressed). */
export interface ScreenAnswer {
  status: number;
  text: string;
}

/** How a screen asks the server: a GET of `path`, or a POST of `json` to it, with its member's cookie. */
export type ScreenRequest = (method: 'GET' | 'POST', path: string, json?: unknown) => Promise<ScreenAnswer>;

interface RoomPage {
  sala: { ultimo: number; noLeidos: number };
  mensajes: { indexId: number }[];
}

/** Sends a room screen's mark over its socket (received and read up to `hasta`); false with no open socket. */
export type SocketMark = (hasta: number) => boolean;

/**
 * A member's chat room on screen, as the web's room keeps it (use-chat-room.tsx): a message its
 * event carries, next after the one held, shows at once and is marked received and read over the
 * socket; otherwise (a message the event does not carry, one missed before it, a read out) one
 * catch-up read at a time (`?despues=` the last message held, marking the room read with
 * `leido=1`), and once more when a message came in meanwhile; a read whose answer still counts
 * something unread marks it read with a request of its own (useMarkRead). The sender's own message
 * is held from its send's answer. A read refused or failed is counted and left: the next event,
 * or a reconnection's catch-up, reads again.
 */
export class RoomScreen {
  /** The newest message on screen. */
  held = 0;
  reads = 0;
  marksRead = 0;
  /** Messages shown from their event, marked over the socket. */
  socketMarks = 0;
  failures = 0;
  /** When each message first showed on this screen, by indexId (the run's clock). */
  readonly shown = new Map<number, number>();
  private wanted = 0;
  /** A read is due whatever the events said (the live channel came back). */
  private catchUp = false;
  private reading = false;
  private stopped = false;

  constructor(
    /** The room's path: `/api/casos/:id/chats/general`. */
    private readonly path: string,
    private readonly ask: ScreenRequest,
    private readonly clock: () => number,
  ) {}

  /** The member's own message, answered to its send: on screen without a read. */
  hold(indexId: number) {
    // An earlier message not read yet is still read: the held mark stays below it.
    if (this.held === indexId - 1) this.held = indexId;
  }

  /** A message's event; `mark` when the event carries the message. */
  arrived(indexId: number, mark?: SocketMark): Promise<void> {
    this.wanted = Math.max(this.wanted, indexId);
    if (mark && !this.reading && !this.stopped && indexId === this.held + 1 && mark(indexId)) {
      this.held = indexId;
      this.socketMarks++;
      if (!this.shown.has(indexId)) this.shown.set(indexId, this.clock());
      return Promise.resolve();
    }
    return this.read();
  }

  /** The live channel came back: read what was said meanwhile (whatever it was). */
  reconnected(): Promise<void> {
    this.catchUp = true;
    return this.read();
  }

  /** No more reads (a read still out when the run ends counts for nothing). */
  stop() {
    this.stopped = true;
  }

  private async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      while ((this.held < this.wanted || this.catchUp) && !this.stopped) {
        this.catchUp = false;
        this.reads++;
        const res = await this.ask('GET', `${this.path}?despues=${this.held}&limite=100&leido=1`);
        if (res.status !== 200) return this.failed();
        const page = JSON.parse(res.text) as RoomPage;
        const now = this.clock();
        for (const m of page.mensajes)
          if (m.indexId > this.held && !this.shown.has(m.indexId)) this.shown.set(m.indexId, now);
        const before = this.held;
        this.held = Math.max(this.held, page.sala.ultimo);
        if (page.sala.noLeidos > 0) {
          this.marksRead++;
          const marked = await this.ask('POST', `${this.path}/leidos`, { hasta: page.sala.ultimo });
          if (marked.status < 200 || marked.status >= 300) return this.failed();
        }
        // Nothing newer than what it held: the next event reads again, rather than this loop.
        if (this.held === before) return;
      }
    } catch {
      this.failed();
    } finally {
      this.reading = false;
    }
  }

  private failed() {
    if (!this.stopped) this.failures++;
  }
}

/** What a set of screens did, added up. */
export function screenTotals(screens: readonly (RoomScreen | undefined)[]) {
  const totals = { reads: 0, marksRead: 0, socketMarks: 0, failures: 0 };
  for (const x of screens) {
    if (!x) continue;
    totals.reads += x.reads;
    totals.marksRead += x.marksRead;
    totals.socketMarks += x.socketMarks;
    totals.failures += x.failures;
  }
  return totals;
}
