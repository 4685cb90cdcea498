/**
 * Server configuration from the environment (README "Configuration"). Every value has a default
 * so `npm start` works on a fresh machine with the embedded database. Every interval, limit and
 * lifetime is checked at start (a whole number within its bounds); a bad value stops the server
 * with a ConfigError naming each bad variable, its bounds and what was given.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SOCKET_DEAD_AFTER_MS } from '@vigil/contract';

/** Connections of the report exports' PostgreSQL pool unless EXPORT_CONNECTIONS says otherwise. */
export const DEFAULT_EXPORT_CONNECTIONS = 3;
/**
 * PGlite's shared_buffers in MB unless PGLITE_SHARED_BUFFERS_MB says otherwise (PostgreSQL's own
 * default, 128 MB, is taken in the server's memory at start and never given back: issue 20).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

/**
 * Period of the C allocator's trim, ms (MEMORY_TRIM_INTERVAL_MS; lib/memory-trim.ts): a trim with
 * tens of MB to return takes a few ms of the main thread, so every 10 s costs well under 0.1 % of
 * it, and memory V8's compilers freed is back with the system within 10 s.
 */
export const DEFAULT_MEMORY_TRIM_INTERVAL_MS = 10_000;

/**
 * Period of the planner statistics check, ms (ANALYZE_INTERVAL_MS; db/analyze.ts): the check reads
 * each table's size (PGlite) or its count of changed rows (PostgreSQL), about a millisecond, and a
 * table changed by a tenth since its last ANALYZE is analysed again within this time.
 */
export const DEFAULT_ANALYZE_INTERVAL_MS = 5_000;

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

/** True for an IPv4/IPv6 address or CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`). */
export function isAddressOrCidr(v: string): boolean {
  if (v.length > 64) return false;
  const [addr = '', bits, extra] = v.split('/');
  const family = net.isIP(addr);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** A comma-separated list (blanks ignored) whose items all pass `check`; `[]` when unset. */
const list = (check: (item: string) => boolean, error: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((items) => items.every(check), { error });

/** A host name or address as a Host header carries it, without port (`vigil.example.com`, `10.1.2.3`, `[::1]`). */
const isHostName = (v: string) => v.length <= 253 && /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)$/.test(v);

const ZEnv = z.object({
  PORT: bounded(0, 65535, 8080, 'port'),
  HOST: z.string().default('127.0.0.1'),
  VIGIL_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  VIGIL_DEMO: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  /**
   * Reverse proxies whose X-Forwarded-For / -Proto / -Host are believed (addresses or CIDRs,
   * comma-separated). Default none: the client address is the TCP peer's, and forwarded headers
   * are ignored (issue 12 finding 2).
   */
  TRUST_PROXY: list(isAddressOrCidr, 'must be a comma-separated list of IP addresses or CIDR blocks (e.g. 10.0.0.0/8, ::1)'),
  /**
   * Host names links may be built from when PUBLIC_URL is unset (comma-separated, without port);
   * the request's Host is used only when it is one of these, else HOST:PORT. Default: localhost,
   * 127.0.0.1, [::1] and HOST.
   */
  ALLOWED_HOSTS: list(isHostName, 'must be a comma-separated list of host names (e.g. vigil.example.com)'),
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
  /**
   * '1'/'true': every JSON answer is checked against its route's declared response schema (a
   * missing field, a wrong type or an undeclared field answers 500 and is logged). Tests turn it
   * on; production leaves it off (answers are only serialised). plugins/response-serializer.ts.
   */
  RESPONSE_VALIDATION: z.enum(['', 'true', 'false', '1', '0'], { error: 'must be true or false' }).optional(),
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
  /** Latest pings of a running timer's trail that gettimers answers (the console's small map). */
  TIMER_TRAIL_PINGS: bounded(1, 1_000, 50, 'pings'),
  /** PostgreSQL connections for report export cursors, a pool of their own. */
  EXPORT_CONNECTIONS: bounded(1, 50, DEFAULT_EXPORT_CONNECTIONS, 'connections'),
  /** The embedded database's page cache (PostgreSQL shared_buffers), MB; unused on PostgreSQL. */
  PGLITE_SHARED_BUFFERS_MB: bounded(1, 2_048, DEFAULT_PGLITE_SHARED_BUFFERS_MB, 'MB'),
  /** Period of the C allocator's trim (lib/memory-trim.ts), ms; 0 = never (Linux with glibc only). */
  MEMORY_TRIM_INTERVAL_MS: bounded(0, 3_600_000, DEFAULT_MEMORY_TRIM_INTERVAL_MS, 'ms'),
  /** Period of the planner statistics check (db/analyze.ts), ms; 0 = never (PostgreSQL: autovacuum's alone). */
  ANALYZE_INTERVAL_MS: bounded(0, 3_600_000, DEFAULT_ANALYZE_INTERVAL_MS, 'ms'),
  /** smtp(s)://user:pass@host:port for outgoing mail; unset = messages kept in the outbox (demo mailbox). */
  SMTP_URL: z.string().optional(),
  /** From address of outgoing mail. */
  MAIL_FROM: z.string().optional(),
  /** HTTP SMS gateway (POST JSON {to, text, id}, header Idempotency-Key); unset = SMS kept in the outbox. */
  SMS_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  /** ENS delivery worker: period of its look for due e-mail/SMS deliveries, ms. */
  ENS_DELIVERY_INTERVAL_MS: bounded(50, 60_000, 1_000, 'ms'),
  /** ENS delivery worker: deliveries sent at once by one process. */
  ENS_DELIVERY_CONCURRENCY: bounded(1, 64, 4, 'deliveries'),
  /** ENS delivery: attempts of one e-mail or SMS before it is marked failed. */
  ENS_MAX_ATTEMPTS: bounded(1, 100, 8, 'attempts'),
  /** ENS delivery: first retry delay, doubled on each further attempt (at most 30 minutes), ms. */
  ENS_RETRY_BASE_MS: bounded(10, 3_600_000, 5_000, 'ms'),
  /** ENS delivery: how long a worker holds a delivery it is sending before another process may take it over, ms. */
  ENS_LEASE_MS: bounded(1_000, 3_600_000, 60_000, 'ms'),
  /** PEM file of extra certificate authorities trusted for single sign-on provider calls (private CA). */
  SSO_CA_FILE: z.string().optional(),
  /** Base URL of a Nominatim-compatible geocoder (…/search?format=json&q=); unset = no address lookup. */
  GEOCODER_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  /** Bearer token of GET /metrics (Prometheus); unset = no metrics endpoint. */
  METRICS_TOKEN: z.string().optional(),
  /** Sentry or GlitchTip DSN of the server and the console; unset = no error reporting (docs/OPERATIONS.md). */
  SENTRY_DSN: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  /** Environment name sent with error reports (production, staging, …). */
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  /** Longest time a node takes to stop on SIGTERM/SIGINT before it exits anyway, ms. */
  SHUTDOWN_GRACE_MS: bounded(1_000, 600_000, 20_000, 'ms'),
  /** Days of events, check-ins, pings and audit rows kept; unset or 0 = keep everything. */
  RETENTION_DAYS: bounded(0, 36_500, 0, 'days'),
  /** Folder of the monthly CSV archives of trimmed rows; unset = <VIGIL_DATA_DIR>/archive. */
  RETENTION_ARCHIVE_DIR: z.string().optional(),
  /** Folder of the video call recordings (WebM); unset = <VIGIL_DATA_DIR>/recordings. */
  RECORDINGS_DIR: z.string().optional(),
  /** STUN/TURN servers of the call media as JSON (RTCIceServer[], e.g. [{"urls":"stun:stun.example.org:3478"}]); unset = host candidates only (one LAN). */
  ICE_SERVERS: z
    .string()
    .optional()
    .refine((v) => {
      if (!v) return true;
      try {
        const a = JSON.parse(v) as unknown;
        return Array.isArray(a) && a.every((x) => typeof x === 'object' && x !== null && 'urls' in x);
      } catch {
        return false;
      }
    }, 'ICE_SERVERS must be a JSON array of {urls, username?, credential?}'),
  /** Period of the retention job, ms. */
  RETENTION_INTERVAL_MS: bounded(10_000, 86_400_000, 3_600_000, 'ms'),
  /**
   * S3-compatible bucket of the call recordings (issue 15; docs/OPERATIONS.md "Recordings on S3");
   * unset = recordings stay under RECORDINGS_DIR. The other RECORDINGS_S3_* need it.
   */
  RECORDINGS_S3_BUCKET: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
      'must be an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
    ),
  /** Endpoint of an S3-compatible server (MinIO, Garage, Ceph, …); unset = AWS S3 of RECORDINGS_S3_REGION. */
  RECORDINGS_S3_ENDPOINT: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })]).optional(),
  /** Region of the bucket (default us-east-1; most S3-compatible servers accept any). */
  RECORDINGS_S3_REGION: z
    .string()
    .optional()
    .refine((v) => !v || /^[A-Za-z0-9_-]{1,64}$/.test(v), 'must be a region name (letters, digits, - and _)'),
  /** Access key of the bucket; unset (with the secret) = the AWS SDK's default credentials (environment, profile, instance role). */
  RECORDINGS_S3_ACCESS_KEY_ID: z.string().optional(),
  RECORDINGS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` for path-style URLs (http://host/bucket/key), which most self-hosted S3-compatible servers need. */
  RECORDINGS_S3_FORCE_PATH_STYLE: z.enum(['', 'true', 'false', '1', '0'], { error: 'must be true or false' }).optional(),
  /** Wait before a failed upload of a recording is tried again, and period of the look for recordings left to upload, ms. */
  RECORDINGS_S3_RETRY_MS: bounded(500, 3_600_000, 30_000, 'ms'),
});

/** The RECORDINGS_S3_* that only mean something with RECORDINGS_S3_BUCKET. */
const S3_COMPANIONS = [
  'RECORDINGS_S3_ENDPOINT',
  'RECORDINGS_S3_REGION',
  'RECORDINGS_S3_ACCESS_KEY_ID',
  'RECORDINGS_S3_SECRET_ACCESS_KEY',
  'RECORDINGS_S3_FORCE_PATH_STYLE',
] as const;

/** Checks across variables: the S3 settings go together (an access key needs its secret, every one the bucket). */
const ZEnvChecked = ZEnv.superRefine((e, ctx) => {
  if (!e.RECORDINGS_S3_BUCKET) {
    for (const name of S3_COMPANIONS)
      if (e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'needs RECORDINGS_S3_BUCKET (the bucket of the recordings)' });
    return;
  }
  if (!e.RECORDINGS_S3_ACCESS_KEY_ID !== !e.RECORDINGS_S3_SECRET_ACCESS_KEY) {
    const missing = e.RECORDINGS_S3_ACCESS_KEY_ID ? 'RECORDINGS_S3_SECRET_ACCESS_KEY' : 'RECORDINGS_S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set with the other half of the S3 key pair (or neither, for the default credentials)',
    });
  }
});

/** Variables whose value may be shown in an error (no URLs: they may carry passwords or keys). */
const SHOWN = new Set([
  'PORT',
  'SESSION_IDLE_MINUTES',
  'MOBILE_SESSION_DAYS',
  'LOGIN_RATE_MAX',
  'LOGIN_RATE_WINDOW_MS',
  'LOG_LEVEL',
  'RESPONSE_VALIDATION',
  'SOCKET_HEARTBEAT_MS',
  'DISPATCH_INTERVAL_MS',
  'SUPERVISION_INTERVAL_MS',
  'TIMER_CHECK_MS',
  'TIMER_TRAIL_PINGS',
  'EXPORT_CONNECTIONS',
  'PGLITE_SHARED_BUFFERS_MB',
  'MEMORY_TRIM_INTERVAL_MS',
  'ANALYZE_INTERVAL_MS',
  'SHUTDOWN_GRACE_MS',
  'RETENTION_DAYS',
  'RETENTION_INTERVAL_MS',
  'TRUST_PROXY',
  'ALLOWED_HOSTS',
  'ENS_DELIVERY_INTERVAL_MS',
  'ENS_DELIVERY_CONCURRENCY',
  'ENS_MAX_ATTEMPTS',
  'ENS_RETRY_BASE_MS',
  'ENS_LEASE_MS',
  'RECORDINGS_S3_BUCKET',
  'RECORDINGS_S3_REGION',
  'RECORDINGS_S3_FORCE_PATH_STYLE',
  'RECORDINGS_S3_RETRY_MS',
]);

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database folder. */
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  /** RESPONSE_VALIDATION: check every answer against its route's response schema (tests); off by default. */
  responseValidation: boolean;
  publicUrl: string | undefined;
  /** Proxies trusted for forwarded headers (TRUST_PROXY): addresses and CIDRs; empty = none. */
  trustProxy: string[];
  /** Host names (lower case, no port) a request's Host may name for links when PUBLIC_URL is unset (ALLOWED_HOSTS + defaults). */
  allowedHosts: string[];
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
  /** Latest pings per running timer in gettimers' Trail (TIMER_TRAIL_PINGS). */
  timerTrailPings: number;
  /**
   * PostgreSQL connections of the report exports' own pool (EXPORT_CONNECTIONS): more exports at
   * once wait their turn, and API calls (alarms among them) never wait behind an export.
   */
  exportConnections: number;
  /**
   * The embedded database's shared_buffers, MB (PGLITE_SHARED_BUFFERS_MB): pages beyond it are read
   * again from the data folder's files (the operating system's cache), not from disk each time.
   */
  pgliteSharedBuffersMb: number;
  /**
   * How often the server gives the C allocator's free memory back to the system, ms
   * (MEMORY_TRIM_INTERVAL_MS; 0 = never): lib/memory-trim.ts.
   */
  memoryTrimIntervalMs: number;
  /**
   * How often the tables are checked for stale planner statistics, ms (ANALYZE_INTERVAL_MS;
   * 0 = never, which on PostgreSQL leaves them to autovacuum): db/analyze.ts.
   */
  analyzeIntervalMs: number;
  /** Outgoing mail server (SMTP_URL); undefined = keep messages in the outbox table. */
  smtpUrl: string | undefined;
  /** From address of outgoing mail (MAIL_FROM, default "<product> <no-reply@localhost>"). */
  mailFrom: string;
  /** HTTP SMS gateway (SMS_URL); undefined = SMS kept in the outbox table. */
  smsUrl: string | undefined;
  /** ENS delivery worker (ENS_* variables): poll period ms, parallel sends, attempts, first retry delay ms, lease ms. */
  ens: { intervalMs: number; concurrency: number; maxAttempts: number; retryBaseMs: number; leaseMs: number };
  /** Extra CA certificates (PEM path) for single sign-on provider calls. */
  ssoCaFile: string | undefined;
  /** Nominatim-compatible geocoder base URL (GEOCODER_URL); undefined = the address lookup is off. */
  geocoderUrl: string | undefined;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  /** Bearer token required by GET /metrics (METRICS_TOKEN); undefined = the endpoint answers 404. */
  metricsToken: string | undefined;
  /** Error reporting (SENTRY_DSN, SENTRY_ENVIRONMENT); dsn undefined = off. */
  sentry: { dsn: string | undefined; environment: string | undefined };
  /** Longest graceful stop (SHUTDOWN_GRACE_MS), ms. */
  shutdownGraceMs: number;
  /** Days of history kept (RETENTION_DAYS); 0 = keep everything. */
  retentionDays: number;
  /** Absolute folder of the retention job's monthly CSV archives. */
  retentionArchiveDir: string;
  /** Absolute folder of the call recordings. */
  recordingsDir: string;
  /** ICE servers of the call media (empty: host candidates only). */
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** Period of the retention job (RETENTION_INTERVAL_MS), ms. */
  retentionIntervalMs: number;
  /** Recordings on S3-compatible storage (RECORDINGS_S3_*); undefined = they stay under recordingsDir. */
  recordingsS3: RecordingsS3Config | undefined;
}

/** Where and how recordings are uploaded (RECORDINGS_S3_*; modules/calls/recordings-storage.ts). */
export interface RecordingsS3Config {
  bucket: string;
  /** Endpoint URL of an S3-compatible server; undefined = AWS S3. */
  endpoint: string | undefined;
  region: string;
  /** Static key pair; undefined = the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Wait before a failed upload is retried, and period of the look for leftovers, ms. */
  retryMs: number;
}

/**
 * Reads the configuration from `env`.
 * @throws ConfigError listing every bad variable: its name, what it must be and (unless it may
 * hold a secret) the value given.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnvChecked.safeParse(env);
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
    responseValidation: e.RESPONSE_VALIDATION === '1' || e.RESPONSE_VALIDATION === 'true',
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    allowedHosts: [...new Set([...e.ALLOWED_HOSTS, 'localhost', '127.0.0.1', '[::1]', e.HOST].map((h) => h.toLowerCase()))],
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
    timerTrailPings: e.TIMER_TRAIL_PINGS,
    exportConnections: e.EXPORT_CONNECTIONS,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    memoryTrimIntervalMs: e.MEMORY_TRIM_INTERVAL_MS,
    analyzeIntervalMs: e.ANALYZE_INTERVAL_MS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || `${e.PRODUCT_NAME} <no-reply@localhost>`,
    smsUrl: e.SMS_URL || undefined,
    ens: {
      intervalMs: e.ENS_DELIVERY_INTERVAL_MS,
      concurrency: e.ENS_DELIVERY_CONCURRENCY,
      maxAttempts: e.ENS_MAX_ATTEMPTS,
      retryBaseMs: e.ENS_RETRY_BASE_MS,
      leaseMs: e.ENS_LEASE_MS,
    },
    ssoCaFile: e.SSO_CA_FILE || undefined,
    geocoderUrl: e.GEOCODER_URL || undefined,
    secureCookies: (e.PUBLIC_URL ?? '').startsWith('https://'),
    metricsToken: e.METRICS_TOKEN || undefined,
    sentry: { dsn: e.SENTRY_DSN || undefined, environment: e.SENTRY_ENVIRONMENT || undefined },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    retentionDays: e.RETENTION_DAYS,
    retentionArchiveDir: path.resolve(e.RETENTION_ARCHIVE_DIR || path.join(e.VIGIL_DATA_DIR, 'archive')),
    retentionIntervalMs: e.RETENTION_INTERVAL_MS,
    recordingsDir: path.resolve(e.RECORDINGS_DIR || path.join(e.VIGIL_DATA_DIR, 'recordings')),
    iceServers: e.ICE_SERVERS ? (JSON.parse(e.ICE_SERVERS) as Config['iceServers']) : [],
    recordingsS3: e.RECORDINGS_S3_BUCKET
      ? {
          bucket: e.RECORDINGS_S3_BUCKET,
          endpoint: e.RECORDINGS_S3_ENDPOINT || undefined,
          region: e.RECORDINGS_S3_REGION || 'us-east-1',
          credentials:
            e.RECORDINGS_S3_ACCESS_KEY_ID && e.RECORDINGS_S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.RECORDINGS_S3_ACCESS_KEY_ID, secretAccessKey: e.RECORDINGS_S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.RECORDINGS_S3_FORCE_PATH_STYLE === 'true' || e.RECORDINGS_S3_FORCE_PATH_STYLE === '1',
          retryMs: e.RECORDINGS_S3_RETRY_MS,
        }
      : undefined,
  };
}
