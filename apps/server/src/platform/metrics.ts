import crypto from 'node:crypto';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { MSG } from '@vialex/domain';
import type { AppContext } from './context.js';
import { AppError, notFound } from './errors.js';

/** The label of a request that matched no route (a 404): never its URL, which may carry anything. */
const UNMATCHED = 'sin_ruta';

/** The seconds a request's or a socket text's time is counted in (the same for both, to compare them). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

/**
 * Metrics in Prometheus' text format at GET /metrics, when METRICS_TOKEN is set (404 otherwise),
 * for a scraper that sends `Authorization: Bearer <token>`. A registry per app, so several
 * instances in one process (the tests) count apart. Labels are route patterns, methods and
 * status classes only — never a URL, an id or a query string.
 */
export function installMetrics(app: FastifyInstance, ctx: AppContext): void {
  const token = ctx.config.metricsToken;
  if (token) {
    const registry = new Registry();
    // The process's own figures (prom-client's defaults): CPU, resident memory, garbage
    // collection and the event loop's delay since the last scrape (min, mean, p50, p90, p99,
    // max) — a stalled loop delays every request and live event of the instance at once.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    const latency = new Histogram({
      name: 'vialex_http_request_duration_seconds',
      help: 'Duración de las solicitudes HTTP por ruta (patrón), método y clase de estado',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      latency.observe(
        {
          route: request.routeOptions?.url ?? UNMATCHED,
          method: request.method,
          status_class: statusClass(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
    // A chat text sent on the live socket has no request: its own histogram, by its answer's class.
    const liveSends = new Histogram({
      name: 'vialex_live_send_duration_seconds',
      help: 'Duración de los textos enviados por el canal en vivo, de la trama a su respuesta, por clase de estado',
      labelNames: ['status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    ctx.observeLiveSend = (seconds, statusCode) =>
      liveSends.observe({ status_class: statusClass(statusCode) }, seconds);
    new Gauge({
      name: 'vialex_live_sockets',
      help: 'Sockets del canal en vivo abiertos en esta instancia',
      registers: [registry],
      collect() {
        this.set(ctx.hub.socketCount);
      },
    });
    new Counter({
      name: 'vialex_live_events_fanned_out_total',
      help: 'Eventos en vivo enviados a sockets de esta instancia',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(ctx.hub.eventsSent);
      },
    });
    // The jobs table is shared by every instance: the same figures from each (scrape one, or max()).
    new Gauge({
      name: 'vialex_jobs',
      help: 'Trabajos en segundo plano por estado (pendiente, en_curso, fallido), de la base de datos',
      labelNames: ['estado'] as const,
      registers: [registry],
      async collect() {
        const counts = { pendiente: 0, en_curso: 0, fallido: 0 };
        const result = await ctx.db.execute<{ estado: keyof typeof counts; n: string | number }>(
          sql`select estado, count(*) as n from trabajos where estado in ('pendiente', 'en_curso', 'fallido') group by estado`,
        );
        for (const row of result.rows) counts[row.estado] = Number(row.n);
        for (const [estado, n] of Object.entries(counts)) this.set({ estado }, n);
      },
    });
    // What a full collection left: the live heap. Resident memory also holds garbage not yet
    // collected and pages the allocator keeps, so it moves by tens of MB with the load; a leak
    // shows here, as a floor that rises with the same work.
    let liveHeap = v8.getHeapStatistics().used_heap_size;
    // Which collection the figure is from: minutes can pass between two full ones, and a reader
    // comparing two moments must know whether the figure changed in between.
    const fullCollections = new Counter({
      name: 'vialex_heap_full_collections_total',
      help: 'Recolecciones completas del montículo de V8 desde el inicio (vialex_heap_live_bytes es de la última)',
      registers: [registry],
    });
    const collections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        if (kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue;
        liveHeap = v8.getHeapStatistics().used_heap_size;
        fullCollections.inc();
      }
    });
    collections.observe({ entryTypes: ['gc'] });
    app.addHook('onClose', async () => collections.disconnect());
    new Gauge({
      name: 'vialex_heap_live_bytes',
      help: 'Montículo de V8 en uso tras la última recolección completa (lo que sigue vivo)',
      registers: [registry],
      collect() {
        this.set(liveHeap);
      },
    });
    const pool = (ctx.db as { $client?: unknown }).$client;
    if (pool instanceof pg.Pool) {
      new Gauge({
        name: 'vialex_db_pool_connections',
        help: 'Conexiones del pool de PostgreSQL: total, inactivas y solicitudes esperando una',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
      new Gauge({
        name: 'vialex_db_pool_max',
        help: 'Tamaño máximo del pool de PostgreSQL (DB_POOL_SIZE)',
        registers: [registry],
        collect() {
          this.set(ctx.config.dbPoolSize);
        },
      });
    }
    // `?name=` answers one metric, without collecting the others: a soak can follow the memory
    // every few seconds without restarting the event-loop figures, which every full scrape does.
    const querystring = z.object({
      name: z
        .string()
        .regex(/^[a-z_]{1,100}$/)
        .optional(),
    });
    app.get<{ Querystring: { name?: string } }>(
      '/metrics',
      { schema: { hide: true, querystring } },
      async (request, reply) => {
        if (!bearerMatches(request, token)) throw new AppError(401, 'METRICS_TOKEN', MSG.metricasNoAutorizado);
        const { name } = request.query;
        if (name !== undefined && !registry.getSingleMetric(name)) throw notFound(MSG.recursoNoEncontrado);
        const text = name === undefined ? await registry.metrics() : await registry.getSingleMetricAsString(name);
        return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
      },
    );
  } else {
    // Off: answered here so the web app's fallback never serves its page at /metrics.
    app.get('/metrics', { schema: { hide: true } }, async (_request: FastifyRequest, _reply: FastifyReply) => {
      throw notFound(MSG.recursoNoEncontrado);
    });
  }
}

/** Compares the bearer token in constant time (over SHA-256 digests, so lengths leak nothing either). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
