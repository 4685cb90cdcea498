/**
 * `npm run db:backup -- --out FILE` and `npm run db:restore -- FILE [--force]` for the embedded
 * database in VIGIL_DATA_DIR (docs/OPERATIONS.md "Backups"). With DATABASE_URL set they print the
 * pg_dump / pg_restore commands instead: PostgreSQL has its own tools.
 *
 * Exit codes: 0 done; 1 failed; 2 wrong use (message says what to do).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lockfile from 'proper-lockfile';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../config.js';
import { requestBackup, writeAtomically } from './backup.js';
import { DataDirLockedError, openDatabase } from './client.js';

const command = process.argv[2];
const { values, positionals } = parseArgs({
  args: process.argv.slice(3),
  options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
  allowPositionals: true,
});

function usage(message: string): never {
  console.error(message);
  process.exit(2);
}

const config = loadConfig();
if (config.databaseUrl) {
  usage(
    command === 'backup'
      ? 'DATABASE_URL is set: back PostgreSQL up with its own tool, e.g.\n  pg_dump --format=custom --file=vigil.dump "$DATABASE_URL"'
      : 'DATABASE_URL is set: restore PostgreSQL with its own tool, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" vigil.dump',
  );
}

const pgdata = path.join(config.dataDir, 'pgdata');

if (command === 'backup') {
  const out = values.out ?? usage('Usage: npm run db:backup -- --out FILE');
  const started = Date.now();
  let tarball = await requestBackup(config.dataDir);
  let via = 'the running server';
  if (!tarball) {
    if (!fs.existsSync(pgdata)) usage(`No embedded database in ${config.dataDir} (VIGIL_DATA_DIR).`);
    via = 'the data folder';
    try {
      const database = await openDatabase({ dataDir: config.dataDir });
      tarball = await database.pglite!.dump();
      await database.close();
    } catch (err) {
      if (err instanceof DataDirLockedError) usage(`${err.message} and does not answer on its control socket; retry when it is up.`);
      throw err;
    }
  }
  writeAtomically(out, tarball);
  console.log(`Backup of ${config.dataDir} written to ${out} (${tarball.length} bytes, from ${via}, ${Date.now() - started} ms).`);
} else if (command === 'restore') {
  const file = positionals[0] ?? usage('Usage: npm run db:restore -- FILE [--force]');
  if (!fs.existsSync(file)) usage(`No such backup file: ${file}`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const lockPath = path.join(config.dataDir, 'vigil.lock');
  if (await lockfile.check(config.dataDir, { lockfilePath: lockPath, realpath: false, stale: 15_000 })) {
    usage(`A server is running on ${config.dataDir}: stop it before restoring.`);
  }
  const release = await lockfile.lock(config.dataDir, { lockfilePath: lockPath, realpath: false, retries: 0 });
  try {
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
      if (!values.force) usage(`${pgdata} holds a database: pass --force to keep it aside (renamed) and restore the backup.`);
      const aside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(pgdata, aside);
      console.log(`The current database was kept as ${aside}.`);
    }
    const started = Date.now();
    const db = new PGlite(pgdata, { loadDataDir: new Blob([fs.readFileSync(file)]), extensions: { pg_trgm } });
    await db.waitReady;
    await db.query('select 1');
    await db.close();
    console.log(`Restored ${file} into ${config.dataDir} in ${Date.now() - started} ms; start the server to migrate it if it is older.`);
  } finally {
    await release();
  }
} else {
  usage('Usage: backup-cli.ts backup --out FILE | restore FILE [--force]');
}
