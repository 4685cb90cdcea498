/**
 * Opens the database: real PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in
 * VIGIL_DATA_DIR (ARCHITECTURE.md "One SQL dialect"). Runs the committed migrations on both.
 * PGlite has no cross-process lock, so the embedded mode takes a lock file in the data folder
 * and refuses a second process with DataDirLockedError. PGlite runs on a thread of its own
 * (pglite-thread.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { DEFAULT_EXPORT_CONNECTIONS } from '../config.js';
import { AdvisoryLock } from './advisory-locks.js';
import * as schema from './schema/index.js';
import { PGliteThread, type PGliteTuning } from './pglite-thread.js';

export type Schema = typeof schema;
/** The Drizzle database, the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * Connection(s) reserved for the real-time dispatcher's reads, so delivering events never waits
   * behind request transactions queued on the event-log lock (PostgreSQL); the same `db` on PGlite.
   */
  dispatchDb: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL pool (for LISTEN/NOTIFY and advisory locks); undefined on PGlite. */
  pool?: pg.Pool;
  /**
   * PostgreSQL connections for report export cursors, apart from `pool`: a slow download holds its
   * connection for as long as it reads, and must never leave requests (alarms) waiting for one.
   * Undefined on PGlite, whose exports read page by page.
   */
  exportPool?: pg.Pool;
  /** The embedded database on its own thread (for one-message transactions); undefined on PostgreSQL. */
  pglite?: PGliteThread;
  close(): Promise<void>;
}

/** Thrown when another process holds the embedded data folder. */
export class DataDirLockedError extends Error {
  constructor(public readonly dataDir: string) {
    super(
      `Another Vigil server is already using the embedded database in ${dataDir}. ` +
        'Stop that server first, or set VIGIL_DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** The migrations folder: next to this file in development, copied beside the bundle in a build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`Migrations folder not found near ${here}`);
}

/**
 * A PostgreSQL pool of at most `max` connections. An idle connection dropped by the server
 * (restart, failover, admin) is replaced on next use; without the listener the pool's 'error'
 * event would crash the process.
 *
 * Its sessions run with JIT compilation off (`-c jit=off`; an `options` parameter in `url` wins):
 * PostgreSQL compiles a query whose estimated cost passes jit_above_cost, and on Vigil's queries,
 * which read through indexes, the compiling cost more than it saved (the supervision's branch
 * read of 5,000 branches: 146 ms of JIT for 60 ms of execution).
 */
function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  pool.on('error', (err) => console.error(`vigil: idle database connection lost (${err.message})`));
  return pool;
}

/**
 * Opens PostgreSQL at `url` and migrates it (under an advisory lock), or PGlite in `dataDir`
 * (under a lock file; `dataDir` undefined = in memory, for tests). `exportConnections`: size of the
 * PostgreSQL export pool (default DEFAULT_EXPORT_CONNECTIONS). `onEmbeddedFailure` is called if
 * PGlite's thread stops on its own (every query fails from then on).
 * @throws DataDirLockedError when another process uses `dataDir`.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  exportConnections?: number;
  onEmbeddedFailure?: (err: Error) => void;
  /** PGlite only: its PostgreSQL settings (shared_buffers; config DEFAULT_PGLITE_SHARED_BUFFERS_MB by default). */
  pglite?: PGliteTuning;
  /**
   * In-memory PGlite only: start from this data folder tarball (PGliteThread `dump`) instead of an
   * empty database; migrations then apply only what the tarball lacks. The test suite starts each
   * file's database from one migrated and seeded snapshot this way.
   */
  loadDataDir?: Uint8Array;
  /**
   * Runs once the schema is migrated, still under the migration lock on PostgreSQL: reference data
   * and the demo seed, so nodes started at once on an empty database seed one after the other
   * (the second finds the data present) instead of racing on unique keys.
   */
  prepare?: (db: Db) => Promise<void>;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const pool = newPool(url, 10);
    const db: Db = drizzlePg(pool, { schema });
    try {
      await client.query('select pg_advisory_lock($1)', [AdvisoryLock.Migration]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
      await opts.prepare?.(db);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [AdvisoryLock.Migration]).catch(() => undefined);
      await client.end();
    }
    const dispatchPool = newPool(url, 2);
    const dispatchDb: Db = drizzlePg(dispatchPool, { schema });
    const exportPool = newPool(url, opts.exportConnections ?? DEFAULT_EXPORT_CONNECTIONS);
    const close = async () => {
      await Promise.all([pool.end(), dispatchPool.end(), exportPool.end()]);
    };
    return { db, dispatchDb, kind: 'postgres', pool, exportPool, close };
  }

  let release: (() => Promise<void>) | undefined;
  let client: PGliteThread;
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = await lockDataDir(opts.dataDir);
    client = new PGliteThread(path.join(opts.dataDir, 'pgdata'), opts.onEmbeddedFailure, undefined, opts.pglite);
  } else {
    client = new PGliteThread(undefined, opts.onEmbeddedFailure, opts.loadDataDir, opts.pglite);
  }
  try {
    await client.waitReady;
    // Drizzle's PGlite driver uses query, exec and transaction, which the thread provides.
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    await opts.prepare?.(db);
    // PGlite runs no autovacuum, so nothing else gathers the planner's statistics: without them
    // it plans every table as if nearly empty (the activity report's count took 10× longer on the
    // demo data). Gathered at every start, after migrations and seeding (~0.2 s on the demo data),
    // and again for each table that grows while the server runs (db/analyze.ts).
    await client.exec('analyze');
    return {
      db,
      dispatchDb: db,
      kind: 'pglite',
      pglite: client,
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (err) {
    await client.close().catch(() => undefined);
    await release?.();
    throw err;
  }
}

/** The file next to the lock naming its owner: `<pid> <hostname>`. */
const ownerFile = (dataDir: string) => path.join(dataDir, 'vigil.lock.owner');

/** True when `pid` is a live process on this machine. */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder's lock (proper-lockfile). When it is held, the owner file tells who holds
 * it: a process of this machine that no longer exists (killed with -9) left it, so it is removed
 * and taken at once instead of waiting for the lock's stale time (issue 12 finding 8).
 * @throws DataDirLockedError when a live process (or another machine) holds it.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockfilePath = path.join(dataDir, 'vigil.lock');
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath,
      stale: 15_000,
      update: 5_000,
      retries: 0,
      realpath: false,
      // The lock folder vanished or could not be refreshed: say so loudly, but keep serving.
      onCompromised: (err) => console.error(`vigil: the data folder lock was lost (${err.message})`),
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    let owner: string[] = [];
    try {
      owner = fs.readFileSync(ownerFile(dataDir), 'utf8').trim().split(' ');
    } catch {
      // no owner file: an older server or one still starting; leave the lock alone
    }
    const pid = Number(owner[0]);
    const dead = Number.isInteger(pid) && pid > 0 && owner[1] === os.hostname() && pid !== process.pid && !processAlive(pid);
    if (!dead) throw new DataDirLockedError(dataDir);
    fs.rmSync(lockfilePath, { recursive: true, force: true });
    try {
      release = await take();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw again;
    }
  }
  fs.writeFileSync(ownerFile(dataDir), `${process.pid} ${os.hostname()}\n`);
  return async () => {
    fs.rmSync(ownerFile(dataDir), { force: true });
    await release();
  };
}

/** Rows of a raw query, the same on both drivers. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as { rows: T[] };
  return res.rows;
}

/**
 * Memoises `build(db, key)` per database and key for as long as the database lives: for prepared
 * statements, built once instead of per request. `key` may be left out when there is one variant.
 */
export function oncePerDatabase<T, K = void>(build: (db: Db, key: K) => T): (db: Db, key: K) => T {
  const built = new WeakMap<Db, Map<K, T>>();
  return (db, key) => {
    let byKey = built.get(db);
    if (!byKey) built.set(db, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = build(db, key)));
    return value;
  };
}
