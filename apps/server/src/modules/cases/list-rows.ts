import { caseActionsKey } from '@vialex/domain';
import type { Executor } from '../../db/client.js';
import type { Viewer } from '../../platform/viewer.js';
import { presentCase } from './presenter.js';
import { caseRowsById, listNamesOf, type CaseRow, type ListKey } from './queries.js';

/**
 * The case list's rows as JSON, each case presented once per version. A list is read far more
 * often than its cases change: every live 'casos' event has each open list read again, and most
 * of its rows are as they were. So the page's statement reads each row's id, version and names
 * only (listCaseKeys), and a row's case columns are read (caseRowsById) and decoded when this
 * process has not seen that version of it. Its answer (presentCase's, as JSON) depends on the
 * viewer only through caseActionsKey (the cargo, and the case's slots the viewer holds), so it
 * is kept per key. Per request a row costs a comparison of its version and names and a lookup.
 */
interface KeptRow {
  version: string;
  /** The names as the statement read them (a JSON array): the answers are written again when they change. */
  names: string;
  caso: CaseRow['caso'];
  /** The row's answer by caseActionsKey, as the UTF-8 it is sent as. */
  answers: Map<string, Buffer>;
}

/**
 * Rows kept per database, the least recently stored leaving first. A row with one answer is
 * about 3 KB (its columns, names and answer): under 20 MB when full.
 */
export const MAX_KEPT_ROWS = 5_000;
/** Answers kept per row: one per cargo and held slots seen (in use, a few). */
const MAX_ANSWERS = 16;
const caches = new WeakMap<object, Map<string, KeptRow>>();

// One cache per database handle: the tests' databases are copies holding the same ids and versions.
function cacheOf(db: Executor): Map<string, KeptRow> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

function keep(cache: Map<string, KeptRow>, id: string, row: KeptRow): KeptRow {
  cache.delete(id);
  if (cache.size >= MAX_KEPT_ROWS) cache.delete(cache.keys().next().value!);
  cache.set(id, row);
  return row;
}

/** The row's answer for this viewer, written once per key. */
function answerOf(row: KeptRow, viewer: Pick<Viewer, 'id' | 'cargo'>): Buffer {
  const key = caseActionsKey(viewer, row.caso);
  let answer = row.answers.get(key);
  if (answer === undefined) {
    if (row.answers.size >= MAX_ANSWERS) row.answers.clear();
    const json = JSON.stringify(presentCase({ caso: row.caso, ...listNamesOf(row.names) }, viewer));
    // Its own memory: a small Buffer.from would be a slice of a shared 8 KB slab, kept whole.
    answer = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    answer.write(json);
    row.answers.set(key, answer);
  }
  return answer;
}

/**
 * Each row of a page as its answer's JSON in UTF-8 (presentCase's). A row whose case is gone by
 * the time its columns are read (no case is deleted while listed today) is left out.
 */
export async function listRowsJson(
  db: Executor,
  keys: readonly ListKey[],
  viewer: Pick<Viewer, 'id' | 'cargo'>,
): Promise<Buffer[]> {
  const cache = cacheOf(db);
  const stale = keys.filter((k) => cache.get(k.id)?.version !== k.version);
  if (stale.length) {
    const names = new Map(stale.map((k) => [k.id, k.names]));
    // Read after the page: a row changed in between comes in its newer version.
    for (const { caso, version } of await caseRowsById(
      db,
      stale.map((k) => k.id),
    ))
      keep(cache, caso.id, { version, names: names.get(caso.id)!, caso, answers: new Map() });
  }
  const json: Buffer[] = [];
  for (const k of keys) {
    let row = cache.get(k.id);
    if (!row) continue;
    if (row.names !== k.names) row = keep(cache, k.id, { ...row, names: k.names, answers: new Map() });
    json.push(answerOf(row, viewer));
  }
  return json;
}

const ROWS_OPEN = Buffer.from('{"rows":[');
const COMMA = Buffer.from(',');

/** A page's answer (casePageResponse) in UTF-8, its rows already written. */
export function pageJson(
  rows: readonly Buffer[],
  page: { nextCursor: string | null; prevCursor: string | null },
  permissions: { create: boolean },
): Buffer {
  const parts: Buffer[] = [ROWS_OPEN];
  rows.forEach((row, i) => (i ? parts.push(COMMA, row) : parts.push(row)));
  const { nextCursor, prevCursor } = page;
  parts.push(Buffer.from(`],${JSON.stringify({ nextCursor, prevCursor, permissions }).slice(1)}`));
  return Buffer.concat(parts);
}
