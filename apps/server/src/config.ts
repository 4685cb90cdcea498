/**
 * Server configuration from the environment (README "Configuration"). Every value has a default
 * so `npm start` works on a fresh machine with the embedded database.
 */
import path from 'node:path';
import { z } from 'zod';

/** Connections of the report exports' PostgreSQL pool unless EXPORT_CONNECTIONS says otherwise. */
export const DEFAULT_EXPORT_CONNECTIONS = 3;

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  VIGIL_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  VIGIL_DEMO: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  PRODUCT_NAME: z.string().default('Vigil'),
  /** Folder of the built console (apps/web/dist); not served when missing. */
  VIGIL_WEB_DIST: z.string().optional(),
  /** Session idle lifetime, minutes. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  /** Login attempts allowed per account and IP in LOGIN_RATE_WINDOW_MS. */
  LOGIN_RATE_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  LOG_LEVEL: z.string().default('info'),
  /** Socket heartbeat and session re-check period, ms (dead peers and ended sessions are dropped). */
  SOCKET_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Minimum time between two reads of the event log by a node's dispatcher under load, ms. */
  DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(1_000).default(25),
  /** PostgreSQL connections for report export cursors, a pool of their own. */
  EXPORT_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(DEFAULT_EXPORT_CONNECTIONS),
  /** smtp(s)://user:pass@host:port for outgoing mail; unset = messages kept in the outbox (demo mailbox). */
  SMTP_URL: z.string().optional(),
  /** From address of outgoing mail. */
  MAIL_FROM: z.string().optional(),
  /** PEM file of extra certificate authorities trusted for single sign-on provider calls (private CA). */
  SSO_CA_FILE: z.string().optional(),
  /** Base URL of a Nominatim-compatible geocoder (…/search?format=json&q=); unset = no address lookup. */
  GEOCODER_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database folder. */
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  publicUrl: string | undefined;
  productName: string;
  webDist: string | undefined;
  sessionIdleMs: number;
  loginRateMax: number;
  loginRateWindowMs: number;
  logLevel: string;
  socketHeartbeatMs: number;
  /** Minimum time between two event-log reads under load (DISPATCH_INTERVAL_MS), ms: batches grow instead of writes multiplying. */
  dispatchIntervalMs: number;
  /**
   * PostgreSQL connections of the report exports' own pool (EXPORT_CONNECTIONS): more exports at
   * once wait their turn, and API calls (alarms among them) never wait behind an export.
   */
  exportConnections: number;
  /** Outgoing mail server (SMTP_URL); undefined = keep messages in the outbox table. */
  smtpUrl: string | undefined;
  /** From address of outgoing mail (MAIL_FROM, default "<product> <no-reply@localhost>"). */
  mailFrom: string;
  /** Extra CA certificates (PEM path) for single sign-on provider calls. */
  ssoCaFile: string | undefined;
  /** Nominatim-compatible geocoder base URL (GEOCODER_URL); undefined = the address lookup is off. */
  geocoderUrl: string | undefined;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
}

/** Reads the configuration; throws a readable error naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.VIGIL_DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    demo: e.VIGIL_DEMO === '1' || e.VIGIL_DEMO === 'true',
    publicUrl: e.PUBLIC_URL,
    productName: e.PRODUCT_NAME,
    webDist: e.VIGIL_WEB_DIST,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    loginRateMax: e.LOGIN_RATE_MAX,
    loginRateWindowMs: e.LOGIN_RATE_WINDOW_MS,
    logLevel: e.LOG_LEVEL,
    socketHeartbeatMs: e.SOCKET_HEARTBEAT_MS,
    dispatchIntervalMs: e.DISPATCH_INTERVAL_MS,
    exportConnections: e.EXPORT_CONNECTIONS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || `${e.PRODUCT_NAME} <no-reply@localhost>`,
    ssoCaFile: e.SSO_CA_FILE || undefined,
    geocoderUrl: e.GEOCODER_URL || undefined,
    secureCookies: (e.PUBLIC_URL ?? '').startsWith('https://'),
  };
}
