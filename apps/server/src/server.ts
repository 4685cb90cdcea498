/**
 * Server entry point (`npm start`): opens the database (migrating it), writes reference data,
 * seeds the demo when VIGIL_DEMO=1, and serves API and console on one port until SIGINT/SIGTERM.
 */
import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase, type Database } from './db/client.js';
import { ensureReferenceData } from './db/reference-data.js';
import { buildApp } from './app.js';
import { startBackgroundJobs } from './background-jobs.js';
import { serveBackups } from './db/backup.js';
import { loadMallocTrim, startMemoryTrim } from './lib/memory-trim.js';

/**
 * How far V8 lets the JavaScript heap grow past what the last full collection kept, in percent
 * (V8's --heap-growing-percent; the server's threads share it, the embedded database's among
 * them). By default V8 picks up to 4× when allocation is fast: under load the main thread's heap
 * grew from ~45 MB live to ~150–190 MB of mostly dead answers before V8 collected, and the RSS
 * with it (issue 20, memory). At 25 % the RSS peak of bench/throughput on the demo data went
 * 500–555 → 400–430 MB on the embedded database; the server's CPU per answer did not move
 * measurably (more, smaller full collections, which V8 marks concurrently). Set at start, before
 * the database opens.
 */
export const HEAP_GROWING_PERCENT = 25;

async function main() {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      exportConnections: config.exportConnections,
      pglite: { sharedBuffersMb: config.pgliteSharedBuffersMb },
      prepare: async (db) => {
        await ensureReferenceData(db);
        if (!config.demo) return;
        const { seedDemo } = await import('./db/seed/demo.js');
        const started = Date.now();
        const { created } = await seedDemo(db);
        console.log(created ? `vigil: demo data created in ${Date.now() - started} ms` : 'vigil: demo data already present');
      },
      // Without its database the server can only fail requests: stop, so a supervisor restarts it
      // (the data folder is intact; consoles reconnect and resume from their last event id).
      onEmbeddedFailure: (err) => {
        console.error(`vigil: ${err.message}; stopping`);
        process.exit(1);
      },
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`vigil: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const jobs = startBackgroundJobs(app);
  // Free memory of the C allocator back to the system: now (the start and the demo seed leave the
  // most) and then periodically (lib/memory-trim.ts).
  const trim = config.memoryTrimIntervalMs > 0 ? await loadMallocTrim() : undefined;
  const memoryTrim = trim
    ? startMemoryTrim(trim, config.memoryTrimIntervalMs, (ms, returned) =>
        app.log.debug({ ms: Math.round(ms * 100) / 100, returned }, 'memory trim'),
      )
    : undefined;
  // `npm run db:backup` asks this process for a consistent copy of the embedded database.
  const closeBackups = database.pglite ? await serveBackups(database.pglite, config.dataDir, (m) => console.log(m)) : undefined;
  let closing = false;
  /**
   * Clean stop (docs/OPERATIONS.md "Clean restarts"): /readyz turns 503, the background loops
   * finish their run, every socket is told to reconnect (1012), new connections are refused while
   * in-flight requests complete, then the database closes (the embedded folder's lock is released)
   * and the process exits 0 — or 1 if all this takes longer than SHUTDOWN_GRACE_MS.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    const started = Date.now();
    console.log(`vigil: ${signal}: stopping (grace ${config.shutdownGraceMs} ms)`);
    setTimeout(() => {
      console.error(`vigil: not stopped within SHUTDOWN_GRACE_MS (${config.shutdownGraceMs} ms); exiting`);
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    try {
      memoryTrim?.stop();
      await jobs.stop();
      await closeBackups?.();
      await app.close();
      await database.close();
      console.log(`vigil: stopped in ${Date.now() - started} ms`);
      process.exit(0);
    } catch (err) {
      console.error('vigil: error while stopping:', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const url = config.publicUrl ?? `http://${config.host}:${config.port}`;
  console.log(`vigil: ${config.productName} console on ${url} (database: ${database.kind})`);
}

main().catch((err) => {
  // A bad configuration is the operator's to fix: say what, without a stack trace.
  if (err instanceof ConfigError) console.error(`vigil: ${err.message}`);
  else console.error('vigil: failed to start:', err);
  process.exit(1);
});
