import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../db/client.js';
import { topics } from '@vialex/domain';
import { UNIQUE_VIOLATION, pgErrorOf } from '../../platform/db-errors.js';
import { AppError } from '../../platform/errors.js';

/*
 * The catalogues module owns `empresas`, `areas` and `estadoscaso` (the desk's catalogues of
 * spec 3 §2). Each list is live: a write publishes list.changed in its transaction, so the open
 * lists refresh after commit.
 */

/** The live list names of the catalogues (`list:<name>`; the web's query keys start with them). */
export const CATALOGUE_LISTS = { empresas: 'empresas', areas: 'areas', estadoscaso: 'estadoscaso' } as const;
export type CatalogueList = keyof typeof CATALOGUE_LISTS;

export async function catalogueChanged(ctx: AppContext, tx: Executor, list: CatalogueList, id: string) {
  await ctx.hub.publish(tx, topics.list(list), { name: 'list.changed', list, id });
}

/** A duplicate the service's check let through (two saves at once): the index's 409 with the service's own message. */
export async function uniqueOr<T>(duplicate: () => AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgErrorOf(e)?.code === UNIQUE_VIOLATION) throw duplicate();
    throw e;
  }
}
