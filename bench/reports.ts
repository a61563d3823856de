import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { addDays, bogotaDay } from '@vialex/domain';
import { seedSignedInUsers } from './lib/staff.js';
import { load } from './lib/load.js';
import { serverCpuMs, serverRssKb } from './lib/server-process.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { exportReport } from '../apps/server/src/modules/reports/csv.js';

/**
 * Budgets (DESIGN.md "Reports and dashboard at 1,000,000 cases"):
 *  - each report query, the investigator detail, a user's statistics and the dashboard: p95 ≤ 300 ms
 *    over a month's range and ≤ 1 s over a year's;
 *  - Exportar of 100,000 cases: the first bytes within 500 ms, and the server's memory does not
 *    grow with the row count (its live heap during exports of 10,000, 100,000 and 300,000 rows).
 *
 * Data: 1,000,000 cases over three years up to now (≈ 27,000 a month, ≈ 333,000 a year), like the
 * cases list's benchmark seeds them (one INSERT … SELECT generate_series), with what reports read
 * spread as a service would have it: 200 investigators in four areas (one of them none), 4 % of
 * cases without investigator, older cases closed (with their closing time) and archived, recent
 * ones in every open status, 10 % high priority, 70 % with an arrival time.
 *
 * Load model: one coordinator at a time (a report is a person's click, not a stream), each query
 * repeated for SECONDS; the figure is its p95. Quick (CI): 20,000 cases, one second each.
 */
const round = (n: number) => Math.round(n);

async function seedCases(
  databaseUrl: string,
  investigators: string[],
  creators: string[],
  CASES: number,
  days: number,
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const arr = (ids: string[]) => `array[${ids.map((i) => `'${i}'::uuid`).join(',')}]`;
    // Four areas, one of them none ('Sin área').
    await client.query(
      `update usuarios set area = (array['INVESTIGACIÓN', 'PERITAJE', 'JURÍDICA', ''])[1 + (identificacion % 4)]
       where id = any(${arr(investigators)})`,
    );
    const started = Date.now();
    const step = (days * 86_400) / CASES;
    await client.query(`
      insert into casos (caso, estado, archivado, placa, uidciudad, ciudad_siniestro, uidinvestigador, uidcreador,
        prioridad, titulo, solicitud_perito, creado, fecha_cierre, llegada_fecha)
      select g,
        case when old and g % 20 <> 0 then (array['CERRADO', 'Conciliado', 'No conciliado', 'Cancelado'])[1 + g % 4]
             else (array['Recibido', 'Verificado', 'Asignado', 'En atención', 'URI', 'HOSPITAL', 'CHOQUE SIMPLE', 'Solicitando datos'])[1 + g % 8] end,
        old and g % 20 <> 0 and g % 3 = 0,
        'PL' || lpad(g::text, 6, '0'), '11001', 'BOGOTÁ, D.C.',
        case when g % 25 = 0 then null else (${arr(investigators)})[1 + g % ${investigators.length}] end,
        (${arr(creators)})[1 + g % ${creators.length}],
        case when g % 10 = 0 then 'alta' when g % 10 = 1 then 'baja' else 'media' end,
        'Choque simple ' || g,
        g % 20 = 0,
        creado,
        case when old and g % 20 <> 0 then creado + make_interval(hours => 1 + g % 72) end,
        case when g % 10 < 7 then creado + make_interval(mins => 15 + g % 45) end
      from (
        select g, now() - make_interval(secs => (${CASES} - g) * ${step}) as creado,
          now() - make_interval(secs => (${CASES} - g) * ${step}) < now() - interval '30 days' as old
        from generate_series(1, ${CASES}) g
      ) s`);
    await client.query(`update contadores set ultimo_numero = ${CASES} where nombre = 'numero_caso'`);
    // Index-only scans need the visibility map: a fresh bulk load has none until VACUUM.
    await client.query('vacuum analyze casos');
    await client.query('analyze usuarios');
    return Date.now() - started;
  } finally {
    await client.end();
  }
}

/** Reads a download to its end without keeping it: first-byte time, total time, bytes, lines. */
async function download(url: string, cookie: string, onSample?: () => void) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lines = 0;
  const sampler = onSample ? setInterval(onSample, 25) : undefined;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  return { firstByteMs: firstByteMs ?? NaN, totalMs: performance.now() - started, bytes, rows: lines - 1 };
}

/** An export's peak resident memory of the server over its resting level (MB), and its timings. */
async function measuredExport(serverUrl: string, url: string, cookie: string) {
  // Let the previous work's garbage go before the resting level is read.
  await new Promise((r) => setTimeout(r, 1500));
  const before = serverRssKb(serverUrl) ?? 0;
  let peak = before;
  const result = await download(url, cookie, () => {
    peak = Math.max(peak, serverRssKb(serverUrl) ?? 0);
  });
  peak = Math.max(peak, serverRssKb(serverUrl) ?? 0);
  return {
    ...result,
    firstByteMs: Math.round(result.firstByteMs),
    totalMs: Math.round(result.totalMs),
    rssBeforeMb: round(before / 1024),
    rssGrowthMb: Math.round((peak - before) / 102.4) / 10,
  };
}

/** The collector, callable here (the bench runs without --expose-gc). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * The export's own memory: the same export (modules/reports/csv.ts: the cursor, the CSV, the
 * stream) run in this process into a consumer, with the heap's live size read after a full
 * collection every 50 ms — what the export keeps, without the garbage a resident-memory figure
 * also counts.
 */
async function exportHeap(databaseUrl: string, adminId: string, desde: string, hasta: string) {
  const gc = collector();
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    const ctx = { db: database.db, database } as unknown as Parameters<typeof exportReport>[0];
    // The export records itself in the audit trail under the viewer's name.
    const viewer = {
      id: adminId,
      cargo: 'Administrador',
      user: { nombres: 'Administrador', apellidos: 'del banco de pruebas' },
    } as unknown as Parameters<typeof exportReport>[1];
    gc();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const sampler = setInterval(() => {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 50);
    let lines = 0;
    try {
      const { stream } = await exportReport(ctx, viewer, { tipo: 'por_fecha', desde, hasta });
      await pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            for (const b of chunk) if (b === 10) lines++;
            setImmediate(done); // a client that reads as fast as the network gives
          },
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    return { rows: lines - 1, heapGrowthMb: Math.round((peak - base) / 1e5) / 10 };
  } finally {
    await database.close();
  }
}

export async function benchReports(serverUrl: string, databaseUrl: string, quick = false) {
  const CASES = Number(process.env.BENCH_CASES ?? (quick ? 20_000 : 1_000_000));
  const DAYS = 3 * 365;
  // Quick: 0.3 s after 0.1 s of warm-up, enough to run each query (CI's time is short).
  const seconds = quick ? 0.3 : 5;
  const warmupSeconds = quick ? 0.1 : 1;
  const investigators = await seedSignedInUsers(databaseUrl, quick ? 20 : 200, 'Investigador', 'rep');
  const desk = await seedSignedInUsers(databaseUrl, 10, 'Call Center', 'repcc');
  const coord = await seedSignedInUsers(databaseUrl, 1, 'Coordinador Investigador', 'repco');
  const adminUser = await seedSignedInUsers(databaseUrl, 1, 'Administrador', 'repad');
  const seedMs = await seedCases(databaseUrl, investigators.ids, desk.ids, CASES, DAYS);

  const today = bogotaDay(new Date());
  const ranges = {
    month: `desde=${addDays(today, -29)}&hasta=${today}`,
    year: `desde=${addDays(today, -364)}&hasta=${today}`,
  };
  const inv = investigators.ids[3];
  const queries: [string, string, 'month' | 'year' | null][] = [];
  for (const range of ['month', 'year'] as const) {
    const r = ranges[range];
    queries.push(
      [`por_investigador (${range})`, `/api/reportes?tipo=por_investigador&${r}`, range],
      [`por_area (${range})`, `/api/reportes?tipo=por_area&${r}`, range],
      [`por_estado (${range})`, `/api/reportes?tipo=por_estado&${r}`, range],
      [`por_fecha first page (${range})`, `/api/reportes?tipo=por_fecha&${r}`, range],
      [`por_usuario (${range})`, `/api/reportes?tipo=por_usuario&usuario=${inv}&${r}`, range],
      [`por_investigador CERRADO (${range})`, `/api/reportes?tipo=por_investigador&estado=CERRADO&${r}`, range],
      [`investigator detail (${range})`, `/api/reportes/investigadores/${inv}?${r}`, range],
      [`statistics of an investigator (${range})`, `/api/estadisticas/${inv}?${r}`, range],
    );
  }
  queries.push(['dashboard (administrador)', '/api/dashboard', 'month']);
  queries.push(['dashboard (investigador)', '/api/dashboard', 'month']);

  const rows: Record<string, unknown>[] = [];
  let worstMonth = 0;
  let worstYear = 0;
  // The server's CPU per report request (the exports apart).
  let reportCpuMs = 0;
  let requests = 0;
  for (const [name, path, range] of queries) {
    const cookies = name.includes('(investigador)')
      ? [investigators.cookies[3]]
      : name.startsWith('statistics')
        ? coord.cookies
        : adminUser.cookies;
    // Counted after the warm-up, as the load's requests are.
    let cpuBefore: number | undefined;
    const warm = setTimeout(() => (cpuBefore = serverCpuMs(serverUrl)), warmupSeconds * 1000);
    const r = await load({ url: `${serverUrl}${path}`, cookies, connections: 1, seconds, warmupSeconds });
    const cpuAfter = serverCpuMs(serverUrl);
    clearTimeout(warm);
    if (r.errors) throw new Error(`${name}: ${r.errors} errors`);
    if (cpuBefore !== undefined && cpuAfter !== undefined) {
      reportCpuMs += cpuAfter - cpuBefore;
      requests += r.requests;
    }
    rows.push({ query: name, requests: r.requests, p50: r.p50, p95: r.p95, max: r.max });
    if (range === 'month') worstMonth = Math.max(worstMonth, r.p95);
    if (range === 'year') worstYear = Math.max(worstYear, r.p95);
  }
  console.table(rows);

  // Exportar: ≈ 100,000 cases newest first (5,000 on quick) over HTTP — the first bytes' time —
  // beside exports of a tenth and of three times the rows. The server's resident memory is shown,
  // but it counts the garbage the collector has not taken back yet (it rises with any long run
  // and is not given back at once); the budget reads the export's live heap in this process
  // (exportHeap): flat means the 300,000-row export keeps within 4 MB of the 100,000-row one.
  const perDay = CASES / DAYS;
  const EXPORT_ROWS = quick ? 5_000 : 100_000;
  const daysFor = (rows: number) => Math.max(1, Math.ceil(rows / perDay) + 1);
  const fromFor = (rows: number) => addDays(today, -(daysFor(rows) - 1));
  const exportUrl = (rows: number) =>
    `${serverUrl}/api/reportes/exportar?tipo=por_fecha&desde=${fromFor(rows)}&hasta=${today}`;
  const cookie = adminUser.cookies[0];
  await download(exportUrl(EXPORT_ROWS / 10), cookie); // warm-up: code paths, JIT, pool
  const sizes = [
    ['a tenth', EXPORT_ROWS / 10],
    ['budget', EXPORT_ROWS],
    ['three times', EXPORT_ROWS * 3],
  ] as const;
  const exports: Record<string, unknown>[] = [];
  const heap: number[] = [];
  for (const [label, rows] of sizes) {
    const http = await measuredExport(serverUrl, exportUrl(rows), cookie);
    const own = await exportHeap(databaseUrl, adminUser.ids[0], fromFor(rows), today);
    heap.push(own.heapGrowthMb);
    exports.push({ export: label, ...http, 'live heap growth MB': own.heapGrowthMb });
  }
  console.table(exports);
  const big = exports[1] as Awaited<ReturnType<typeof measuredExport>>;
  const heapFlat = heap[2] <= heap[1] + 4 && heap[2] <= 16;
  const exportMet = big.rows >= EXPORT_ROWS && big.firstByteMs <= 500 && heapFlat;

  const met = worstMonth <= 300 && worstYear <= 1000 && exportMet;
  return {
    name: `reports, dashboard and statistics at ${CASES} cases; CSV export of ${big.rows} rows`,
    seedSeconds: Math.round(seedMs / 1000),
    worstMonthP95ms: worstMonth,
    worstYearP95ms: worstYear,
    exportRows: big.rows,
    exportFirstByteMs: round(big.firstByteMs),
    exportTotalMs: round(big.totalMs),
    exportMb: Math.round(big.bytes / 1e5) / 10,
    exportRssGrowthMb: big.rssGrowthMb,
    liveHeapGrowthMb: Object.fromEntries(sizes.map(([, rows], i) => [rows, heap[i]])),
    serverCpuMsPerOp: requests ? Number((reportCpuMs / requests).toPrecision(3)) : null,
    op: 'report',
    figure: `worst p95 ${worstMonth} ms a month, ${worstYear} ms a year; export's first bytes ${round(big.firstByteMs)} ms`,
    budget:
      'p95 ≤ 300 ms (month), ≤ 1 s (year); 100,000-row export: first bytes ≤ 500 ms; the export’s live heap flat with the rows (300,000 within 4 MB of 100,000)',
    met,
    pass: quick || met,
  };
}
