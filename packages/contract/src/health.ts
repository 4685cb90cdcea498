/**
 * Answers of the node's health and settings routes (docs/OPERATIONS.md; server
 * modules/health/health.routes.ts). These are not API envelopes: a load balancer or the console
 * reads them as they are.
 */
import { z } from 'zod';

/** GET /healthz 200: migrations ran and the database answers; `database` is the driver in use. */
export const ZHealthOk = z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** GET /readyz 200: this node takes traffic. */
export const ZReadyOk = z.strictObject({ status: z.literal('ready') });
/**
 * GET /healthz and /readyz 503: `unavailable` (the database does not answer) or, /readyz only,
 * `draining` (the node is stopping).
 */
export const ZHealthUnavailable = z.strictObject({ status: z.enum(['unavailable', 'draining']) });

/**
 * GET /errorreporting 200 (public): how the console reports its errors (constants.ts
 * ErrorReportingSettings). `dsn` null = error reporting is off; `tracesSampleRate` a share 0..1.
 */
export const ZErrorReportingSettings = z.strictObject({
  dsn: z.string().nullable(),
  tracesSampleRate: z.number().min(0).max(1),
  release: z.string(),
  environment: z.string().nullable(),
});

/** schema.response of GET /healthz. */
export const HealthzResponses = { 200: ZHealthOk, 503: ZHealthUnavailable } as const;
/** schema.response of GET /readyz. */
export const ReadyzResponses = { 200: ZReadyOk, 503: ZHealthUnavailable } as const;
/** schema.response of GET /errorreporting. */
export const ErrorReportingResponses = { 200: ZErrorReportingSettings } as const;
