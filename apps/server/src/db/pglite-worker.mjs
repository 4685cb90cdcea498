/**
 * The embedded database's own thread (db/pglite-thread.ts): owns the PGlite instance and runs what
 * the server's thread asks over `parentPort`, so PostgreSQL's work (wasm) and PGlite's result
 * parsing no longer share one thread with HTTP and the real-time fan-out (issue "Live branch
 * monitoring", bench/latency).
 *
 * Plain JavaScript on purpose: it starts the same under tsx, vitest and the built server.
 *
 * workerData: { dataDir?: string } (absent = in memory; a new folder is first created by this file
 * run as a process, `--create <folder>`), { loadDataDir?: Uint8Array } (in memory only:
 * start from this tarball of a data folder, as `dump` gives; the test suite's seeded snapshot),
 * { sharedBuffersMb?: number } (PostgreSQL shared_buffers; PostgreSQL's 128 MB when absent).
 * Requests (each with a numeric `id`, answered by { id, result } or { id, error }):
 *   { op: 'query', sql, params?, rawTypes?, tx? }           one statement, rows as arrays (the caller
 *                                                            builds objects: cloning arrays costs far
 *                                                            less than objects, whose every row repeats
 *                                                            the column names); `rawTypes` are type ids
 *                                                            returned as text (parsers that keep it)
 *   { op: 'exec', sql, rawTypes?, tx? }                      several statements, simple protocol; rows as
 *                                                            arrays, `rawTypes` as for 'query'
 *   { op: 'begin', tx }                                      starts transaction `tx` (answered once begun)
 *   { op: 'end', tx, commit }                                commits or rolls it back
 *   { op: 'dump' }                                           the data folder as a gzipped tarball (ArrayBuffer),
 *                                                            consistent: taken between two statements (db/backup.ts)
 *   { op: 'memory' }                                         { wasmBytes, heapUsedBytes, heapTotalBytes, externalBytes }:
 *                                                            PostgreSQL's wasm memory (it only grows) and
 *                                                            this thread's V8 heap (metrics, bench)
 *   { op: 'close' }                                          closes the database
 * The first message posted is { ready: true } or { ready: false, error }.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite, types as pgTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Extensions the migrations create (pg_trgm: the employee search index, migration 0005). */
const extensions = { pg_trgm };
const keepText = (value) => value;

/**
 * Type ids whose values the database thread always answers as their text: those Drizzle's PGlite
 * driver asks to keep (timestamp, timestamptz, interval, date, and the arrays of these and of
 * numeric), which is every `query` the server sends. PGlite merges a query's `parsers` option into
 * a copy of its ~320 parsers at every call (`{...parsers, ...options.parsers}`): 65 µs of the
 * database thread per statement, 12 % of it under bench/throughput.ts's mixed load (issue 20).
 * So these keep their text in PGlite's own parsers instead (keepTextOf), no query passes the
 * option for them, and a request that did not ask for a type's text gets it parsed here with
 * PGlite's parser, as before (reading, parseUnkept).
 */
const KEPT_TYPES = [
  pgTypes.TIMESTAMP,
  pgTypes.TIMESTAMPTZ,
  pgTypes.INTERVAL,
  pgTypes.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const KEPT = new Set(KEPT_TYPES);
/** PGlite's own parsers of KEPT_TYPES (set by keepTextOf). */
const parserOf = new Map();

/**
 * Makes PGlite's parsers of KEPT_TYPES keep the text, after remembering them (parserOf). PGlite's
 * parser of an array type parses each element with the parser of the element's type found at that
 * moment, so a remembered parser runs with PGlite's own parsers back in place (synchronously, on
 * this one thread).
 */
function keepTextOf(pglite) {
  const own = new Map(KEPT_TYPES.map((type) => [type, pglite.parsers[type]]));
  for (const [type, parse] of own) {
    // A type PGlite has no parser of (interval) is answered as its text either way.
    if (parse)
      parserOf.set(type, (value, typeId) => {
        for (const [t, p] of own) pglite.parsers[t] = p;
        try {
          return parse(value, typeId);
        } finally {
          for (const t of KEPT_TYPES) pglite.parsers[t] = keepText;
        }
      });
    pglite.parsers[type] = keepText;
  }
}

/**
 * How the answer to a request keeping the text of `types` (type ids, or none) is read, built once
 * per set: `parsers`, PGlite's `parsers` option for the types that are not KEPT (PGlite keeps those
 * already; undefined when there are none, so PGlite copies nothing), and `unkept`, the KEPT types
 * the request did not ask to keep, parsed back by parseUnkept.
 */
const readingByTypes = new Map();
function reading(types) {
  const key = types?.join(',') ?? '';
  let r = readingByTypes.get(key);
  if (r === undefined) {
    const others = (types ?? []).filter((t) => !KEPT.has(t));
    r = {
      parsers: others.length ? Object.fromEntries(others.map((t) => [t, keepText])) : undefined,
      unkept: new Set(KEPT_TYPES.filter((t) => !types?.includes(t) && parserOf.has(t))),
    };
    readingByTypes.set(key, r);
  }
  return r;
}

/** Parses, with PGlite's own parser (parserOf), the values of `result` (rows as arrays) whose type is in `unkept`. Returns `result`. */
function parseUnkept(result, unkept) {
  if (unkept.size === 0) return result;
  const columns = [];
  result.fields?.forEach((f, i) => {
    if (unkept.has(f.dataTypeID)) columns.push([i, parserOf.get(f.dataTypeID), f.dataTypeID]);
  });
  for (const row of result.rows) {
    for (const [i, parse, type] of columns) if (row[i] !== null) row[i] = parse(row[i], type);
  }
  return result;
}

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();
/** Thrown inside a transaction's callback to roll it back. */
const ROLLBACK = Symbol('rollback');

/**
 * PGlite's start parameters plus the settings asked for. shared_buffers is allocated (and written)
 * in the wasm memory when PostgreSQL starts, and wasm memory never shrinks: with PostgreSQL's
 * default of 128 MB it was most of the 150 MB the database took in the server's RSS (issue 20).
 * A page beyond it is read again through the file system (the OS cache; in memory: a copy).
 */
const startParams = [
  ...PGlite.defaultStartParams,
  ...(workerData?.sharedBuffersMb ? ['-c', `shared_buffers=${Math.round(workerData.sharedBuffersMb * 1024)}kB`] : []),
];

/**
 * Run as a process of its own (`node pglite-worker.mjs --create <folder>`): creates a new data
 * folder (PGlite's initdb) and exits. See createDataDir.
 */
if (isMainThread) {
  const at = process.argv.indexOf('--create');
  const folder = at > 0 ? process.argv[at + 1] : undefined;
  if (!folder) {
    console.error('usage: node pglite-worker.mjs --create <data folder>');
    process.exit(2);
  }
  const created = new PGlite(folder);
  await created.waitReady;
  await created.close();
  process.exit(0);
}

/**
 * Creates the new data folder `dataDir` in a short-lived process. PGlite creates a folder with
 * initdb in a WebAssembly instance and memory of its own (~450 MB at its peak); in this process
 * the pages it had taken stayed with the server after the collection (its idle RSS was ~95 MB
 * higher after a first start than after a restart on the same folder: issue 20, memory). A process
 * gives all of it back when it exits. Rejects with the process's error output when it fails.
 */
function createDataDir(dataDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--create', dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (d) => (errors = (errors + d).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the embedded database in ${dataDir} failed (${signal ?? `exit code ${code}`}): ${errors.trim()}`)),
    );
  });
}

let db;
try {
  // A folder without PG_VERSION is new to PostgreSQL (PGlite's own test before its initdb).
  if (workerData?.dataDir && !fs.existsSync(path.join(workerData.dataDir, 'PG_VERSION'))) await createDataDir(workerData.dataDir);
  db = workerData?.dataDir
    ? new PGlite(workerData.dataDir, { extensions, startParams })
    : new PGlite({ extensions, startParams, ...(workerData?.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}) });
  await db.waitReady;
  cacheFileSizes(db.Module);
  keepTextOf(db);
  collectStartGarbage();
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: serialise(err) });
  process.exit(1);
}

/**
 * Remembers the size of each file of a data folder on disk between two changes of it, so that
 * PostgreSQL's `lseek(fd, 0, SEEK_END)` (how it learns a relation's length in blocks: every scan
 * that starts, or starts again, asks) no longer costs a file-status call of Node's. Emscripten's
 * NODEFS answers that seek with `fs.fstatSync`; under bench/throughput.ts's mixed load that was
 * 21 % of the database thread (issue 20): a page of 50 notifications restarts a scan of two small
 * tables per row (notes, reads), and each restart asked the file's size again.
 * A size is kept per file (Emscripten's node) and forgotten before and after every operation that
 * can change it: a write (and msync, which writes), a truncation (setattr, through the file or its
 * path), and any other operation of a file that is not known to only read; a change of a folder
 * (a file created, renamed, removed) forgets every size. PostgreSQL is the only writer of its data
 * folder (one process, this thread), so the size is always the file's. MEMFS (a database in
 * memory) knows its sizes already and is left as it is. Does nothing when `mod` has no NODEFS of
 * the expected shape (another PGlite build): the seek then asks the file system, as before.
 */
function cacheFileSizes(mod) {
  const FS = mod?.FS;
  const streamOps = mod?.NODEFS?.stream_ops;
  const nodeOps = mod?.NODEFS?.node_ops;
  if (!FS || typeof streamOps?.llseek !== 'function' || typeof nodeOps?.setattr !== 'function') return;
  /** Sizes in bytes by file node, valid while their generation is the current one. */
  const sizes = new WeakMap();
  let generation = 0;
  const seek = streamOps.llseek;
  streamOps.llseek = (stream, offset, whence) => {
    if (whence !== 2 || !FS.isFile(stream.node.mode)) return seek(stream, offset, whence);
    let known = sizes.get(stream.node);
    if (known === undefined || known.generation !== generation) {
      known = { generation, size: seek(stream, 0, 2) };
      sizes.set(stream.node, known);
    }
    const position = offset + known.size;
    if (position < 0) throw new FS.ErrnoError(28);
    return position;
  };
  /** Runs `forget` with the operation's arguments before and after it (also when it throws). */
  const around = (ops, name, forget) => {
    const op = ops[name];
    ops[name] = function (...args) {
      forget(...args);
      try {
        return op.apply(this, args);
      } finally {
        forget(...args);
      }
    };
  };
  const readOnlyStreamOps = new Set(['llseek', 'read', 'open', 'close', 'dup', 'getattr', 'mmap']);
  for (const name of Object.keys(streamOps)) {
    if (!readOnlyStreamOps.has(name) && typeof streamOps[name] === 'function')
      around(streamOps, name, (stream) => sizes.delete(stream.node));
  }
  const readOnlyNodeOps = new Set(['getattr', 'lookup', 'readdir', 'readlink', 'statfs']);
  for (const name of Object.keys(nodeOps)) {
    if (readOnlyNodeOps.has(name) || typeof nodeOps[name] !== 'function') continue;
    around(nodeOps, name, name === 'setattr' ? (node) => sizes.delete(node) : () => generation++);
  }
}

/**
 * One full garbage collection of this thread, once the database is open. Opening leaves dead
 * buffers (the module's bytes, PGlite's file bundle; in memory, initdb's own wasm instance and its
 * memory, ~450 MB — a new data folder is created in a process of its own, createDataDir) that only
 * a full collection frees; this thread's heap is small, so V8 ran one only when the
 * thread had been idle a while (tens of seconds, or never under load), and until then they were
 * part of the server's RSS (issue 20). `gc` is taken from a context of its own: the flag makes
 * `gc` available to contexts created after it, none of the server's code sees it. ~10 ms, once.
 */
function collectStartGarbage() {
  v8.setFlagsFromString('--expose-gc');
  vm.runInNewContext('gc')();
}

/** An error as plain fields (PostgreSQL's code, constraint, detail… survive the thread hop). */
function serialise(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message, stack: err.stack };
}

function target(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

function begin(id) {
  return new Promise((begun, failed) => {
    const open = { tx: undefined, decide: undefined, done: undefined };
    const decided = new Promise((resolve) => (open.decide = resolve));
    open.done = db
      .transaction(async (tx) => {
        open.tx = tx;
        transactions.set(id, open);
        begun();
        if (!(await decided)) throw ROLLBACK;
      })
      .then(
        () => undefined,
        (err) => {
          if (!open.tx) failed(err);
          if (err !== ROLLBACK) throw err;
        },
      )
      .finally(() => transactions.delete(id));
    // `done` is awaited by 'end'; until then a failure is only recorded, not unhandled.
    open.done.catch(() => undefined);
  });
}

/**
 * A statement without parameters through PGlite's `exec` (the simple protocol: one message, where
 * `query` sends five), answered as `query` answers: its one result. Most of the server's statements
 * on PGlite have no parameters: the named and repeated statements run as `EXECUTE name(literals…)`
 * (lib/named-query.ts). PGlite's own time per statement, outside PostgreSQL's work, was ~65 µs with
 * `query` against ~27 µs with `exec` (a prepared `select 1`, this machine; issue 20). The server
 * sends one statement per query; a text of several (never sent) would answer with its last result.
 */
async function simpleQuery(target, sql, options) {
  // PGlite answers an empty result for a text without statements, so there is always a last one.
  return (await target.exec(sql, options)).at(-1);
}

async function run(m) {
  switch (m.op) {
    case 'query': {
      const { parsers, unkept } = reading(m.rawTypes);
      const options = { rowMode: 'array', parsers };
      // Without parameters: one message of the simple protocol instead of parse, describe, bind,
      // describe and execute (simpleQuery).
      const result = m.params?.length
        ? await target(m.tx).query(m.sql, m.params, options)
        : await simpleQuery(target(m.tx), m.sql, options);
      return parseUnkept(result, unkept);
    }
    case 'exec': {
      // Rows as arrays (the server's thread builds the objects, as for `query`).
      const { parsers, unkept } = reading(m.rawTypes);
      return (await target(m.tx).exec(m.sql, { rowMode: 'array', parsers })).map((result) => parseUnkept(result, unkept));
    }
    case 'begin':
      await begin(m.tx);
      return null;
    case 'end': {
      const open = transactions.get(m.tx);
      if (!open) throw new Error(`transaction ${m.tx} is not open`);
      open.decide(m.commit);
      await open.done;
      return null;
    }
    case 'dump': {
      // Inside a transaction of its own: it waits for open transactions to end, and no statement
      // runs while the folder is read, so the copy holds exactly the committed state.
      let file;
      await db.transaction(async () => {
        file = await db.dumpDataDir('gzip');
      });
      return await file.arrayBuffer();
    }
    case 'memory': {
      const heap = v8.getHeapStatistics();
      return {
        wasmBytes: db.Module.HEAPU8.byteLength,
        heapUsedBytes: heap.used_heap_size,
        heapTotalBytes: heap.total_heap_size,
        externalBytes: heap.external_memory,
      };
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown request ${m.op}`);
  }
}

parentPort.on('message', (m) => {
  run(m).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (err) => parentPort.postMessage({ id: m.id, error: serialise(err) }),
  );
});
