import pg from 'pg';
import type { Cargo } from '@vialex/domain';
import { seedSignedInUsers } from './lib/staff.js';
import { BROWSER_ACCEPT_ENCODING, drive, load } from './lib/load.js';
import { rawPage } from './lib/raw-page.js';
import { databaseCpuMs, serverCpuMs } from './lib/server-process.js';

/**
 * Budget: the case list page (10 rows, any role scope, any filter, names joined) at 1,000,000
 * cases on PostgreSQL, over HTTP with the session check, 10 concurrent clients: p95 ≤ 5 ms.
 *
 * Load model: ten clients, each paging at RATE/10 pages a second on its own even schedule
 * (20 a second each by default: far more than a person paging a list), so p95 is the latency a
 * user sees with nine others busy at once. The same ten clients with no pause between pages
 * (saturation) are reported beside it: that is the server's capacity, and its latency is
 * queueing (ten requests waiting on two cores shared with PostgreSQL and the generator).
 */
const RATE = Number(process.env.BENCH_RATE ?? 200);
// How long each scenario runs saturated (its first second is warm-up, not counted): longer runs
// give a steadier CPU per page for an A/B of two commits.
const SATURATED_SECONDS = Number(process.env.BENCH_SATURATED_SECONDS ?? 3);
// Pages are asked for as a browser asks: each answer is compressed, part of a page's cost.
// BENCH_ACCEPT_ENCODING='' leaves compression out, as the figures before it did (bench/HISTORY.md).
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;

async function seedCases(databaseUrl: string, agents: Record<string, string[]>, CASES: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [cliente],
    } = await client.query(
      `insert into clientes (nombres, apellidos, tipoidentificacion, identificacion, telefono, ciudad, direccion)
       values ('CLIENTE', 'BENCH', 'CC', 1, '3000000000', '11001', 'CALLE 1') returning id`,
    );
    const arr = (ids: string[]) => `array[${ids.map((i) => `'${i}'::uuid`).join(',')}]`;
    const started = Date.now();
    // One statement: every 7th case archived, every 10th closed, a fifth with no lawyer, 5 % with
    // a perito requested, 3 % with a dibujante requested and unfilled.
    await client.query(`
      insert into casos (caso, estado, archivado, placa, uidciudad, ciudad_siniestro, departamento, direccion_siniestro,
        uidcliente, uidcontactcenter, uidinvestigador, uidabogado, uidperito, uiddibujante,
        solicitud_perito, solicitud_dibujante, tipocaso, creado)
      select g,
        case when g % 10 = 0 then 'CERRADO' else 'Verificado' end,
        g % 7 = 0,
        'PL' || lpad(g::text, 6, '0'),
        '11001', 'BOGOTÁ, D.C.', 'BOGOTÁ, D.C.', 'CALLE ' || (g % 200),
        '${cliente.id}',
        (${arr(agents['Call Center'])})[1 + g % ${agents['Call Center'].length}],
        (${arr(agents.Investigador)})[1 + g % ${agents.Investigador.length}],
        case when g % 5 = 0 then null else (${arr(agents.Abogado)})[1 + g % ${agents.Abogado.length}] end,
        case when g % 20 = 0 then (${arr(agents.Perito)})[1 + g % ${agents.Perito.length}] end,
        case when g % 33 = 0 then null when g % 3 = 0 then (${arr(agents.Dibujante)})[1 + g % ${agents.Dibujante.length}] end,
        g % 20 = 0 or g % 41 = 0,
        g % 33 = 0,
        'Choque simple',
        now() - make_interval(secs => ${CASES} - g)
      from generate_series(1, ${CASES}) g`);
    await client.query(`update contadores set ultimo_numero = ${CASES} where nombre = 'numero_caso'`);
    await client.query('analyze');
    return Date.now() - started;
  } finally {
    await client.end();
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function benchCasesList(serverUrl: string, databaseUrl: string, quick = false) {
  // Quick (CI): every scenario on 20,000 cases for under a second, held only to answering every page.
  const CASES = Number(process.env.BENCH_CASES ?? (quick ? 20_000 : 1_000_000));
  // Quick: 0.3 s after 0.1 s of warm-up, enough to run each path (CI's time is short: 15
  // scenarios, each paced and saturated).
  const seconds = quick ? 0.3 : 5;
  const warmupSeconds = quick ? 0.1 : 1;
  const roles = [
    'Administrador',
    'Call Center',
    'Investigador',
    'Abogado',
    'Dibujante',
    'Coordinador Perito',
    'Perito',
  ] as const;
  const agents: Record<string, string[]> = {};
  const cookies: Record<string, string[]> = {};
  for (const [i, cargo] of roles.entries()) {
    const n = ['Investigador', 'Abogado', 'Call Center'].includes(cargo) ? 50 : 10;
    const seeded = await seedSignedInUsers(databaseUrl, n, cargo, `r${i}`);
    agents[cargo] = seeded.ids;
    cookies[cargo] = seeded.cookies;
  }
  const seedMs = await seedCases(databaseUrl, agents, CASES);
  const crit = (c: object) => encodeURIComponent(JSON.stringify([c]));
  // A cursor deep in the list: the keyset continues after case 500,000 without OFFSET.
  const deep = Buffer.from(JSON.stringify([Math.floor(CASES / 2)])).toString('base64url');
  const scenarios: [string, string, string][] = [
    // Not a case list: the session check alone, the floor every page stands on.
    ['(reference) /api/auth/me', 'Administrador', '/api/auth/me'],
    ['Administrador first page', 'Administrador', '/api/casos'],
    ['Administrador deep page', 'Administrador', `/api/casos?cursor=${deep}&dir=next`],
    ['Administrador archived', 'Administrador', '/api/casos/archivados'],
    [
      'Administrador filter caso',
      'Administrador',
      `/api/casos?criteria=${crit({ field: 'caso', op: 'eq', value: String(CASES - 123) })}`,
    ],
    [
      'Administrador filter placa',
      'Administrador',
      `/api/casos?criteria=${crit({ field: 'placa', op: 'eq', value: 'PL400000' })}`,
    ],
    [
      'Administrador placa range',
      'Administrador',
      `/api/casos?criteria=${crit({ field: 'placa', op: 'lt', value: 'PL000500' })}`,
    ],
    [
      'Administrador caso different',
      'Administrador',
      `/api/casos?criteria=${crit({ field: 'caso', op: 'ne', value: String(CASES) })}`,
    ],
    ['Call Center own', 'Call Center', '/api/casos'],
    [
      'Call Center filter placa',
      'Call Center',
      `/api/casos?criteria=${crit({ field: 'placa', op: 'eq', value: 'PL400000' })}`,
    ],
    ['Investigador own', 'Investigador', '/api/casos'],
    ['Abogado own or unassigned', 'Abogado', '/api/casos'],
    ['Dibujante own or requested', 'Dibujante', '/api/casos'],
    ['Coordinador Perito requested', 'Coordinador Perito', '/api/casos'],
    ['Perito own deep', 'Perito', `/api/casos?cursor=${deep}&dir=next`],
  ];
  // BENCH_SCENARIOS=caso,placa: only the scenarios whose name holds one of these (while iterating).
  const only = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim().toLowerCase());
  const chosen = only ? scenarios.filter(([name]) => only.some((o) => name.toLowerCase().includes(o))) : scenarios;
  const results: Record<string, unknown>[] = [];
  let worst = 0;
  let saturatedRps = Infinity;
  let saturatedWorst = 0;
  let worstP50Ratio = 0;
  let worstSaturatedRatio = 0;
  // The server's (and PostgreSQL's) CPU per page while saturated, over every scenario but the reference.
  let pageCpuMs = 0;
  let pageDbCpuMs = 0;
  let pages = 0;
  // The raw round trip runs on as many connections as the load has clients.
  // Held open through the run: a backend that ends takes its CPU time with it (databaseCpuMs).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 0 });
  try {
    for (const [name, cargo, path] of chosen) {
      const url = `${serverUrl}${path}`;
      const reference = name.startsWith('(reference)');
      const paced = await load({ url, cookies: cookies[cargo], seconds, rate: RATE, warmupSeconds, acceptEncoding });
      // The server's CPU over the counted part of the saturated run (after its 1 s warm-up).
      let cpuBefore: number | undefined;
      let dbCpuBefore: number | undefined;
      const warm = setTimeout(() => {
        cpuBefore = serverCpuMs(serverUrl);
        dbCpuBefore = databaseCpuMs();
      }, warmupSeconds * 1000);
      const saturated = await load({
        url,
        cookies: cookies[cargo],
        seconds: quick ? seconds : SATURATED_SECONDS,
        warmupSeconds,
        acceptEncoding,
      });
      const cpuAfter = serverCpuMs(serverUrl);
      const dbCpuAfter = databaseCpuMs();
      clearTimeout(warm);
      if (paced.errors || saturated.errors) throw new Error(`${name}: ${paced.errors + saturated.errors} errors`);
      saturatedWorst = Math.max(saturatedWorst, saturated.p95);
      saturatedRps = Math.min(saturatedRps, saturated.rps);
      const row: Record<string, unknown> = {
        scenario: name,
        p50: paced.p50,
        p95: paced.p95,
        saturatedRps: saturated.rps,
        saturatedP95: saturated.p95,
      };
      // The server's CPU per request while saturated (µs, whole process): steadier than latency
      // when other work shares the machine.
      if (cpuBefore !== undefined && cpuAfter !== undefined && saturated.requests) {
        row['server µs/req'] = Math.round(((cpuAfter - cpuBefore) * 1000) / saturated.requests);
        if (!reference) {
          pageCpuMs += cpuAfter - cpuBefore;
          pages += saturated.requests;
        }
        // PostgreSQL's, where it runs on this machine (its backends from /proc).
        if (dbCpuBefore !== undefined && dbCpuAfter !== undefined) {
          row['PostgreSQL µs/req'] = Math.round(((dbCpuAfter - dbCpuBefore) * 1000) / saturated.requests);
          if (!reference) pageDbCpuMs += dbCpuAfter - dbCpuBefore;
        }
      }
      if (!reference) worst = Math.max(worst, paced.p95);
      // Quick (CI): the raw round trip on the first page only, enough to keep its code path alive.
      if (!reference && (!quick || results.length === 1)) {
        const send = await rawPage(pool, { id: agents[cargo][0], cargo: cargo as Cargo }, path);
        const rawPaced = await drive(send, { seconds, rate: RATE, warmupSeconds });
        const rawSaturated = await drive(send, { seconds: quick ? seconds : 3, warmupSeconds });
        if (rawPaced.errors || rawSaturated.errors) throw new Error(`${name}: raw round trip failed`);
        const p50Ratio = paced.p50 / rawPaced.p50;
        const saturatedRatio = rawSaturated.rps / saturated.rps;
        worstP50Ratio = Math.max(worstP50Ratio, p50Ratio);
        worstSaturatedRatio = Math.max(worstSaturatedRatio, saturatedRatio);
        Object.assign(row, {
          rawP50: rawPaced.p50,
          rawP95: rawPaced.p95,
          'p50 ×raw': round1(p50Ratio),
          rawSaturatedRps: rawSaturated.rps,
          'saturated ×raw': round1(saturatedRatio),
        });
      }
      results.push(row);
    }
  } finally {
    await pool.end();
  }
  console.table(results);
  const databaseCpuMsPerOp = pages && pageDbCpuMs ? Number((pageDbCpuMs / pages).toPrecision(3)) : null;
  return {
    name: `case list at ${CASES} cases, 10 clients at ${RATE} pages/s together`,
    seedSeconds: Math.round(seedMs / 1000),
    worstP95ms: worst,
    saturatedWorstP95ms: saturatedWorst,
    minSaturatedRps: saturatedRps,
    worstP50VsRaw: round1(worstP50Ratio),
    worstSaturatedVsRaw: round1(worstSaturatedRatio),
    serverCpuMsPerOp: pages ? Number((pageCpuMs / pages).toPrecision(3)) : null,
    databaseCpuMsPerOp,
    op: 'page',
    figure: `worst p95 ${worst} ms; p50 ${round1(worstP50Ratio)}×, saturated ${round1(worstSaturatedRatio)}× the raw round trip${databaseCpuMsPerOp === null ? '' : `; PostgreSQL ${databaseCpuMsPerOp} ms of CPU a page`}`,
    budget: 'p95 ≤ 5 ms; p50 and saturated throughput within 3× the raw round trip',
    met: worst <= 5 && worstP50Ratio <= 3 && worstSaturatedRatio <= 3,
    // Errors throw above; quick runs are not held to the budget.
    pass: quick || (worst <= 5 && worstP50Ratio <= 3 && worstSaturatedRatio <= 3),
  };
}
