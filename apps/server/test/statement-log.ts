import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { AppContext } from '../src/platform/context.js';
import { deliveriesSettled } from '../src/modules/notifications/service.js';

/**
 * The statements a piece of work sends to the database — each a round trip, which is what a
 * request mostly costs — on PGlite or PostgreSQL. Only those of the work's own asynchronous
 * context are counted (its deliveries after commit too), not a timer's running meanwhile.
 */
const current = new AsyncLocalStorage<string[]>();
/**
 * Marks a PGlite already watched. A property of the client, not a set of clients: a server gets a
 * handle to a pooled client (pglite-pool.ts), a new one each time, which passes it through.
 */
const WATCHED = Symbol('statements watched');
let pgWatched = false;

/** The text of a Parse ('P') or simple Query ('Q') message of PostgreSQL's protocol. */
function statementText(message: Uint8Array): string | undefined {
  const kind = String.fromCharCode(message[0]);
  if (kind !== 'P' && kind !== 'Q') return undefined;
  const body = Buffer.from(message.buffer, message.byteOffset + 5, message.byteLength - 5);
  // Parse: the statement's name, then its text; Query: the text.
  const start = kind === 'P' ? body.indexOf(0) + 1 : 0;
  return body.toString('utf8', start, body.indexOf(0, start));
}

function watch(ctx: AppContext): void {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const marked = client as PGlite & { [WATCHED]?: true };
    if (marked[WATCHED]) return;
    marked[WATCHED] = true;
    // Every query and transaction of PGlite sends its protocol messages through this method.
    const send = client.execProtocolStream.bind(client);
    client.execProtocolStream = (message, options) => {
      const text = current.getStore() && statementText(message);
      if (text) current.getStore()!.push(text);
      return send(message, options);
    };
  } else if (!pgWatched) {
    pgWatched = true;
    const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text: string };
      current.getStore()?.push(typeof config === 'string' ? config : config.text);
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
  }
}

/** Runs `work` and answers the statements it sent, its notices' deliveries included. */
export async function statementsOf(ctx: AppContext, work: () => Promise<unknown>): Promise<string[]> {
  watch(ctx);
  const log: string[] = [];
  await current.run(log, async () => {
    await work();
    await deliveriesSettled();
  });
  return log.map((text) => text.replace(/\s+/g, ' ').trim());
}
