/**
 * Server configuration from the environment (README "Configuration"). Every value has a default
 * so `npm start` works on a fresh machine with the embedded database. Every interval, limit and
 * lifetime is checked at start (a whole number within its bounds); a bad value stops the server
 * with a ConfigError naming each bad variable, its bounds and what was given.
 */
import path from 'node:path';
import { z } from 'zod';
import { SOCKET_DEAD_AFTER_MS } from '@vigil/contract';

/** Connections of the report exports' PostgreSQL pool unless EXPORT_CONNECTIONS says otherwise. */
export const DEFAULT_EXPORT_CONNECTIONS = 3;

/**
 * Longest allowed SOCKET_HEARTBEAT_MS, ms: the console drops a socket silent for
 * SOCKET_DEAD_AFTER_MS (contract; apps/web/src/realtime/socket-client.ts) and reconnects, so a
 * heartbeat must come at least twice in that time — one late or lost beat must not drop every
 * console. 20 000 with the contract's 40 000.
 */
export const MAX_SOCKET_HEARTBEAT_MS = Math.floor(SOCKET_DEAD_AFTER_MS / 2);

/** The start-up error of a bad configuration: one line per bad variable. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * A whole number from `min` to `max` (inclusive) in `unit`, `fallback` when unset or empty. The
 * message of every failure states the bounds, so the start-up error says what to write.
 */
const bounded = (min: number, max: number, fallback: number, unit: string, whyMax?: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce
      .number({ error })
      .int({ error })
      .min(min, { error })
      .max(max, { error: whyMax ? `${error}: ${whyMax}` : error })
      .default(fallback),
  );
};

const ZEnv = z.object({
  PORT: bounded(0, 65535, 8080, 'port'),
  HOST: z.string().default('127.0.0.1'),
  VIGIL_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  VIGIL_DEMO: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  PRODUCT_NAME: z.string().default('Vigil'),
  /** Folder of the built console (apps/web/dist); not served when missing. */
  VIGIL_WEB_DIST: z.string().optional(),
  /** Session idle lifetime, minutes (up to 30 days). */
  SESSION_IDLE_MINUTES: bounded(1, 43_200, 12 * 60, 'minutes'),
  /** Lifetime of a mobile session (bearer token from /api/mobile/login), days. */
  MOBILE_SESSION_DAYS: bounded(1, 365, 30, 'days'),
  /** Login attempts allowed per account and IP in LOGIN_RATE_WINDOW_MS. */
  LOGIN_RATE_MAX: bounded(1, 1_000_000, 10, 'attempts'),
  LOGIN_RATE_WINDOW_MS: bounded(1_000, 86_400_000, 5 * 60_000, 'ms'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Socket heartbeat and session re-check period, ms (dead peers and ended sessions are dropped). */
  SOCKET_HEARTBEAT_MS: bounded(
    100,
    MAX_SOCKET_HEARTBEAT_MS,
    15_000,
    'ms',
    `the console treats a socket silent for ${SOCKET_DEAD_AFTER_MS} ms as dead and reconnects, so a heartbeat must come at least twice in that time`,
  ),
  /** Minimum time between two reads of the event log by a node's dispatcher under load, ms. */
  DISPATCH_INTERVAL_MS: bounded(0, 1_000, 25, 'ms'),
  /** Period of the opening/closing supervision, ms. */
  SUPERVISION_INTERVAL_MS: bounded(1_000, 600_000, 30_000, 'ms'),
  /** Period of the personal-timer expiry check, ms. */
  TIMER_CHECK_MS: bounded(500, 60_000, 5_000, 'ms'),
  /** PostgreSQL connections for report export cursors, a pool of their own. */
  EXPORT_CONNECTIONS: bounded(1, 50, DEFAULT_EXPORT_CONNECTIONS, 'connections'),
  /** smtp(s)://user:pass@host:port for outgoing mail; unset = messages kept in the outbox (demo mailbox). */
  SMTP_URL: z.string().optional(),
  /** From address of outgoing mail. */
  MAIL_FROM: z.string().optional(),
  /** PEM file of extra certificate authorities trusted for single sign-on provider calls (private CA). */
  SSO_CA_FILE: z.string().optional(),
  /** Base URL of a Nominatim-compatible geocoder (…/search?format=json&q=); unset = no address lookup. */
  GEOCODER_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
});

/** Variables whose value may be shown in an error (no URLs: they may carry passwords or keys). */
const SHOWN = new Set([
  'PORT',
  'SESSION_IDLE_MINUTES',
  'MOBILE_SESSION_DAYS',
  'LOGIN_RATE_MAX',
  'LOGIN_RATE_WINDOW_MS',
  'LOG_LEVEL',
  'SOCKET_HEARTBEAT_MS',
  'DISPATCH_INTERVAL_MS',
  'SUPERVISION_INTERVAL_MS',
  'TIMER_CHECK_MS',
  'EXPORT_CONNECTIONS',
]);

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
  /** Idle lifetime of a web session (SESSION_IDLE_MINUTES), ms; each use slides it. */
  sessionIdleMs: number;
  /** Lifetime of a mobile session (MOBILE_SESSION_DAYS), ms. */
  mobileSessionMs: number;
  loginRateMax: number;
  loginRateWindowMs: number;
  logLevel: string;
  /** Console socket heartbeat and session re-check (SOCKET_HEARTBEAT_MS), ms; at most MAX_SOCKET_HEARTBEAT_MS. */
  socketHeartbeatMs: number;
  /** Minimum time between two event-log reads under load (DISPATCH_INTERVAL_MS), ms: batches grow instead of writes multiplying. */
  dispatchIntervalMs: number;
  /** Period of the opening/closing supervision (SUPERVISION_INTERVAL_MS), ms. */
  supervisionIntervalMs: number;
  /** Period of the personal-timer expiry check (TIMER_CHECK_MS), ms: how late an expired timer's alarm may be raised. */
  timerCheckMs: number;
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

/**
 * Reads the configuration from `env`.
 * @throws ConfigError listing every bad variable: its name, what it must be and (unless it may
 * hold a secret) the value given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const given = SHOWN.has(name) ? ` (got ${JSON.stringify(env[name])})` : '';
        return `${name} ${issue.message}${given}`;
      }),
    );
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
    mobileSessionMs: e.MOBILE_SESSION_DAYS * 24 * 3_600_000,
    loginRateMax: e.LOGIN_RATE_MAX,
    loginRateWindowMs: e.LOGIN_RATE_WINDOW_MS,
    logLevel: e.LOG_LEVEL,
    socketHeartbeatMs: e.SOCKET_HEARTBEAT_MS,
    dispatchIntervalMs: e.DISPATCH_INTERVAL_MS,
    supervisionIntervalMs: e.SUPERVISION_INTERVAL_MS,
    timerCheckMs: e.TIMER_CHECK_MS,
    exportConnections: e.EXPORT_CONNECTIONS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || `${e.PRODUCT_NAME} <no-reply@localhost>`,
    ssoCaFile: e.SSO_CA_FILE || undefined,
    geocoderUrl: e.GEOCODER_URL || undefined,
    secureCookies: (e.PUBLIC_URL ?? '').startsWith('https://'),
  };
}
