/**
 * PGliteThread (the embedded database on its own thread): what Drizzle and the event log rely on
 * crosses the thread unchanged — results, PostgreSQL's error fields, transactions that commit or
 * roll back, PGlite's one-connection ordering — and what cannot cross is refused, not altered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../config.js';
import { PGliteThread } from './pglite-thread.js';

describe('PGliteThread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = new PGliteThread();
    await db.waitReady;
    await db.exec(`create table t (id serial primary key, code text not null constraint t_code_uq unique, at timestamptz, doc jsonb)`);
  });
  afterAll(async () => db.close());

  it('answers queries with parameters, both row modes, and several statements at once', async () => {
    const inserted = await db.query<{ id: number }>(`insert into t (code, at, doc) values ($1, $2, $3) returning id`, [
      'a',
      '2026-03-29T01:30:00Z',
      JSON.stringify({ k: [1, 2] }),
    ]);
    expect(inserted.rows).toEqual([{ id: 1 }]);
    const asObjects = await db.query<{ code: string; doc: unknown; at: Date }>(`select code, doc, at from t where id = $1`, [1]);
    expect(asObjects.rows[0]!.code).toBe('a');
    expect(asObjects.rows[0]!.doc).toEqual({ k: [1, 2] });
    expect(asObjects.rows[0]!.at).toBeInstanceOf(Date);
    expect((asObjects.rows[0]!.at as Date).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    const asArrays = await db.query<unknown[]>(`select id, code from t`, [], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([[1, 'a']]);
    const results = await db.exec(`insert into t (code) values ('b'); select count(*)::int as n from t`);
    expect(results.at(-1)!.rows).toEqual([{ n: 2 }]);
  });

  it('answers a statement without parameters (run by the simple protocol) as the same statement with them', async () => {
    const keep = (v: string) => v;
    for (const rowMode of ['object', 'array'] as const) {
      const bare = await db.query(`select id, code, at from t where code = 'a'`, [], { rowMode, parsers: { 1184: keep } });
      const bound = await db.query(`select id, code, at from t where code = $1`, ['a'], { rowMode, parsers: { 1184: keep } });
      expect(bare.rows).toEqual(bound.rows);
      expect(bare.fields).toEqual(bound.fields);
    }
    // Asked without a parser, the types Drizzle keeps as text are parsed as PGlite parses them (arrays too).
    const parsed = await db.query<{ at: Date; ats: Date[]; day: string }>(
      `select at, array[at, at] as ats, interval '1 day' as day from t where code = 'a'`,
    );
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    expect(parsed.rows[0]!.ats.map((d) => d.toISOString())).toEqual(['2026-03-29T01:30:00.000Z', '2026-03-29T01:30:00.000Z']);
    const kept = await db.query<{ ats: string }>(`select array[at] as ats from t where code = 'a'`, [], { parsers: { 1185: keep } });
    expect(kept.rows[0]!.ats).toMatch(/^\{"2026-03-29 01:30:00/);
    await db.exec(`prepare t_by_code as select id, code from t where code = $1`);
    expect((await db.query(`execute t_by_code('a')`)).rows).toEqual([{ id: 1, code: 'a' }]);
    const updated = await db.query(`update t set doc = doc where code in ('a', 'b')`);
    expect(updated.affectedRows).toBe(2);
    expect((await db.query(`select code from t where false`)).fields.map((f) => f.name)).toEqual(['code']);
    await db.exec(`deallocate t_by_code`);
  });

  it('builds rows as objects as PGlite does: a repeated name keeps its first place and its last value; __proto__ is a column', async () => {
    const repeated = await db.query<Record<string, unknown>>(`select 1 as a, 'x' as b, 3 as a`);
    expect(repeated.rows).toEqual([{ a: 3, b: 'x' }]);
    expect(Object.keys(repeated.rows[0]!)).toEqual(['a', 'b']);
    expect(repeated.fields.map((f) => f.name)).toEqual(['a', 'b', 'a']);
    const proto = await db.query<Record<string, unknown>>(`select 1 as "__proto__", 2 as b`);
    expect(Object.getPrototypeOf(proto.rows[0]!)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(proto.rows[0]!, '__proto__')?.value).toBe(1);
    const none = await db.query(`select code from t where false`);
    expect(none.rows).toEqual([]);
  });

  it('keeps timestamps as text when the parser keeps the text (as Drizzle asks), and refuses a parser that changes it', async () => {
    const keep = (v: string) => v;
    const r = await db.query<{ at: string }>(`select at from t where code = 'a'`, [], { parsers: { 1184: keep } });
    expect(typeof r.rows[0]!.at).toBe('string');
    expect(r.rows[0]!.at).toMatch(/^2026-03-29 01:30:00/);
    expect(() => db.query(`select 1`, [], { parsers: { 1184: (v: string) => new Date(v) } })).toThrow(/changes the text/);
  });

  it("keeps PostgreSQL's error fields (a unique violation's code and constraint)", async () => {
    const err = (await db.query(`insert into t (code) values ('a')`).catch((e: unknown) => e)) as Record<string, unknown>;
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('t_code_uq');
    expect(String(err.message)).toMatch(/duplicate key/);
  });

  it('commits a transaction that resolves and rolls back one that throws, with its error', async () => {
    const committed = await db.transaction(async (tx) => {
      await tx.query(`insert into t (code) values ('c')`);
      return (await tx.query<{ n: number }>(`select count(*)::int as n from t`)).rows[0]!.n;
    });
    expect(committed).toBe(3);
    const failure = new Error('stop');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t (code) values ('d')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    // A statement that fails inside the transaction: rolled back, the database error propagates.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t (code) values ('e')`);
        await tx.query(`insert into t (code) values ('a')`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const codes = (await db.query<{ code: string }>(`select code from t order by id`)).rows.map((r) => r.code);
    expect(codes).toEqual(['a', 'b', 'c']);
  });

  it('runs a query from outside an open transaction only after the transaction ends (one connection, as PGlite)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query(`insert into t (code) values ('f')`);
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db.query<{ n: number }>(`select count(*)::int as n from t where code = 'f'`).then((r) => {
      order.push('outside read');
      return r.rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('a thread that stops on its own fails the waiting call and later ones, and reports it once; close does not', async () => {
    const failures: Error[] = [];
    const other = new PGliteThread(undefined, (err) => failures.push(err));
    await other.waitReady;
    const waiting = other.query('select pg_sleep(5)');
    // A crash of the database thread, as an out-of-memory abort would end it.
    await (other as unknown as { worker: Worker }).worker.terminate();
    await expect(waiting).rejects.toThrow(/stopped/);
    await expect(other.query('select 1')).rejects.toThrow(/stopped/);
    expect(failures).toHaveLength(1);
    await other.close();
    expect(failures).toHaveLength(1);
  });

  it('starts PostgreSQL with the shared_buffers asked for (DEFAULT_PGLITE_SHARED_BUFFERS_MB by default)', async () => {
    const show = async (t: PGliteThread) => (await t.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers;
    expect(await show(db)).toBe(`${DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`);
    const other = new PGliteThread(undefined, undefined, undefined, { sharedBuffersMb: 2 });
    await other.waitReady;
    expect(await show(other)).toBe('2MB');
    await other.close();
  });

  it('refuses calls once closed, and a close is not a failure', async () => {
    const failures: Error[] = [];
    const other = new PGliteThread(undefined, (err) => failures.push(err));
    await other.waitReady;
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/stopped/);
    expect(failures).toEqual([]);
  });

  it('creates a new data folder in a process of its own, then opens it; a folder it cannot create fails with the reason', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pgdata-'));
    try {
      const dir = path.join(parent, 'pgdata');
      const first = new PGliteThread(dir);
      await first.waitReady;
      expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      await first.exec(`create table kept (v int); insert into kept values (7)`);
      await first.close();
      const again = new PGliteThread(dir);
      await again.waitReady;
      expect((await again.query<{ v: number }>('select v from kept')).rows).toEqual([{ v: 7 }]);
      await again.close();

      // A regular file where the folder's parent should be: initdb cannot make the folder.
      fs.writeFileSync(path.join(parent, 'file'), 'not a folder');
      const failures: Error[] = [];
      const bad = new PGliteThread(path.join(parent, 'file', 'pgdata'), (err) => failures.push(err));
      await expect(bad.waitReady).rejects.toThrow(/creating the embedded database in .*file\/pgdata failed/);
      await bad.close().catch(() => undefined);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it("on a data folder, sees every change of a relation's length (the file sizes it keeps between changes) and loses no row", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pgdata-'));
    const onDisk = async (t: PGliteThread, relation: string) => {
      const [r] = (
        await t.query<{ file: string; bytes: string }>(
          `select pg_relation_filepath('${relation}') as file, pg_relation_size('${relation}')::text as bytes`,
        )
      ).rows;
      return { postgres: Number(r!.bytes), disk: fs.statSync(path.join(dir, 'pgdata', r!.file)).size };
    };
    try {
      const first = new PGliteThread(path.join(dir, 'pgdata'));
      await first.waitReady;
      await first.exec(`create table grow (id int primary key, pad text)`);
      // Length asked (a scan), then the relation grows: the next scan must see the new blocks.
      for (let round = 1; round <= 3; round++) {
        expect((await first.query<{ n: number }>(`select count(*)::int as n from grow`)).rows[0]!.n).toBe((round - 1) * 2000);
        await first.exec(`insert into grow select g, repeat('x', 200) from generate_series(${(round - 1) * 2000 + 1}, ${round * 2000}) g`);
        const size = await onDisk(first, 'grow');
        expect(size.postgres).toBe(size.disk);
      }
      // Shrunk by VACUUM (the empty end of the file is cut off), then grown again.
      await first.exec(`delete from grow where id > 1000`);
      await first.query(`vacuum grow`);
      const shrunk = await onDisk(first, 'grow');
      expect(shrunk.postgres).toBe(shrunk.disk);
      await first.exec(`insert into grow select g, repeat('y', 200) from generate_series(1001, 1500) g`);
      expect((await first.query<{ n: number }>(`select count(*)::int as n from grow`)).rows[0]!.n).toBe(1500);
      // A new file for the relation (TRUNCATE), the old one removed.
      await first.exec(`truncate grow; insert into grow select g, 'z' from generate_series(1, 300) g`);
      const renewed = await onDisk(first, 'grow');
      expect(renewed.postgres).toBe(renewed.disk);
      await first.close();
      const again = new PGliteThread(path.join(dir, 'pgdata'));
      await again.waitReady;
      expect((await again.query<{ n: number; max: number }>(`select count(*)::int as n, max(id) as max from grow`)).rows).toEqual([
        { n: 300, max: 300 },
      ]);
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
