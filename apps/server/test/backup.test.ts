/**
 * Backups of the embedded database (docs/OPERATIONS.md "Backups"): `npm run db:backup` against a
 * running demo server under a burst of alarms, the folder wiped, `npm run db:restore`, and every
 * event, user and setting found again; the restore refuses a folder in use.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '../src/db/client.js';
import { mobileLogin } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');

function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/db/backup-cli.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

function startNode(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', LOGIN_RATE_MAX: '1000', ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('console on') && resolve());
    void exited.then((code) => reject(new Error(`node exited ${code}:\n${out}`)));
  });
  return { child, ready, exited };
}

/** What must survive: every event (id and content), every user and every setting (organisations, security offices, schedules). */
async function contents(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const events = await rows<{ id: number; digest: string }>(
      database.db,
      sql`select id::int as id, md5(e::text) as digest from events e order by id`,
    );
    const [users] = await rows<{ n: number; digest: string }>(
      database.db,
      sql`select count(*)::int as n, md5(string_agg(u::text, '|' order by id)) as digest from users u`,
    );
    const [settings] = await rows<{ digest: string }>(
      database.db,
      sql`select md5((select string_agg(o::text, '|' order by id) from organizations o) || (select string_agg(s::text, '|' order by id) from security_offices s) || (select string_agg(w::text, '|' order by w::text) from week_schedules w)) as digest`,
    );
    return { events, users: users!, settings: settings!.digest };
  } finally {
    await database.close();
  }
}

describe('embedded database backup and restore', () => {
  it('backs up a running demo during a burst of alarms; a wiped folder restored holds every event, user and setting of the backup', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bk-'));
    const backupFile = path.join(os.tmpdir(), `vigil-backup-${process.pid}.tar.gz`);
    const port = 19_800 + Math.floor(Math.random() * 150);
    const env = { VIGIL_DATA_DIR: dataDir, PORT: String(port), VIGIL_DEMO: '1' };
    let node = startNode(env);
    try {
      await node.ready;
      const base = `http://127.0.0.1:${port}`;
      const staff = await mobileLogin(base, 'staff@example.com');
      const b = staff.Branches[0]!;
      const alarm = () =>
        staff.call<{ NotificationId: number }>('alarm', {
          branchOfficeId: b.BranchOfficeId,
          type: 'PANIC',
          latitude: b.Latitude,
          longitude: b.Longitude,
        });
      const before: number[] = [];
      for (let i = 0; i < 5; i++) before.push((await alarm()).json.body!.NotificationId);

      // The backup is taken by the running server while alarms keep arriving.
      let stop = false;
      const burst = (async () => {
        while (!stop) await alarm();
      })();
      const backup = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', path.join(serverDir, 'src/db/backup-cli.ts'), 'backup', '--out', backupFile],
          {
            cwd: repoRoot,
            env: { ...process.env, DATABASE_URL: '', VIGIL_DATA_DIR: dataDir },
          },
        );
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
      });
      stop = true;
      await burst;
      expect(backup.out).toContain('from the running server');
      expect(backup.code).toBe(0);

      // A restore refuses the folder while the server holds it.
      const busy = cli(['restore', backupFile, '--force'], { VIGIL_DATA_DIR: dataDir });
      expect(busy.code).toBe(2);
      expect(busy.out).toContain('stop it before restoring');

      node.child.kill('SIGTERM');
      expect(await node.exited).toBe(0);
      const original = await contents(dataDir);

      fs.rmSync(dataDir, { recursive: true, force: true });
      const restored = cli(['restore', backupFile], { VIGIL_DATA_DIR: dataDir });
      expect(restored.code, restored.out).toBe(0);
      const back = await contents(dataDir);

      expect(back.users).toEqual(original.users);
      expect(back.settings).toBe(original.settings);
      // Every event of the backup is there unchanged, and the backup is a consistent cut: exactly
      // the events up to its last one, none missing in between.
      const lastId = back.events.at(-1)!.id;
      expect(back.events).toEqual(original.events.filter((e) => e.id <= lastId));
      for (const id of before) expect(back.events.some((e) => e.id === id)).toBe(true);

      // The restored folder serves again.
      node = startNode(env);
      await node.ready;
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      await mobileLogin(`http://127.0.0.1:${port}`, 'staff@example.com');

      // With no server running, the backup command opens the folder itself.
      node.child.kill('SIGTERM');
      await node.exited;
      const offline = cli(['backup', '--out', backupFile], { VIGIL_DATA_DIR: dataDir });
      expect(offline.code, offline.out).toBe(0);
      expect(offline.out).toContain('from the data folder');
    } finally {
      node.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(backupFile, { force: true });
    }
  }, 300_000);

  it('with DATABASE_URL set, points to pg_dump and pg_restore', () => {
    const r = cli(['backup', '--out', '/tmp/x'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(r.code).toBe(2);
    expect(r.out).toContain('pg_dump --format=custom');
  });
});
