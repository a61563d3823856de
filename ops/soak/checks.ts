import pg from 'pg';
import { MSG } from '@vialex/domain';
import type { Seeded } from './seed.js';
import type { Work } from './work.js';

/** What the database holds of the acknowledged writes, checked by queries. */
export interface DbChecks {
  cases: {
    acknowledged: number;
    notAcknowledged: number;
    missing: number;
    /** Acknowledged keys whose stored answer names another case than the one answered. */
    keyMismatch: number;
    created: number;
    keys: number;
    numbers: { first: number; last: number; count: number; distinct: number; gapless: boolean; counter: number };
    creationEntriesMissing: number;
  };
  chat: { acknowledged: number; missing: number; duplicated: number; storedWithoutAnswer: number };
  history: {
    assignAcknowledged: number;
    assignMissing: number;
    statusAcknowledged: number;
    statusMissing: number;
    statusDuplicated: number;
    statusStoredWithoutAnswer: number;
  };
  sms: { acknowledged: number; missing: number };
  exports: { acknowledged: number; missing: number; byState: Record<string, number> };
  locations: { checked: number; mismatched: number };
  lost: number;
}

export async function checkDatabase(databaseUrl: string, s: Seeded, w: Work): Promise<DbChecks> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Cases: every acknowledged one there once, with its key's stored answer; the numbers the
    // counter handed out during the run all present, unique, without gaps.
    const acked = w.cases.filter((c) => c.id);
    const { rows: found } = await db.query<{ id: string; caso: number }>(
      `select id, caso from casos where id = any($1::uuid[])`,
      [acked.map((c) => c.id)],
    );
    const foundIds = new Set(found.map((r) => r.id));
    const { rows: keys } = await db.query<{ clave: string; id: string }>(
      `select clave, respuesta->>'id' as id from idempotencia where clave like $1`,
      [`soak-${w.cases[0]?.key.split('-')[1] ?? 'none'}-%`],
    );
    const keyOf = new Map(keys.map((k) => [k.clave, k.id]));
    const deskIds = s.chat.ids.slice(0, 10);
    const {
      rows: [nums],
    } = await db.query<{ first: number; last: number; count: string; distinct: string }>(
      `select min(caso) as first, max(caso) as last, count(*) as count, count(distinct caso) as distinct
       from casos where caso > $1 and caso < 900000000`,
      [s.counterBefore],
    );
    const {
      rows: [counter],
    } = await db.query<{ n: number }>(`select ultimo_numero as n from contadores where nombre = 'numero_caso'`);
    const {
      rows: [created],
    } = await db.query<{ n: string }>(`select count(*) as n from casos where uidcreador = any($1::uuid[])`, [deskIds]);
    const { rows: creation } = await db.query<{ uidcaso: string; n: string }>(
      `select uidcaso, count(*) as n from trazabilidad where uidcaso = any($1::uuid[]) and descripcion = $2 group by uidcaso`,
      [acked.map((c) => c.id), MSG.creacionCaso],
    );
    const creationOf = new Map(creation.map((r) => [r.uidcaso, Number(r.n)]));
    const count = Number(nums.count);
    const numbers = {
      first: Number(nums.first ?? 0),
      last: Number(nums.last ?? 0),
      count,
      distinct: Number(nums.distinct),
      counter: Number(counter.n),
      gapless:
        count === Number(nums.distinct) &&
        (count === 0 || (Number(nums.first) === s.counterBefore + 1 && Number(nums.last) === Number(counter.n))) &&
        count === Number(counter.n) - s.counterBefore,
    };

    // Chat: every acknowledged clientId stored once; an unanswered one at most once.
    const { rows: msgs } = await db.query<{ client_id: string; n: string }>(
      `select client_id, count(*) as n from mensajes where client_id = any($1::uuid[]) group by client_id`,
      [w.chat.map((m) => m.clientId)],
    );
    const stored = new Map(msgs.map((m) => [m.client_id, Number(m.n)]));
    const chatAcked = w.chat.filter((m) => m.ackAt !== undefined);

    // History: the assignment's entry ('Se asigna Investigador: …') and each status change's note.
    const { rows: entries } = await db.query<{ uidcaso: string; descripcion: string; n: string }>(
      `select uidcaso, descripcion, count(*) as n from trazabilidad where uidcaso = any($1::uuid[])
       group by uidcaso, descripcion`,
      [acked.map((c) => c.id)],
    );
    const entriesOf = new Map<string, { descripcion: string; n: number }[]>();
    for (const e of entries) {
      const list = entriesOf.get(e.uidcaso) ?? [];
      list.push({ descripcion: e.descripcion, n: Number(e.n) });
      entriesOf.set(e.uidcaso, list);
    }
    let assignAcknowledged = 0;
    let assignMissing = 0;
    let statusAcknowledged = 0;
    let statusMissing = 0;
    let statusDuplicated = 0;
    let statusStoredWithoutAnswer = 0;
    for (const c of acked) {
      const list = entriesOf.get(c.id!) ?? [];
      if (c.assigned) {
        assignAcknowledged++;
        const surname = s.investigators.surname[c.investigator];
        if (!list.some((e) => e.descripcion.startsWith('Se asigna Investigador') && e.descripcion.includes(surname)))
          assignMissing++;
      }
      for (const st of c.statuses) {
        const n = list.filter((e) => e.descripcion === st.descripcion).reduce((a, e) => a + e.n, 0);
        if (st.acked) {
          statusAcknowledged++;
          if (n === 0) statusMissing++;
          if (n > 1) statusDuplicated++;
        } else if (n > 0) statusStoredWithoutAnswer++;
      }
    }

    // SMS: an acknowledged send has its row in the outbox table (estado sent).
    const smsAcked = acked.filter((c) => c.sms?.acked);
    const { rows: smsRows } = await db.query<{ uidcaso: string }>(
      `select distinct uidcaso from mensajes_sms where uidcaso = any($1::uuid[])`,
      [smsAcked.map((c) => c.id)],
    );
    const smsFound = new Set(smsRows.map((r) => r.uidcaso));

    // Exports: an acknowledged request has its row; its state at the end is reported.
    const exportIds = acked.flatMap((c) => (c.exportacion?.id ? [c.exportacion.id] : []));
    const { rows: exportRows } = await db.query<{ id: string; estado: string }>(
      `select id, estado from exportaciones where id = any($1::uuid[])`,
      [exportIds],
    );
    const byState: Record<string, number> = {};
    for (const r of exportRows) byState[r.estado] = (byState[r.estado] ?? 0) + 1;

    // Positions: the database holds the last acknowledged one, or one sent after it unanswered.
    const { rows: positions } = await db.query<{ id: string; lat: number; long: number }>(
      `select id, lat, long from usuarios where id = any($1::uuid[])`,
      [s.investigators.ids],
    );
    const posOf = new Map(positions.map((p) => [p.id, p]));
    let checked = 0;
    let mismatched = 0;
    const same = (a: { lat: number; long: number }, b: { lat: number; long: number }) =>
      Math.abs(a.lat - b.lat) < 1e-9 && Math.abs(a.long - b.long) < 1e-9;
    w.locations.forEach((st, k) => {
      if (!st.acked) return;
      checked++;
      const p = posOf.get(s.investigators.ids[k]);
      if (!p || !(same(p, st.acked) || st.unacked.some((u) => same(p, u)))) mismatched++;
    });

    const result: DbChecks = {
      cases: {
        acknowledged: acked.length,
        notAcknowledged: w.cases.length - acked.length,
        missing: acked.filter((c) => !foundIds.has(c.id!)).length,
        keyMismatch: acked.filter((c) => keyOf.get(c.key) !== c.id).length,
        created: Number(created.n),
        keys: keys.length,
        numbers,
        creationEntriesMissing: acked.filter((c) => creationOf.get(c.id!) !== 1).length,
      },
      chat: {
        acknowledged: chatAcked.length,
        missing: chatAcked.filter((m) => stored.get(m.clientId) !== 1).length,
        duplicated: w.chat.filter((m) => (stored.get(m.clientId) ?? 0) > 1).length,
        storedWithoutAnswer: w.chat.filter((m) => m.ackAt === undefined && stored.has(m.clientId)).length,
      },
      history: {
        assignAcknowledged,
        assignMissing,
        statusAcknowledged,
        statusMissing,
        statusDuplicated,
        statusStoredWithoutAnswer,
      },
      sms: { acknowledged: smsAcked.length, missing: smsAcked.filter((c) => !smsFound.has(c.id!)).length },
      exports: {
        acknowledged: exportIds.length,
        missing: exportIds.length - exportRows.length,
        byState,
      },
      locations: { checked, mismatched },
      lost: 0,
    };
    const r = result;
    r.lost =
      r.cases.missing +
      r.cases.keyMismatch +
      (r.cases.numbers.gapless ? 0 : 1) +
      (r.cases.created === r.cases.keys ? 0 : Math.abs(r.cases.created - r.cases.keys)) +
      r.cases.creationEntriesMissing +
      r.chat.missing +
      r.chat.duplicated +
      r.history.assignMissing +
      r.history.statusMissing +
      r.history.statusDuplicated +
      r.sms.missing +
      r.exports.missing +
      r.locations.mismatched;
    return result;
  } finally {
    await db.end();
  }
}

/** Room screens and followed positions still counted, and how long the soak waited for them to go. */
export interface PresenceLeft {
  roomScreens: number;
  followedPositions: number;
  waitedMs: number;
}

/**
 * Once every soak socket is closed, nothing may stay counted as present: the live instances give
 * back their sockets' rooms and maps as each closes, and the instance killed mid-run (whose
 * sockets closed no handler) is swept when its heartbeat expires (INSTANCE_EXPIRY_MS, 30 s). Looks
 * until none is left or `timeoutMs` passes (a poll of a condition, not a fixed wait).
 */
export async function presenceLeft(databaseUrl: string, timeoutMs: number): Promise<PresenceLeft> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  try {
    for (;;) {
      const {
        rows: [left],
      } = await db.query<{ rooms: number; maps: number }>(
        `select (select coalesce(sum(conexiones), 0)::int from chat_usuarios) as rooms,
                (select coalesce(sum(mapas), 0)::int from ubicaciones_vigiladas) as maps`,
      );
      const waitedMs = Date.now() - started;
      if ((left.rooms === 0 && left.maps === 0) || waitedMs >= timeoutMs)
        return { roomScreens: left.rooms, followedPositions: left.maps, waitedMs };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await db.end();
  }
}
