/**
 * The embedded database (PGlite) on a thread of its own (pglite-worker.mjs), behind the part of
 * PGlite's interface that Drizzle's PGlite driver and the event log use: `query`, `exec`,
 * `transaction`, `close`, `waitReady`.
 *
 * Why: PGlite runs PostgreSQL in wasm on the thread that calls it. On the server's thread every
 * query's execution and result parsing competed with HTTP and the real-time fan-out, so at 1,000
 * consoles the one thread was saturated and event delivery queued behind queries (issue "Live
 * branch monitoring", bench/latency). Here the server's thread only posts requests and receives
 * results; the two threads use both cores.
 *
 * Semantics are PGlite's: one connection; a transaction holds it, so a query outside the
 * transaction waits until it ends (as on PGlite itself, do not await `db` inside a transaction).
 * Errors keep PostgreSQL's fields (`code`, `constraint`, `detail`…). Parsers must keep the text as
 * it is (Drizzle's are); they are applied on the database thread by type id.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../config.js';

type Request =
  | { op: 'query'; sql: string; params?: unknown[]; rawTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; rawTypes?: number[]; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'memory' }
  | { op: 'close' };

/** PostgreSQL settings of the embedded database (its start parameters). */
export interface PGliteTuning {
  /** shared_buffers, MB (config DEFAULT_PGLITE_SHARED_BUFFERS_MB when left out). */
  sharedBuffersMb?: number;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** The worker script: beside this file in development, beside the bundle in a build. */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'pglite-worker.mjs'), path.join(here, 'db', 'pglite-worker.mjs')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`pglite-worker.mjs not found near ${here}`);
}

/** An error from the database thread, with PostgreSQL's fields restored. */
function revive(fields: Record<string, unknown> & { message: string }): Error {
  const err = new Error(fields.message);
  Object.assign(err, fields);
  return err;
}

/**
 * The type ids whose parser `options` asks for, provided each keeps the text as it is; other
 * parsers, serializers and blobs cannot cross the thread.
 * @throws Error for an option the thread cannot honour.
 */
function rawTypes(options?: QueryOptions): number[] | undefined {
  if (!options) return undefined;
  if (options.serializers || options.blob || options.onNotice || options.paramTypes)
    throw new Error('PGliteThread: only rowMode and text-keeping parsers are supported');
  if (!options.parsers) return undefined;
  // Drizzle passes the same parsers object with every query of a statement: checked once.
  let types = checkedParsers.get(options.parsers);
  if (!types) {
    types = Object.entries(options.parsers).map(([type, parse]) => {
      if (parse('2026-03-29 02:30:00', Number(type)) !== '2026-03-29 02:30:00')
        throw new Error(`PGliteThread: the parser for type ${type} changes the text`);
      return Number(type);
    });
    checkedParsers.set(options.parsers, types);
  }
  return types;
}
const checkedParsers = new WeakMap<object, number[]>();

/**
 * Rows as objects keyed by column name, as PGlite's `rowMode: 'object'` builds them
 * (Object.fromEntries: a repeated name keeps its first place and its last value).
 */
function rowObjects(rows: unknown[][], fields: { name: string }[]): Record<string, unknown>[] {
  const names = fields.map((f) => f.name);
  // An assignment to `__proto__` would set the prototype instead of a property.
  if (names.includes('__proto__')) return rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) object[names[i]!] = row[i];
    out[r] = object;
  }
  return out;
}

/**
 * Young generation of the database thread's V8 heap, MB (issue 20, PGlite server RSS ≤ 350 MB). The
 * thread only passes statements and their results between the server and PGlite's wasm memory: its
 * short-lived objects need little room, and V8's default young generation (up to 32 MB a semi
 * space) stayed resident. With 4 MB, bench/throughput.ts on the demo data (three runs each way,
 * figures noisy): RSS at rest 336–364 → 325–344 MB, peak under load 390–416 → 359–379 MB, with no
 * measurable change in requests per second or latency.
 */
export const PGLITE_THREAD_YOUNG_GENERATION_MB = 4;

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;
  private nextTx = 1;
  private stopped: Error | undefined;
  /** Resolves when the database is open (rejects with its error otherwise). */
  readonly waitReady: Promise<void>;
  closed = false;

  /**
   * `dataDir`: the PGlite data folder; undefined = in memory. `onFailure`: called once if the
   * thread stops without `close` (a crash: every waiting and later call rejects with `err`).
   * `loadDataDir`: in memory only, start from this data folder tarball (`dump`'s format).
   * `tuning`: PostgreSQL settings (shared_buffers).
   */
  constructor(
    dataDir?: string,
    private readonly onFailure?: (err: Error) => void,
    loadDataDir?: Uint8Array,
    tuning: PGliteTuning = {},
  ) {
    const sharedBuffersMb = tuning.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB;
    this.worker = new Worker(workerFile(), {
      workerData: { dataDir, loadDataDir, sharedBuffersMb },
      resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_GENERATION_MB },
    });
    this.waitReady = new Promise((resolve, reject) => {
      this.worker.once('message', (m: { ready: boolean; error?: Reply['error'] }) => {
        if (m.ready) resolve();
        else reject(revive(m.error ?? { message: 'the embedded database did not open' }));
        this.worker.on('message', (reply: Reply) => this.settle(reply));
        this.idle();
      });
    });
    this.worker.on('error', (err) => this.fail(new Error(`the embedded database thread failed: ${err.message}`)));
    this.worker.on('exit', (code) => this.fail(new Error(`the embedded database thread stopped (exit code ${code})`)));
  }

  /** The thread is gone: every waiting and later call rejects with `err`; a crash is reported. */
  private fail(err: Error) {
    if (this.stopped) return;
    this.stopped = err;
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
    if (!this.closed) this.onFailure?.(err);
  }

  private settle(reply: Reply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    this.idle();
    if (reply.error) waiting.reject(revive(reply.error));
    else waiting.resolve(reply.result);
  }

  /** The thread keeps the process alive only while a request waits (like PGlite in-process). */
  private idle() {
    if (this.pending.size === 0) this.worker.unref();
  }

  private call<T>(request: Request): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ ...request, id });
    });
  }

  /**
   * One statement with `$n` parameters (PGlite `query`). The thread always answers rows as arrays
   * (a structured clone of objects writes every column name again on every row: 4–5 times the
   * bytes and the database thread's time for a board page); rows as objects (`rowMode` 'object',
   * PGlite's default) are built here from the fields, as PGlite builds them.
   */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    // Refuses an option the thread cannot honour at once (a throw, not a rejection), as before.
    const answer = this.call<Results<unknown[]>>({ op: 'query', sql, params, rawTypes: rawTypes(options), tx });
    if (options?.rowMode === 'array') return answer as Promise<Results<T>>;
    return answer.then((result) => ({ ...result, rows: rowObjects(result.rows, result.fields) as T[] }));
  }

  /** Several statements in one message, the simple protocol (PGlite `exec`). */
  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    const answer = this.call<Results<unknown[]>[]>({ op: 'exec', sql, rawTypes: rawTypes(options), tx });
    if (options?.rowMode === 'array') return answer as Promise<Results[]>;
    return answer.then((results) => results.map((result) => ({ ...result, rows: rowObjects(result.rows, result.fields) })));
  }

  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (the error
   * propagates). `tx.query`/`tx.exec` run inside it.
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextTx++;
    await this.call({ op: 'begin', tx: id });
    let ended = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      rollback: async () => {
        ended = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!ended) await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    if (!ended) await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** The data folder as a gzipped tarball of the committed state (PGlite dumpDataDir), taken between statements. */
  async dump(): Promise<Buffer> {
    return Buffer.from(await this.call<ArrayBuffer>({ op: 'dump' }));
  }

  /**
   * Memory of the database thread, bytes: PostgreSQL's wasm memory (`wasm`: its size, which only
   * grows; shared_buffers is most of it) and the thread's V8 heap (used, total, external).
   */
  memory(): Promise<{ wasmBytes: number; heapUsedBytes: number; heapTotalBytes: number; externalBytes: number }> {
    return this.call({ op: 'memory' });
  }

  /** Closes the database and stops its thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.stopped) await this.call({ op: 'close' }).catch(() => undefined);
    this.fail(new Error('the embedded database thread stopped (closed)'));
    await this.worker.terminate();
  }
}
