/**
 * Database lifecycle: migrations on an empty database (PGlite and PostgreSQL), idempotent
 * re-runs, the demo seed being idempotent, and the embedded data folder refusing a second process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../src/db/client.js';
import { DB_KINDS, freshDatabaseUrl } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  it('migrate an empty database, and a second run changes nothing', async () => {
    const target = await freshDatabaseUrl(kind);
    const dir = kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-mig-')) : undefined;
    try {
      const first = await openDatabase({ databaseUrl: target.url, dataDir: dir });
      const tables = await rows<{ table_name: string }>(
        first.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      const names = tables.map((t) => t.table_name);
      for (const t of [
        'users',
        'sessions',
        'events',
        'branch_offices',
        'offices',
        'organizations',
        'security_offices',
        'works_in',
        'audit_log',
        'check_ins',
        'timers',
        'timer_pings',
        'week_schedules',
        'holiday_templates',
      ]) {
        expect(names).toContain(t);
      }
      const applied = await rows<{ n: number }>(first.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      await first.close();
      const second = await openDatabase({ databaseUrl: target.url, dataDir: dir });
      const again = await rows<{ n: number }>(second.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(again[0]!.n).toBe(applied[0]!.n);
      await second.close();
    } finally {
      await target.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Starts the real server process on `dataDir`; resolves when it prints its URL or exits. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, VIGIL_DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', VIGIL_DEMO: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const ready = new Promise<{ code: number | null; out: string }>((resolve) => {
    child.stdout.on('data', () => {
      if (out.includes('console on')) resolve({ code: null, out });
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
  return { child, ready };
}

describe('embedded database lock', () => {
  it('refuses a second process on the same VIGIL_DATA_DIR with a clear message, and frees it on exit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-lock-'));
    const first = startServer(dir, 0);
    try {
      const up = await first.ready;
      expect(up.code, up.out).toBeNull();
      const second = startServer(dir, 0);
      const refused = await second.ready;
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('Another Vigil server is already using the embedded database in');
      expect(refused.out).toContain(dir);
    } finally {
      first.child.kill('SIGTERM');
      await new Promise((r) => first.child.once('exit', r));
    }
    // After a clean stop the folder can be opened again.
    const third = startServer(dir, 0);
    const again = await third.ready;
    expect(again.code, again.out).toBeNull();
    third.child.kill('SIGTERM');
    await new Promise((r) => third.child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
    // Three server starts one after another: a wait limit, not a timing target (slow on a loaded machine).
  }, 240_000);
});
