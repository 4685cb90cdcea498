/**
 * Retention (db/retention.ts, docs/OPERATIONS.md "Retention") on both databases: old events,
 * finished check-ins, pings and audit rows are archived to monthly CSV files and removed in small
 * batches; unacknowledged alarms, open check-ins and recent rows stay; two runs at once never
 * archive a row twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { rows } from '../src/db/client.js';
import { trimHistory } from '../src/db/retention.js';
import { DB_KINDS, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('retention on %s', (kind) => {
  let server: TestServer;
  let archiveDir: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-archive-'));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(archiveDir, { recursive: true, force: true });
  });

  it('archives and removes old history in batches, keeping unacknowledged alarms, open check-ins and recent rows', async () => {
    const db = server.database.db;
    const [ctx] = await rows<{ user_id: number; branch_id: number; org_id: number }>(
      db,
      sql`select w.user_id, w.branch_office_id as branch_id, b.organization_id as org_id from works_in w join branch_offices b on b.id = w.branch_office_id limit 1`,
    );
    const { user_id: userId, branch_id: branchId, org_id: orgId } = ctx!;
    const old = "now() - interval '400 days'";
    const ins = async (what: string, notificationType: number | null, when: string) => {
      const [r] = await rows<{ id: number }>(
        db,
        sql`insert into events (kind, organization_id, branch_office_id, user_id, branch_action, notification_type, occurred_at, created_at)
            values ('NOTIFICATION', ${orgId}, ${branchId}, ${userId}, ${what}, ${notificationType}, ${sql.raw(when)}, ${sql.raw(when)}) returning id::int as id`,
      );
      return r!.id;
    };
    const before = (await rows<{ n: number }>(db, sql`select count(*)::int as n from events`))[0]!.n;
    const oldPlain = [await ins('Open', null, old), await ins('Close', null, old), await ins('Open', null, old)];
    const oldAcked = await ins('Panic', 10, old);
    await db.execute(
      sql`insert into alarm_acknowledgements (event_id, user_id, acknowledged_at) values (${oldAcked}, ${userId}, now() - interval '399 days')`,
    );
    await db.execute(
      sql`insert into alarm_notes (event_id, user_id, note) values (${oldAcked}, ${userId}, 'police dispatched, false alarm')`,
    );
    const oldWaiting = await ins('Duress', 11, old);
    const recent = await ins('Open', null, 'now()');
    await db.execute(sql`insert into check_ins (user_id, branch_office_id, check_in_at, check_out_at) values
      (${userId}, ${branchId}, now() - interval '401 days', now() - interval '401 days' + interval '8 hours'),
      (${userId}, ${branchId}, now() - interval '401 days', null)`);
    await db.execute(
      sql`insert into audit_log (at, action, entity, entity_id) values (now() - interval '500 days', 'update', 'test', '1'), (now(), 'update', 'test', '2')`,
    );

    const result = await trimHistory(db, { days: 365, archiveDir, batchSize: 2 });
    expect(result.removed.events).toBe(4);
    expect(result.batches).toBeGreaterThan(4);
    const left = await rows<{ id: number }>(
      db,
      sql`select id::int as id from events where id = any(${`{${[...oldPlain, oldAcked, oldWaiting, recent].join(',')}}`}::bigint[])`,
    );
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([oldWaiting, recent].sort((a, b) => a - b));
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from events`))[0]!.n).toBe(before + 2);
    expect(result.removed.check_ins).toBe(1);
    const openLeft = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from check_ins where check_out_at is null and check_in_at < now() - interval '400 days'`,
    );
    expect(openLeft[0]!.n).toBe(1);
    expect(result.removed.audit_log).toBeGreaterThanOrEqual(1);
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from audit_log where entity = 'test'`))[0]!.n).toBe(1);

    // The archive holds every removed event once, the acknowledgement and the note with the alarm.
    const files = fs.readdirSync(archiveDir).filter((f) => f.startsWith('events-'));
    const archived = files.flatMap((f) => parse(fs.readFileSync(path.join(archiveDir, f)), { columns: true }) as Record<string, string>[]);
    expect(archived.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...oldPlain, oldAcked].sort((a, b) => a - b));
    const acked = archived.find((r) => Number(r.id) === oldAcked)!;
    expect(Number(acked.acknowledged_by)).toBe(userId);
    expect(acked.notes).toContain('police dispatched');
    expect(fs.readdirSync(archiveDir).some((f) => /^check_ins-\d{4}-\d{2}\.csv$/.test(f))).toBe(true);

    // Nothing left to do: a second run removes nothing.
    const again = await trimHistory(db, { days: 365, archiveDir });
    expect(Object.values(again.removed).every((n) => n === 0)).toBe(true);
  });

  it('two runs at once archive every row exactly once', async () => {
    const db = server.database.db;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-archive2-'));
    try {
      await db.execute(
        sql`insert into audit_log (at, action, entity, entity_id) select now() - interval '600 days', 'update', 'bulk', g::text from generate_series(1, 300) g`,
      );
      const [a, b] = await Promise.all([
        trimHistory(db, { days: 365, archiveDir: dir, batchSize: 25 }),
        trimHistory(db, { days: 365, archiveDir: dir, batchSize: 25 }),
      ]);
      expect(a.removed.audit_log! + b.removed.audit_log!).toBe(300);
      const lines = fs
        .readdirSync(dir)
        .filter((f) => f.startsWith('audit_log-'))
        .flatMap((f) => parse(fs.readFileSync(path.join(dir, f)), { columns: true }) as Record<string, string>[]);
      expect(lines).toHaveLength(300);
      expect(new Set(lines.map((l) => l.entity_id)).size).toBe(300);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
