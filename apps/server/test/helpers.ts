/**
 * Test harness: a real server in-process on a real database — PGlite always, and PostgreSQL
 * when TEST_DATABASE_URL is set (each test file gets its own fresh PostgreSQL database). Never a
 * mock. `ApiClient` talks HTTP like the console does: cookies, the CSRF header, JSON bodies.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { SocketEvent, SocketMessage } from '@vigil/contract';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, rows, type Database } from '../src/db/client.js';
import { ensureReferenceData } from '../src/db/reference-data.js';
import { seedDemo } from '../src/db/seed/demo.js';
import type { VigilSnapshots } from './global-setup.js';

export type DbKind = 'pglite' | 'postgres';

/** The databases the suite runs against: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The run's migrated (and seeded) snapshots (test/global-setup.ts); undefined outside vitest's run. */
function snapshots(): VigilSnapshots | undefined {
  try {
    return inject('vigilSnapshots');
  } catch {
    return undefined;
  }
}
const tarballs = new Map<string, Uint8Array>();
/** A PGlite snapshot's bytes, read once per test file. */
function tarball(file: string): Uint8Array {
  let bytes = tarballs.get(file);
  if (!bytes) tarballs.set(file, (bytes = new Uint8Array(fs.readFileSync(file))));
  return bytes;
}

/**
 * A fresh database of `kind`, empty, or (PostgreSQL) a copy of the template database `template`;
 * `drop()` removes it (PostgreSQL) or closes it (PGlite).
 */
export async function freshDatabaseUrl(kind: DbKind, template?: string): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { url: undefined, drop: async () => undefined };
  const base = process.env.TEST_DATABASE_URL!;
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * Starts the real server on 127.0.0.1 (random port) against a fresh database, seeded with the demo
 * data (unless `seed: false`). The database starts from the run's migrated snapshot
 * (test/global-setup.ts) when there is one, which is what migrating and seeding would give.
 */
export async function startTestServer(
  kind: DbKind,
  env: Record<string, string> = {},
  opts: { seed?: boolean; logger?: object } = {},
): Promise<TestServer> {
  const snap = snapshots();
  const which = opts.seed === false ? 'empty' : 'seeded';
  if (kind === 'pglite' && snap) return startServerOn({ loadDataDir: tarball(snap.pglite[which]) }, env, { ...opts, seed: false });
  const template = kind === 'postgres' ? snap?.postgres?.[which] : undefined;
  const target = await freshDatabaseUrl(kind, template);
  const server = await startServerOn({ databaseUrl: target.url }, env, template ? { ...opts, seed: false } : opts);
  const close = server.close;
  return {
    ...server,
    close: async () => {
      await close();
      await target.drop();
    },
  };
}

/**
 * Starts the real server on an existing database (a PostgreSQL URL, or a PGlite folder; neither
 * = a new in-memory PGlite, empty or loaded from `loadDataDir`). `close()` stops the server and
 * closes its connections only.
 */
export async function startServerOn(
  target: { databaseUrl?: string; dataDir?: string; loadDataDir?: Uint8Array },
  env: Record<string, string> = {},
  /** logger: pino options for the server's log (default: none), e.g. a `stream` to read it. */
  opts: { seed?: boolean; logger?: object } = {},
): Promise<TestServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    VIGIL_WEB_DIST: '/nonexistent',
    // Every answer is checked against its route's declared response schema (plugins/response-serializer.ts).
    RESPONSE_VALIDATION: '1',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase({ ...target, exportConnections: config.exportConnections });
  await ensureReferenceData(database.db);
  if (opts.seed !== false) await seedDemo(database.db);
  const app = await buildApp({ config, database, logger: opts.logger ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  json: { success: boolean; body?: T; description?: string; code?: string; field?: string } & Record<string, unknown>;
}

/** An HTTP client with a cookie jar and the CSRF header, as the browser console behaves. */
export class ApiClient {
  private cookies = new Map<string, string>();
  csrf: string | undefined;
  constructor(
    public readonly baseUrl: string,
    public lang = 'en',
  ) {}

  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const token = res.headers.get('x-xsrf-token');
    if (token) this.csrf = token;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetchCsrf() {
    const res = await fetch(`${this.baseUrl}/security/csrf-token`, { headers: { cookie: this.cookieHeader() } });
    this.store(res);
    return res;
  }

  async post<T = Record<string, unknown>>(
    path: string,
    body: unknown = {},
    opts: { csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'accept-language': this.lang,
      cookie: this.cookieHeader(),
      ...opts.headers,
    };
    const csrf = opts.csrf === undefined ? this.csrf : opts.csrf;
    if (csrf) headers['x-xsrf-token'] = csrf;
    const res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    this.store(res);
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : {} };
  }

  /** CSRF token, then client (or admin) login; throws when the login fails. */
  async login(email: string, password = 'Vigil-demo-2026', area: 'client' | 'admin' = 'client') {
    await this.fetchCsrf();
    const res = await this.post(`/api/${area}/login`, { username: email, password, sessiontype: 'WEB' });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.json)}`);
    return res;
  }
}

/** A console socket client (spec §7 Real-time channel) that records every message. */
export class SocketClient {
  messages: SocketMessage[] = [];
  /** Per frame received, in order: the event ids it held (null for a control message). */
  frames: (number | null)[][] = [];
  private ws: WebSocket;
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  closed = false;
  constructor(baseUrl: string) {
    this.ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/_socket');
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => {
      const parsed = JSON.parse(String(data)) as SocketMessage | SocketMessage[];
      // A batch client (init `batch: true`) may get several events in one frame.
      const list = Array.isArray(parsed) ? parsed : [parsed];
      this.frames.push(list.map((m) => ('id' in m ? m.id : null)));
      this.messages.push(...list);
      for (const w of this.waiters.splice(0)) w();
    });
    this.ws.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w();
    });
  }
  /** Opens, sends init and waits for `ready`. */
  static async connect(baseUrl: string, token: string, userId: number, lastEventId?: number, opts: { batch?: boolean } = {}) {
    const c = new SocketClient(baseUrl);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'init', token, userId, lastEventId, ...opts }));
    await c.waitFor((m) => m.type === 'ready' || m.type === 'error');
    return c;
  }
  /** Sends a request message after init (socket-requests.ts, e.g. call-media-offer). */
  send(msg: object) {
    this.ws.send(JSON.stringify(msg));
  }
  /** Event messages (those with an id), in arrival order. */
  get events(): SocketEvent[] {
    return this.messages.filter((m): m is SocketEvent => 'id' in m);
  }
  /** Waits until a message matches, or throws after `timeoutMs`. */
  async waitFor(pred: (m: SocketMessage) => boolean, timeoutMs = 5_000): Promise<SocketMessage> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found;
      if (this.closed) throw new Error('socket closed');
      const left = until - Date.now();
      if (left <= 0) throw new Error(`timed out waiting; got ${JSON.stringify(this.messages.slice(-3))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
  close() {
    this.ws.close();
  }
}

/** Mobile sign-in: the bearer token and the branches the user may act on. */
export async function mobileLogin(baseUrl: string, email: string, password = 'Vigil-demo-2026') {
  const res = await fetch(`${baseUrl}/api/mobile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const json = (await res.json()) as {
    body: {
      Token: string;
      UserId: number;
      LastEventId: number;
      Branches: { BranchOfficeId: number; Latitude: number; Longitude: number; GeofenceRadius: number }[];
    };
  };
  if (res.status !== 200) throw new Error(`mobile login ${email}: ${res.status} ${JSON.stringify(json)}`);
  const token = json.body.Token;
  const call = async <T = Record<string, unknown>>(path: string, body: unknown) => {
    const r = await fetch(`${baseUrl}/api/mobile/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as { success: boolean; body?: T; code?: string; description?: string } };
  };
  return { ...json.body, call };
}

/**
 * A second security office monitoring nothing of the demo, with an operator (role 8) who signs in
 * with the demo password; answers that operator's e-mail. Used by the scope tests of chat and
 * calls: that operator must never see the demo's sessions.
 */
export async function otherOfficeOperator(server: TestServer, label = 'Other'): Promise<string> {
  const db = server.database.db;
  const tag = randomBytes(4).toString('hex');
  const email = `other-operator-${tag}@example.com`;
  const [office] = await rows<{ id: number }>(
    db,
    sql`insert into security_offices (name, code, status_id) values (${`${label} Monitoring ${tag}`}, ${tag.slice(0, 6)}, 1) returning id`,
  );
  const [user] = await rows<{ id: number }>(
    db,
    sql`insert into users (name, surname, email, role_id, status_id, password_hash)
      select ${label}, 'Operator', ${email}, 8, 1, password_hash from users where email = 'operator@example.com' returning id`,
  );
  await db.execute(sql`insert into works_in (user_id, security_office_id) values (${user!.id}, ${office!.id})`);
  return email;
}
