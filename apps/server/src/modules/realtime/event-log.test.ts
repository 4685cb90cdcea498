/**
 * The event log's ordering promise (event-log.ts): ids become visible strictly in order, so a
 * reader that saw id N never later finds a committed id below N — with many writers committing at
 * once, slow commits, rollbacks and multi-row inserts. Real databases: PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set (where the writers truly run in parallel on separate connections).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { organizations } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { DB_KINDS, startTestServer, type TestServer } from '../../../test/helpers.js';
import { appendEvents, commitWithEvents } from './event-log.js';
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
      if (i % 2 === 1) {
        // Half the writers send their whole transaction at once (one message on PostgreSQL); some
        // fail in the database (an unknown organisation) and must leave nothing behind.
        try {
          const ids = await commitWithEvents(
            server.app,
            [],
            Array.from({ length: 1 + (i % 3) }, () => ({
              kind: 'TEST',
              payload: { i },
              ...(i % 7 === 6 ? { organizationId: 999_999 } : {}),
            })),
          );
          committed.push(...ids);
        } catch (err) {
          if (i % 7 !== 6) throw err;
        }
        return;
      }
      try {
        await db.transaction(async (tx) => {
          const ids = await appendEvents(
            tx as unknown as Db,
            Array.from({ length: 1 + (i % 3) }, () => ({ kind: 'TEST', payload: { i } })),
            { notify: kind === 'postgres' },
          );
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

  it('appends at commit exactly the values given: quotes, backslashes, $1, unicode, JSON, nulls, times', async () => {
    const tricky = `it's \\ "quoted" $1 $2 ?? -- ; commit; Ë€😀`;
    const at = new Date('2026-03-29T01:30:00.123Z');
    const ids = await commitWithEvents(
      server.app,
      [],
      [
        {
          kind: 'TEST',
          messageContent: tricky,
          occurredAt: at,
          latitude: 41.3275,
          longitude: null,
          payload: { note: tricky, n: [1, 2.5, null], nested: { ok: true } },
        },
        { kind: 'TEST', messageContent: null, payload: {} },
      ],
    );
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]! + 1);
    const [row] = await eventsAfter(server.database.db, ids[0]! - 1, 1);
    expect(row).toMatchObject({
      id: ids[0],
      kind: 'TEST',
      messageContent: tricky,
      latitude: 41.3275,
      longitude: null,
      payload: { note: tricky, n: [1, 2.5, null], nested: { ok: true } },
    });
    expect(new Date(row!.occurredAt as string).toISOString()).toBe(at.toISOString());
  });

  it('a failing insert at commit rolls back the writes before it', async () => {
    const before = (await eventsAfter(server.database.db, 0, 1_000_000)).length;
    const [org] = await server.database.db.insert(organizations).values({ name: 'Commit probe' }).returning({ id: organizations.id });
    await expect(
      commitWithEvents(
        server.app,
        [(db) => db.update(organizations).set({ name: 'Changed' }).where(eq(organizations.id, org!.id))],
        [{ kind: 'TEST', organizationId: 999_999, payload: {} }],
      ),
    ).rejects.toThrow();
    expect((await eventsAfter(server.database.db, 0, 1_000_000)).length).toBe(before);
    const [after] = await server.database.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, org!.id));
    expect(after!.name).toBe('Commit probe');
    // The same writes with a good event commit both.
    const ids = await commitWithEvents(
      server.app,
      [(db) => db.update(organizations).set({ name: 'Changed' }).where(eq(organizations.id, org!.id))],
      [{ kind: 'TEST', organizationId: org!.id, payload: {} }],
    );
    expect(ids).toHaveLength(1);
    const [changed] = await server.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, org!.id));
    expect(changed!.name).toBe('Changed');
  });
});
