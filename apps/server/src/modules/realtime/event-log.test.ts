/**
 * The event log's ordering promise (event-log.ts): ids become visible strictly in order, so a
 * reader that saw id N never later finds a committed id below N — with many writers committing at
 * once, slow commits, rollbacks and multi-row inserts. Real databases: PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set (where the writers truly run in parallel on separate connections).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DB_KINDS, startTestServer, type TestServer } from '../../../test/helpers.js';
import { appendEvents } from './event-log.js';
import { eventsAfter } from './event.presenter.js';

describe.each(DB_KINDS)('event log on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { seed: false });
  });
  afterAll(async () => server?.close());

  it('a reader polling during 60 concurrent writers sees every committed id once, in increasing order, never one below what it saw', async () => {
    const db = server.database.db;
    const start = Number((await eventsAfter(db, 0, 1_000_000)).at(-1)?.id ?? 0);
    const committed: number[] = [];
    const writer = async (i: number) => {
      try {
        await db.transaction(async (tx) => {
          const ids = await appendEvents(tx as unknown as Db, Array.from({ length: 1 + (i % 3) }, () => ({ kind: 'TEST', payload: { i } })), { notify: kind === 'postgres' });
          // Hold the transaction open a while after the insert, as a slow commit would.
          await tx.execute(sql`select pg_sleep(${(i % 5) / 200})`);
          if (i % 7 === 6) throw new Error('rollback');
          committed.push(...ids);
        });
      } catch (err) {
        if ((err as Error).message !== 'rollback') throw err;
      }
    };
    const seen: number[] = [];
    let cursor = start;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        for (const r of await eventsAfter(server.database.dispatchDb, cursor, 500)) {
          seen.push(Number(r.id));
          cursor = Number(r.id);
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await Promise.all(Array.from({ length: 60 }, (_, i) => writer(i)));
    writing = false;
    await reader;
    for (const r of await eventsAfter(db, cursor, 500)) seen.push(Number(r.id));
    expect(seen).toEqual([...committed].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    expect(committed.length).toBeGreaterThan(60);
  });
});
