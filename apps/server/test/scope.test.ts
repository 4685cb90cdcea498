/**
 * Branch-list scope for each role (issue: an organisation admin sees only its organisation, a
 * regional manager only its region, a branch manager only its branch, security-office roles only the
 * organisations their office monitors, a dealer its organisations). The expected sets are computed
 * from the database independently of the server's scope code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface Branch {
  BranchOfficeId: number;
  Code: string;
  OrganizationName: string;
  OrganizationId: number;
  RegionalOfficeName: string | null;
  BranchTimeZone: string;
  BranchDst: string;
}

describe.each(DB_KINDS)('branch board scope on %s', (kind) => {
  let server: TestServer;
  let orgIds: { al: number; us: number; other: number };
  beforeAll(async () => {
    server = await startTestServer(kind);
    const orgs = await rows<{ id: number; name: string }>(server.database.db, sql`select id, name from organizations order by id`);
    const al = orgs.find((o) => /Kombëtare/.test(o.name))!.id;
    const us = orgs.find((o) => /Liberty/.test(o.name))!.id;
    // An organisation nobody in the demo serves, with one branch, to prove it never leaks.
    const [other] = await rows<{ id: number }>(
      server.database.db,
      sql`insert into organizations (name) values ('Unrelated Credit Union') returning id`,
    );
    await server.database.db.execute(sql`insert into branch_offices (organization_id, branch_office_type_id, name, code, time_zone)
      values (${other!.id}, (select id from branch_office_types where type = 'BRANCH'), 'Unrelated Main Street', 'UCU-1', 'America/Denver')`);
    orgIds = { al, us, other: other!.id };
  });
  afterAll(async () => server?.close());

  async function board(email: string, body: Record<string, unknown> = {}) {
    const c = new ApiClient(server.baseUrl);
    await c.login(email);
    return c.post<{ organizationobject: Branch[]; total: number }>('/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', ...body });
  }
  const idsOf = (list: Branch[]) => list.map((b) => b.BranchOfficeId).sort((a, b) => a - b);
  const expected = async (where: ReturnType<typeof sql>) =>
    (await rows<{ id: number }>(server.database.db, sql`select b.id from branch_offices b where ${where} order by b.id`)).map((r) => r.id);

  it('organisation admin: every branch of its organisation and no US branch', async () => {
    const res = await board('orgadmin@example.com');
    expect(res.status).toBe(200);
    const list = res.json.body!.organizationobject;
    expect(idsOf(list)).toEqual(await expected(sql`b.organization_id = ${orgIds.al}`));
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list.some((b) => b.BranchTimeZone.startsWith('America/'))).toBe(false);
    expect(list.every((b) => b.BranchTimeZone === 'Europe/Tirane' && /^CES?T$/.test(b.BranchDst))).toBe(true);
    expect(res.json.body!.total).toBe(list.length);
  });

  it('US organisation admin: only the US bank', async () => {
    const list = (await board('us-orgadmin@example.com')).json.body!.organizationobject;
    expect(idsOf(list)).toEqual(await expected(sql`b.organization_id = ${orgIds.us}`));
    expect(list.length).toBeGreaterThanOrEqual(10);
  });

  it('dealer: both assigned banks, one selected bank on request, and 403 for an organisation it does not serve', async () => {
    const all = (await board('dealer@example.com')).json.body!.organizationobject;
    expect(idsOf(all)).toEqual(await expected(sql`b.organization_id in (${orgIds.al}, ${orgIds.us})`));
    const selected = (await board('dealer@example.com', { organizationId: orgIds.us })).json.body!.organizationobject;
    expect(idsOf(selected)).toEqual(await expected(sql`b.organization_id = ${orgIds.us}`));
    const foreign = await board('dealer@example.com', { organizationId: orgIds.other });
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.json)).not.toContain('Unrelated');
  });

  it.each(['officer@example.com', 'operator@example.com'])('%s: the organisations its security office monitors', async (email) => {
    const list = (await board(email)).json.body!.organizationobject;
    const monitored = await expected(sql`b.organization_id in (select os.organization_id from organization_security_offices os
      join works_in w on w.security_office_id = os.security_office_id join users u on u.id = w.user_id where u.email = ${email})`);
    expect(monitored.length).toBeGreaterThan(0);
    expect(idsOf(list)).toEqual(monitored);
    expect(list.some((b) => b.OrganizationId === orgIds.other)).toBe(false);
  });

  it('regional manager: only the branches of its region', async () => {
    const list = (await board('regional@example.com')).json.body!.organizationobject;
    const region = await expected(
      sql`b.regional_office_id in (select w.regional_office_id from works_in w join users u on u.id = w.user_id where u.email = 'regional@example.com')`,
    );
    expect(region.length).toBeGreaterThan(0);
    expect(idsOf(list)).toEqual(region);
    expect(new Set(list.map((b) => b.RegionalOfficeName)).size).toBe(1);
  });

  it('branch manager: exactly its branch, and no other organisation even when asked', async () => {
    const list = (await board('manager@example.com')).json.body!.organizationobject;
    expect(list).toHaveLength(1);
    const own = await expected(
      sql`b.id in (select w.branch_office_id from works_in w join users u on u.id = w.user_id where u.email = 'manager@example.com')`,
    );
    expect(idsOf(list)).toEqual(own);
    expect((await board('manager@example.com', { organizationId: orgIds.us })).status).toBe(403);
  });

  it('filters by search and region inside the scope, and treats LIKE wildcards as text', async () => {
    const all = (await board('orgadmin@example.com')).json.body!.organizationobject;
    const first = all[0]!;
    const bySearch = (await board('orgadmin@example.com', { search: first.Code.toLowerCase() })).json.body!.organizationobject;
    expect(bySearch.map((b) => b.BranchOfficeId)).toContain(first.BranchOfficeId);
    expect((await board('orgadmin@example.com', { search: '%' })).json.body!.organizationobject).toHaveLength(0);
    const usSearch = (await board('orgadmin@example.com', { search: 'Unrelated' })).json.body!.organizationobject;
    expect(usSearch).toHaveLength(0);
  });

  it('lists organisations in scope for the dealer card', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('dealer@example.com');
    const res = await c.post<{ organizationobject: { OrganizationId: number }[] }>('/api/client/getorganizations');
    expect(res.json.body!.organizationobject.map((o) => o.OrganizationId).sort()).toEqual([orgIds.al, orgIds.us].sort());
  });
});
