/**
 * POST /api/client/getbranchemployees (spec §7 Offices and organisations; docs/API.md): the people
 * working at a branch or its region, each once, by surname then name; 404 for a branch outside
 * the caller's scope; 400 for a missing id. Expectations are computed from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface Person {
  UserId: number;
  Surname: string;
  Name: string;
  RoleId: number;
  RoleNameDisplay: string;
  Status: string;
}

describe.each(DB_KINDS)('getbranchemployees on %s', (kind) => {
  let server: TestServer;
  const as: Record<string, ApiClient> = {};
  const db = () => server.database.db;

  /** Who works at the branch (WorksIn the branch or its region), by surname, name: what the call must answer. */
  const expected = async (branchId: number) =>
    rows<{ id: number; surname: string; name: string }>(
      db(),
      sql`select distinct u.id, u.surname, u.name from users u join works_in w on w.user_id = u.id
          join branch_offices b on b.id = ${branchId}
          where w.branch_office_id = b.id or (b.regional_office_id is not null and w.regional_office_id = b.regional_office_id)
          order by u.surname, u.name, u.id`,
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const email of ['orgadmin', 'manager']) {
      as[email] = new ApiClient(server.baseUrl);
      await as[email].login(`${email}@example.com`);
    }
  });
  afterAll(async () => server?.close());

  it('answers the people of a branch in scope, including those who work at its region', async () => {
    const [branch] = await rows<{ id: number }>(
      db(),
      sql`select b.id from branch_offices b join users u on u.organization_id = b.organization_id
          where u.email = 'orgadmin@example.com' and b.regional_office_id is not null
            and exists (select 1 from works_in w where w.regional_office_id = b.regional_office_id)
            and exists (select 1 from works_in w where w.branch_office_id = b.id)
          order by b.id limit 1`,
    );
    expect(branch, 'demo data has a branch with branch and region staff').toBeDefined();
    const res = await as.orgadmin!.post<{ userobject: Person[] }>('/api/client/getbranchemployees', { param_branchid: branch!.id });
    expect(res.status).toBe(200);
    const people = res.json.body!.userobject;
    const want = await expected(branch!.id);
    expect(new Set(people.map((p) => p.UserId))).toEqual(new Set(want.map((w) => w.id)));
    expect(people).toHaveLength(want.length);
    // Ordered by surname then name (ties in any order).
    expect(people.map((p) => `${p.Surname}\u0000${p.Name}`)).toEqual(want.map((w) => `${w.surname}\u0000${w.name}`));
    const regional = await rows<{ id: number }>(
      db(),
      sql`select w.user_id as id from works_in w join branch_offices b on b.regional_office_id = w.regional_office_id where b.id = ${branch!.id}`,
    );
    expect(people.some((p) => regional.some((r) => r.id === p.UserId))).toBe(true);
    for (const p of people) {
      expect(p.RoleNameDisplay).not.toBe(String(p.RoleId));
      expect(['Active', 'Pending', 'Inactive']).toContain(p.Status);
    }
  });

  it('answers 404 for a branch outside the scope and 400 without a branch id', async () => {
    const [own] = await rows<{ id: number }>(
      db(),
      sql`select w.branch_office_id as id from works_in w join users u on u.id = w.user_id
          where u.email = 'manager@example.com' and w.branch_office_id is not null order by 1 limit 1`,
    );
    const mine = await as.manager!.post<{ userobject: Person[] }>('/api/client/getbranchemployees', { param_branchid: own!.id });
    expect(mine.status).toBe(200);
    expect(mine.json.body!.userobject.map((p) => p.UserId).sort()).toEqual((await expected(own!.id)).map((w) => w.id).sort());

    const [other] = await rows<{ id: number }>(
      db(),
      sql`select b.id from branch_offices b where b.id not in
          (select branch_office_id from works_in w join users u on u.id = w.user_id where u.email = 'manager@example.com' and branch_office_id is not null)
          order by b.id limit 1`,
    );
    const res = await as.manager!.post('/api/client/getbranchemployees', { param_branchid: other!.id });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, code: 'errors.notFound' });

    const bad = await as.manager!.post('/api/client/getbranchemployees', {});
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe('param_branchid');
  });
});
