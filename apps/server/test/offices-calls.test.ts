/**
 * Spec §7 office calls added for issue 19: getbranchbyregionalid (GET-BRANCH-OFFICES-BY-REGION),
 * getofficesformap (GET-FOR-MAP-COMPACT: organizationobject + organizationfeatures) and
 * getknownoperators' §3 operators (Brand, SmsDomain). Scope: another organisation's region 404,
 * its branches never listed; bad input 400. Which branches are whose is read from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KNOWN_OPERATORS, type BranchOfficeRow, type GetOfficesForMapBody, type KnownOperator } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('office calls on %s', (kind) => {
  let server: TestServer;
  const c: Record<string, ApiClient> = {};
  let alOrg = 0;
  let usOrg = 0;
  let tirRegion = 0;
  let usRegion = 0;
  const q = async <T>(s: ReturnType<typeof sql>) => rows<T>(server.database.db, s);

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    for (const [k, email] of Object.entries({
      al: 'orgadmin@example.com',
      us: 'us-orgadmin@example.com',
      regional: 'regional@example.com',
      manager: 'manager@example.com',
      dealer: 'dealer@example.com',
    })) {
      c[k] = new ApiClient(server.baseUrl);
      await c[k].login(email);
    }
    const [b] = await q<{ r: number; o: number }>(
      sql`select regional_office_id as r, organization_id as o from branch_offices where name = 'Dega Skënderbej'`,
    );
    tirRegion = b!.r;
    alOrg = b!.o;
    const [us] = await q<{ r: number; o: number }>(
      sql`select b.regional_office_id as r, b.organization_id as o from branch_offices b join organizations o on o.id = b.organization_id
          where o.name like '%Liberty%' and b.regional_office_id is not null order by b.id limit 1`,
    );
    usRegion = us!.r;
    usOrg = us!.o;
  }, 120_000);
  afterAll(async () => server?.close());

  it('getbranchbyregionalid: the region’s branches in scope; another organisation’s region 404; bad input 400', async () => {
    const expected = (await q<{ id: number }>(sql`select id from branch_offices where regional_office_id = ${tirRegion} order by id`)).map(
      (r) => r.id,
    );
    expect(expected.length).toBeGreaterThan(1);
    const r = await c.al!.post<{ organizationobject: BranchOfficeRow[] }>('/api/client/getbranchbyregionalid', {
      case: 'GET-BRANCH-OFFICES-BY-REGION',
      regionalOfficeId: tirRegion,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.body!.organizationobject.map((b) => b.BranchOfficeId).sort((a, b) => a - b)).toEqual(expected);
    expect(r.json.body!.organizationobject.every((b) => b.RegionalOfficeId === tirRegion)).toBe(true);
    // The regional manager of that region sees the same; the branch manager only their own branch(es).
    const reg = await c.regional!.post<{ organizationobject: BranchOfficeRow[] }>('/api/client/getbranchbyregionalid', {
      case: 'GET-BRANCH-OFFICES-BY-REGION',
      regionalOfficeId: tirRegion,
    });
    const regionalRegions = (
      await q<{ id: number }>(
        sql`select w.regional_office_id as id from works_in w join users u on u.id = w.user_id where u.email = 'regional@example.com' and w.regional_office_id is not null`,
      )
    ).map((x) => x.id);
    expect(reg.status).toBe(regionalRegions.includes(tirRegion) ? 200 : 404);
    if (reg.status === 200) expect(reg.json.body!.organizationobject.map((b) => b.BranchOfficeId).sort((a, b) => a - b)).toEqual(expected);
    else expect(reg.status).toBe(404);
    const mine = await c.manager!.post<{ organizationobject: BranchOfficeRow[] }>('/api/client/getbranchbyregionalid', {
      case: 'GET-BRANCH-OFFICES-BY-REGION',
      regionalOfficeId: tirRegion,
    });
    expect(mine.status).toBe(200);
    const managed = (
      await q<{ id: number }>(
        sql`select w.branch_office_id as id from works_in w join users u on u.id = w.user_id where u.email = 'manager@example.com' and w.branch_office_id is not null`,
      )
    ).map((x) => x.id);
    expect(mine.json.body!.organizationobject.every((b) => managed.includes(b.BranchOfficeId))).toBe(true);

    // Another organisation's region: 404 both ways, nothing revealed.
    for (const [who, region] of [
      ['us', tirRegion],
      ['al', usRegion],
    ] as const) {
      const x = await c[who]!.post('/api/client/getbranchbyregionalid', { case: 'GET-BRANCH-OFFICES-BY-REGION', regionalOfficeId: region });
      expect(x.status).toBe(404);
      expect(JSON.stringify(x.json)).not.toContain('Dega');
    }
    expect(
      (await c.al!.post('/api/client/getbranchbyregionalid', { case: 'GET-BRANCH-OFFICES-BY-REGION', regionalOfficeId: 999_999 })).status,
    ).toBe(404);
    for (const body of [
      { case: 'GET-BRANCH-OFFICES-BY-REGION' },
      { case: 'X', regionalOfficeId: tirRegion },
      { case: 'GET-BRANCH-OFFICES-BY-REGION', regionalOfficeId: 'abc' },
      { case: 'GET-BRANCH-OFFICES-BY-REGION', regionalOfficeId: -1 },
    ]) {
      const x = await c.al!.post('/api/client/getbranchbyregionalid', body);
      expect(x.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('getofficesformap: compact rows and a GeoJSON point per placed branch, in scope only', async () => {
    const r = await c.al!.post<GetOfficesForMapBody>('/api/client/getofficesformap', { case: 'GET-FOR-MAP-COMPACT' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const body = r.json.body!;
    const inOrg = (await q<{ id: number }>(sql`select id from branch_offices where organization_id = ${alOrg} order by id`)).map(
      (x) => x.id,
    );
    expect(body.organizationobject.map((b) => b.BranchOfficeId).sort((a, b) => a - b)).toEqual(inOrg);
    expect(body.organizationobject.every((b) => b.OrganizationId === alOrg)).toBe(true);
    expect(Object.keys(body.organizationobject[0]!).sort()).toEqual(
      [
        'BranchAction',
        'BranchActionTime',
        'BranchOfficeId',
        'Latitude',
        'Longitude',
        'Name',
        'OrganizationId',
        'RegionalOfficeId',
        'StatusId',
        'TestMode',
      ].sort(),
    );
    expect(body.organizationfeatures.type).toBe('FeatureCollection');
    const placed = body.organizationobject.filter((b) => b.Latitude != null && b.Longitude != null);
    expect(body.organizationfeatures.features).toHaveLength(placed.length);
    const f = body.organizationfeatures.features[0]!;
    expect(f.geometry.coordinates).toEqual([f.properties.Longitude, f.properties.Latitude]);
    // Another organisation asked for by id: 403; the US admin never gets the Albanian branches.
    expect((await c.al!.post('/api/client/getofficesformap', { case: 'GET-FOR-MAP-COMPACT', organizationId: usOrg })).status).toBe(403);
    const us = await c.us!.post<GetOfficesForMapBody>('/api/client/getofficesformap', { case: 'GET-FOR-MAP-COMPACT' });
    expect(us.json.body!.organizationobject.some((b) => inOrg.includes(b.BranchOfficeId))).toBe(false);
    expect((await c.al!.post('/api/client/getofficesformap', { case: 'GET-FOR-MAP' })).status).toBe(400);
    expect((await c.al!.post('/api/client/getofficesformap', { case: 'GET-FOR-MAP-COMPACT', organizationId: 'x' })).status).toBe(400);
  });

  it('getknownoperators answers the §3 operators (Brand, SmsDomain), not an empty list', async () => {
    const r = await c.al!.post<{ operators: KnownOperator[]; branchofficetypes: unknown[] }>('/api/client/getknownoperators', {
      case: 'GET-BRANCH-OFFICE-TYPES',
    });
    expect(r.status).toBe(200);
    expect(r.json.body!.operators).toEqual([...KNOWN_OPERATORS]);
    expect(r.json.body!.operators.length).toBeGreaterThan(5);
    for (const o of r.json.body!.operators) expect(o.SmsDomain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(r.json.body!.branchofficetypes.length).toBeGreaterThan(0);
  });
});
