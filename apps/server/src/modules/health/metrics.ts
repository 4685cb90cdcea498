/**
 * Prometheus metrics of a node (`GET /metrics`, docs/OPERATIONS.md "Metrics"): off unless
 * METRICS_TOKEN is set, then the token is required as `Authorization: Bearer <token>` (401
 * otherwise; 404 when off, so an unconfigured node reveals nothing).
 *
 * Series (prom-client's default process metrics are included: memory, CPU, event-loop lag):
 * - `vigil_http_requests_total{method,route,status}` and `vigil_http_request_duration_seconds`
 *   (histogram) by route pattern, never by raw URL (ids would explode the series);
 * - `vigil_open_sockets`: console and mobile sockets this node serves;
 * - `vigil_event_log_lag_seconds` (histogram): commit of an event → offered to this node's sockets;
 * - `vigil_alarms_unacknowledged`: alarms of the last 30 days no console has acknowledged (test alarms excluded);
 * - `vigil_db_pool_connections{state}`: PostgreSQL pool total / idle / waiting (absent on PGlite);
 * - `vigil_job_queue_depth`: durable jobs not yet done (ENS e-mail and SMS deliveries queued or being sent);
 * - `vigil_pglite_memory_bytes{part}`: the embedded database's thread (absent on PostgreSQL): `wasm`
 *   (PostgreSQL's wasm memory; it only grows), `heap_used`, `heap_total`, `external` (its V8 heap;
 *   the default `vigil_nodejs_heap_*` series are the main thread's only).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rows } from '../../db/client.js';

/** Constant-time comparison of the presented bearer token with METRICS_TOKEN. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Registers the collectors and `GET /metrics` on `app` when METRICS_TOKEN is set; a no-op otherwise. */
export function registerMetrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vigil_' });

  const requests = new Counter({
    name: 'vigil_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'vigil_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'vigil_open_sockets',
    help: 'Console and mobile sockets served by this node',
    registers: [registry],
    collect() {
      this.set(app.dispatcher.sinkCount);
    },
  });

  const lag = new Histogram({
    name: 'vigil_event_log_lag_seconds',
    help: 'Time from an event commit to its offer to the sockets of this node',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.dispatcher.observeBatches((createdAt) => {
    const now = Date.now();
    for (const at of createdAt) lag.observe(Math.max(0, now - new Date(at).getTime()) / 1000);
  });

  new Gauge({
    name: 'vigil_alarms_unacknowledged',
    help: 'Alarms of the last 30 days that no console has acknowledged (test alarms excluded)',
    registers: [registry],
    async collect() {
      const [r] = await rows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from events e
            left join alarm_acknowledgements ack on ack.event_id = e.id
            where (e.notification_type in (2, 10, 11, 12, 15) or e.security_alert)
              and not e.is_test_notification and ack.event_id is null
              and e.created_at > now() - interval '30 days'`,
      );
      this.set(r?.n ?? 0);
    },
  });

  const pool = app.database.pool;
  if (pool) {
    new Gauge({
      name: 'vigil_db_pool_connections',
      help: 'PostgreSQL pool connections of this node by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const pglite = app.database.pglite;
  if (pglite) {
    new Gauge({
      name: 'vigil_pglite_memory_bytes',
      help: "The embedded database thread's memory: wasm (PostgreSQL, only grows), heap_used, heap_total, external (its V8 heap)",
      labelNames: ['part'] as const,
      registers: [registry],
      async collect() {
        const m = await pglite.memory();
        this.set({ part: 'wasm' }, m.wasmBytes);
        this.set({ part: 'heap_used' }, m.heapUsedBytes);
        this.set({ part: 'heap_total' }, m.heapTotalBytes);
        this.set({ part: 'external' }, m.externalBytes);
      },
    });
  }

  new Gauge({
    name: 'vigil_job_queue_depth',
    help: 'Durable jobs not yet done: ENS e-mail and SMS deliveries queued or being sent',
    registers: [registry],
    async collect() {
      const [r] = await rows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from ens_deliveries where channel <> 'app' and status in ('queued', 'sending')`,
      );
      this.set(r?.n ?? 0);
    },
  });

  // Prometheus text, not JSON: no response schema.
  app.get('/metrics', async (req, reply) => {
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'metrics token required' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
