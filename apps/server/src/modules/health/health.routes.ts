/**
 * Health of a node (docs/OPERATIONS.md):
 * - `GET /healthz`: 200 `{status:'ok', database}` once migrations ran and the database answers; 503 otherwise.
 * - `GET /readyz`: 200 `{status:'ready'}` when this node can take traffic: database reachable,
 *   migrations done, not draining; 503 `{status:'draining'|'unavailable'}` otherwise, so a proxy
 *   or load balancer stops sending requests to a node that is stopping.
 * - `GET /metrics`: Prometheus metrics when METRICS_TOKEN is set (metrics.ts).
 * - `GET /errorreporting`: the console's error-reporting settings (ErrorReportingSettings; public,
 *   `dsn` null unless SENTRY_DSN is set).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  ERROR_TRACE_SAMPLE_RATE,
  ErrorReportingResponses,
  HealthzResponses,
  ReadyzResponses,
  RELEASE,
  type ErrorReportingSettings,
} from '@vigil/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the node begins to stop (SIGTERM): /readyz answers 503 from then on (decorated in app.ts). */
    draining: boolean;
  }
}

/** Registers /healthz, /readyz and /errorreporting; each declares its answers (contract health.ts). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { response: HealthzResponses } }, async (_req, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  app.get('/readyz', { schema: { response: ReadyzResponses } }, async (_req, reply) => {
    if (app.draining) return reply.status(503).send({ status: 'draining' });
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  app.get('/errorreporting', { schema: { response: ErrorReportingResponses } }, async (_req, reply): Promise<ErrorReportingSettings> => {
    reply.header('cache-control', 'no-cache');
    return {
      dsn: app.config.sentry.dsn ?? null,
      tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
      release: RELEASE,
      environment: app.config.sentry.environment ?? null,
    };
  });
}
