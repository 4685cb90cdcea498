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

  /** Runs `n` commitWithEvents calls at once (call `failing` with an unknown organisation); outcomes in call order. */
  const together = (n: number, failing = -1) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        commitWithEvents(
          server.app,
          [],
          [{ kind: 'TEST', payload: { group: i }, ...(i === failing ? { organizationId: 999_999 } : {}) }],
        ).then(
          (ids) => ({ ok: true as const, ids }),
          (err: unknown) => ({ ok: false as const, err }),
        ),
      ),
    );
  /** The committed events `ids`: group number and writing transaction (xmin), by id. */
  const committedRows = async (ids: number[]) => {
    const res = (await server.database.db.execute(
      sql`select id, xmin::text as tx, payload from events where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`,
    )) as unknown as { rows: { tx: string; payload: { group: number } }[] } | { tx: string; payload: { group: number } }[];
    return Array.isArray(res) ? res : res.rows;
  };

  it('calls arriving together share transactions (group commit), each answered with its own ids, in order', async () => {
    const outcomes = await together(12);
    const ids = outcomes.flatMap((o) => (o.ok ? o.ids : []));
    expect(ids).toHaveLength(12);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const rows = await committedRows(ids);
    expect(rows.map((r) => r.payload.group)).toEqual([...Array(12).keys()]);
    // The first goes at once; the eleven that queued behind it commit together.
    expect(new Set(rows.map((r) => r.tx)).size).toBeLessThan(12);
  });

  it('a call that fails in a shared transaction fails alone; the others commit once each', async () => {
    const outcomes = await together(12, 5);
    expect(outcomes.map((o) => o.ok)).toEqual(outcomes.map((_, i) => i !== 5));
    const ids = outcomes.flatMap((o) => (o.ok ? o.ids : []));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect((await committedRows(ids)).map((r) => r.payload.group)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
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
