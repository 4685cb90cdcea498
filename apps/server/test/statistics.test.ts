/**
 * getstatistics (spec §7 "getstatistics (branch structure)"; issue 19): the organisation's regions
 * with branch counts by status, test mode and type, branches without a region, and totals — the
 * expectations are counted from the database; roles 2 and 12 only, the dealer's organisation on
 * request, 403 outside the scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface Region {
  RegionalOfficeId: number | null;
  RegionalOfficeName: string | null;
  Active: number;
  Pending: number;
  Inactive: number;
  TestMode: number;
  Total: number;
  Types: { BranchOfficeTypeDisplay: string; Count: number }[];
}
interface Structure {
  OrganizationId: number;
  OrganizationName: string;
  Regions: Region[];
  Totals: { Regions: number; Total: number; Active: number; Employees: number; TestMode: number };
}

describe.each(DB_KINDS)('getstatistics on %s', (kind) => {
  let server: TestServer;
  let al: number;
  let us: number;
  let other: number;
  const db = () => server.database.db;
  const as = async (email: string) => {
    const c = new ApiClient(server.baseUrl);
    await c.login(email);
    return c;
  };
  const stats = (c: ApiClient, body: Record<string, unknown> = {}) =>
    c.post<{ statisticsobject: Structure }>('/api/client/getstatistics', { case: 'GET-BRANCH-STRUCTURE', ...body });

  beforeAll(async () => {
    server = await startTestServer(kind);
    const orgs = await rows<{ id: number; name: string }>(db(), sql`select id, name from organizations order by id`);
    al = orgs.find((o) => /Kombëtare/.test(o.name))!.id;
    us = orgs.find((o) => /Liberty/.test(o.name))!.id;
    const [o] = await rows<{ id: number }>(db(), sql`insert into organizations (name) values ('Unrelated Credit Union') returning id`);
    other = o!.id;
    // One branch of the Albanian bank out of its region, in test mode and Inactive; an empty region.
    await db().execute(sql`insert into branch_offices (organization_id, branch_office_type_id, name, code, time_zone, test_mode, status_id)
      values (${al}, (select id from branch_office_types where type = 'BRANCH'), 'Stats Loose Branch', 'STATS-1', 'Europe/Tirane', true, 3)`);
    await db().execute(sql`insert into offices (organization_id, office_type_id, name, code, time_zone)
      values (${al}, 2, 'AAA Stats Empty Region', 'STATS-R', 'Europe/Tirane')`);
  });
  afterAll(async () => server?.close());

  it('the organisation admin gets its regions with the branch counts of the database, the loose branch last, and totals', async () => {
    const res = await stats(await as('orgadmin@example.com'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const s = res.json.body!.statisticsobject;
    expect(s.OrganizationId).toBe(al);
    const expected = await rows<{ id: number | null; total: number; active: number; test: number }>(
      db(),
      sql`select b.regional_office_id as id, count(*)::int as total, count(*) filter (where b.status_id = 1)::int as active,
            count(*) filter (where b.test_mode)::int as test
          from branch_offices b where b.organization_id = ${al} group by b.regional_office_id`,
    );
    const [regionCount] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from offices where organization_id = ${al} and office_type_id = 2`,
    );
    const [people] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from users where organization_id = ${al} and status_id = 1`,
    );
    expect(s.Totals.Regions).toBe(regionCount!.n);
    expect(s.Totals.Total).toBe(expected.reduce((n, r) => n + r.total, 0));
    expect(s.Totals.Active).toBe(expected.reduce((n, r) => n + r.active, 0));
    expect(s.Totals.Employees).toBe(people!.n);
    for (const e of expected) {
      const r = s.Regions.find((x) => x.RegionalOfficeId === e.id)!;
      expect(r, String(e.id)).toBeTruthy();
      expect([r.Total, r.Active, r.TestMode]).toEqual([e.total, e.active, e.test]);
      expect(r.Active + r.Pending + r.Inactive).toBe(r.Total);
      expect(r.Types.reduce((n, t) => n + t.Count, 0)).toBe(r.Total);
    }
    // Regions by name (the empty one first, with zeros); the branches without a region last.
    expect(s.Regions[0]).toMatchObject({ RegionalOfficeName: 'AAA Stats Empty Region', Total: 0, Types: [] });
    expect(s.Regions.at(-1)).toMatchObject({ RegionalOfficeId: null, Total: 1, Inactive: 1, TestMode: 1 });
    expect(s.Regions.at(-1)!.Types).toEqual([{ BranchOfficeTypeId: expect.any(Number), BranchOfficeTypeDisplay: 'Branch', Count: 1 }]);
  });

  it('the dealer gets a served organisation on request; 403 for another, for a foreign organisation and for roles other than 2 and 12', async () => {
    const dealer = await as('dealer@example.com');
    const usStats = await stats(dealer, { organizationId: us });
    expect(usStats.status).toBe(200);
    expect(usStats.json.body!.statisticsobject.OrganizationId).toBe(us);
    expect(usStats.json.body!.statisticsobject.OrganizationName).toMatch(/Liberty/);
    expect((await stats(dealer, { organizationId: other })).status).toBe(403);
    expect((await stats(await as('orgadmin@example.com'), { organizationId: us })).status).toBe(403);
    for (const email of ['manager@example.com', 'officer@example.com', 'regional@example.com']) {
      const r = await stats(await as(email));
      expect(r.status, email).toBe(403);
    }
    const bad = await stats(await as('orgadmin@example.com'), { organizationId: 'abc' });
    expect(bad.status).toBe(400);
  });
});
