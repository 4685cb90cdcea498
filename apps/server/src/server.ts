/**
 * Server entry point (`npm start`): opens the database (migrating it), writes reference data,
 * seeds the demo when VIGIL_DEMO=1, and serves API and console on one port until SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase, type Database } from './db/client.js';
import { ensureReferenceData } from './db/reference-data.js';
import { buildApp } from './app.js';
import { startBackgroundJobs } from './background-jobs.js';

async function main() {
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      exportConnections: config.exportConnections,
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
  await ensureReferenceData(database.db);
  if (config.demo) {
    const { seedDemo } = await import('./db/seed/demo.js');
    const started = Date.now();
    const { created } = await seedDemo(database.db);
    console.log(created ? `vigil: demo data created in ${Date.now() - started} ms` : 'vigil: demo data already present');
  }
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const jobs = startBackgroundJobs(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
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
