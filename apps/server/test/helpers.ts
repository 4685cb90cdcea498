/**
 * Test harness: a real server in-process on a real database — PGlite always, and PostgreSQL
 * when TEST_DATABASE_URL is set (each test file gets its own fresh PostgreSQL database). Never a
 * mock. `ApiClient` talks HTTP like the console does: cookies, the CSRF header, JSON bodies.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { ensureReferenceData } from '../src/db/reference-data.js';
import { seedDemo } from '../src/db/seed/demo.js';

export type DbKind = 'pglite' | 'postgres';

/** The databases the suite runs against: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh empty database of `kind`; `drop()` removes it (PostgreSQL) or closes it (PGlite). */
export async function freshDatabaseUrl(kind: DbKind): Promise<{ url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { url: undefined, drop: async () => undefined };
  const base = process.env.TEST_DATABASE_URL!;
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

/** Starts the real server on 127.0.0.1 (random port) against a fresh database, seeded with the demo data. */
export async function startTestServer(kind: DbKind, env: Record<string, string> = {}, opts: { seed?: boolean } = {}): Promise<TestServer> {
  const target = await freshDatabaseUrl(kind);
  const database = await openDatabase({ databaseUrl: target.url });
  await ensureReferenceData(database.db);
  if (opts.seed !== false) await seedDemo(database.db);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', VIGIL_WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, database, logger: false });
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
      await target.drop();
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
  constructor(public readonly baseUrl: string, public lang = 'en') {}

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

  async post<T = Record<string, unknown>>(path: string, body: unknown = {}, opts: { csrf?: string | null; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': this.lang, cookie: this.cookieHeader(), ...opts.headers };
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
