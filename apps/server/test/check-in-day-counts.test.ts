/**
 * check_in_day_counts (migration 0021, the check-in/out report's total) against a recount of
 * `check_ins` written here, after each kind of write its triggers handle: inserts of one or many
 * rows on either side of a branch-local midnight, a check-out (no change), an update moving a
 * check-in to another branch, day and geofence, deletes, a change of a branch's time zone and a
 * truncate; and the report's total against its rows for every scope and geofence filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CheckInOutRow } from '@vigil/contract';
import { rows, type Db } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';
import { buildFixture, PASSWORD, type Fixture } from './reports-fixture.js';

const COLUMNS = sql`branch_office_id, day::text as day, check_ins, inside_geofence, outside_geofence`;

/** The counts straight from the check-ins, in the branch's current zone. */
const RECOUNT = sql`select ${COLUMNS} from (
    select c.branch_office_id, (c.check_in_at at time zone b.time_zone)::date as day, count(*)::int as check_ins,
      count(*) filter (where c.inside_geofence)::int as inside_geofence, count(*) filter (where not c.inside_geofence)::int as outside_geofence
    from check_ins c join branch_offices b on b.id = c.branch_office_id group by 1, 2) r
  order by branch_office_id, day`;

describe.each(DB_KINDS)('check_in_day_counts on %s', (kind) => {
  let server: TestServer;
  let fx: Fixture;
  let db: Db;
  const clients = new Map<string, ApiClient>();
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' }, { seed: false });
    db = server.database.db;
    fx = await buildFixture(db);
  });
  afterAll(async () => server?.close());

  /** The table as it is: rows whose counts went back to zero are removed by the triggers (compared with the recount, which has none). */
  const table = () => rows<Record<string, unknown>>(db, sql`select ${COLUMNS} from check_in_day_counts order by branch_office_id, day`);
  const recount = () => rows<Record<string, unknown>>(db, RECOUNT);
  async function insert(list: { user: number; branch: number; at: string; inside: boolean | null }[]) {
    const values = list.map((r) => sql`(${r.user}, ${r.branch}, ${r.at}::timestamptz, ${r.inside}::boolean)`);
    const out = await rows<{ id: number }>(
      db,
      sql`insert into check_ins (user_id, branch_office_id, check_in_at, inside_geofence) values ${sql.join(values, sql`, `)} returning id`,
    );
    return out.map((r) => r.id);
  }
  async function page(email: string, body: Record<string, unknown>) {
    let c = clients.get(email);
    if (!c) {
      c = new ApiClient(server.baseUrl);
      await c.login(email, PASSWORD);
      clients.set(email, c);
    }
    const res = await c.post<{ resultobject: CheckInOutRow[]; total: number }>('/api/client/getcheckinout', { limit: 500, ...body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.body!;
  }

  it('agrees with a recount of the check-ins after every kind of write', async () => {
    expect(await table()).toEqual(await recount());
    expect((await table()).length).toBeGreaterThan(0);

    // Tirana in March 2026 is UTC+1 until the 29th: 23:30 UTC on the 2nd is the 3rd there.
    const ids = await insert([
      { user: fx.arben, branch: fx.tirana, at: '2026-03-02T08:00:00Z', inside: true },
      { user: fx.arben, branch: fx.tirana, at: '2026-03-02T07:00:00Z', inside: false },
      { user: fx.nora, branch: fx.tirana, at: '2026-03-02T22:59:59Z', inside: null },
      { user: fx.nora, branch: fx.tirana, at: '2026-03-02T23:30:00Z', inside: true },
      { user: fx.arben, branch: fx.durres, at: '2026-03-02T12:00:00Z', inside: true },
    ]);
    await insert([{ user: fx.chris, branch: fx.chicago, at: '2026-03-03T04:00:00Z', inside: false }]);
    expect(await table()).toEqual(await recount());
    expect((await table()).find((r) => r.branch_office_id === fx.tirana && r.day === '2026-03-02')).toMatchObject({
      check_ins: 3,
      inside_geofence: 1,
      outside_geofence: 1,
    });

    // A check-out changes no count (and writes none); a move to another branch, day and geofence does.
    const before = await table();
    await db.execute(
      sql`update check_ins set check_out_at = check_in_at + interval '8 hours', checked_out_by = user_id where id = ${ids[0]}`,
    );
    expect(await table()).toEqual(before);
    await db.execute(
      sql`update check_ins set branch_office_id = ${fx.durres}, check_in_at = '2026-03-05T10:00:00Z', inside_geofence = false where id = ${ids[1]}`,
    );
    expect(await table()).toEqual(await recount());
    // Several rows in one statement, and a delete.
    await db.execute(
      sql`update check_ins set inside_geofence = not coalesce(inside_geofence, false) where branch_office_id = ${fx.tirana}`,
    );
    expect(await table()).toEqual(await recount());
    await db.execute(sql`delete from check_ins where id in (${ids[2]}, ${ids[4]})`);
    expect(await table()).toEqual(await recount());
    // A branch's new time zone moves its check-ins' local days.
    await db.execute(sql`update branch_offices set time_zone = 'Asia/Tokyo' where id = ${fx.tirana}`);
    expect(await table()).toEqual(await recount());
    await db.execute(sql`update branch_offices set time_zone = 'Europe/Tirane' where id = ${fx.tirana}`);
    expect(await table()).toEqual(await recount());
  });

  it("the report's total is the number of its rows for every scope, geofence filter and range", async () => {
    const [region] = await rows<{ id: number }>(db, sql`select regional_office_id as id from branch_offices where id = ${fx.tirana}`);
    const scopes: [string, Record<string, unknown>][] = [
      ['alpha-admin@test.com', {}],
      ['alpha-admin@test.com', { branchOfficeId: fx.durres }],
      ['alpha-admin@test.com', { regionalOfficeId: region!.id }],
      ['alpha-admin@test.com', { userId: fx.nora }],
      ['bravo-admin@test.com', {}],
      ['officer@test.com', {}],
      ['officer@test.com', { organizationId: fx.orgA }],
      ['alpha-manager@test.com', {}],
    ];
    const ranges = [
      { fromDate: '2026-03-02', toDate: '2026-03-02' },
      { fromDate: '2026-03-03', toDate: '2026-03-03' },
      { fromDate: '2026-03-01', toDate: '2026-03-31' },
    ];
    let nonZero = 0;
    for (const [email, filter] of scopes)
      for (const range of ranges)
        for (const geofence of [{}, { insideGeofence: true }, { insideGeofence: false }]) {
          const p = await page(email, { ...range, ...filter, ...geofence });
          expect(p.total, `${email} ${JSON.stringify({ ...filter, ...range, ...geofence })}`).toBe(p.resultobject.length);
          if (p.total > 0) nonZero++;
        }
    expect(nonZero).toBeGreaterThan(20);
  });

  it('a truncate of the check-ins empties the counts', async () => {
    await db.execute(sql`truncate check_ins`);
    expect(await rows(db, sql`select * from check_in_day_counts`)).toEqual([]);
  });
});
