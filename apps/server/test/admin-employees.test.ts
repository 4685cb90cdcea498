/**
 * The admin console's employees (issue 19, spec §2 /admin/employees, §7 admin manageemployees and
 * managerolestatus): the platform admin creates a new organisation's first admin, edits, changes
 * role and status, resends the activation and sends a temporary password (SEND-TEMPORARY-PASSWORD)
 * for any organisation; client sessions keep their scope on the same case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface Person {
  UserId: number;
  Email: string;
  StatusId: number;
  RoleId: number;
  OrganizationName: string | null;
}

describe.each(DB_KINDS)('admin console employees on %s', (kind) => {
  let server: TestServer;
  let admin: ApiClient;
  let orgadmin: ApiClient;
  let usId: number;
  const db = () => server.database.db;
  const outboxTo = async (email: string) =>
    rows<{ text: string }>(db(), sql`select text from outbox where lower(recipient) = ${email.toLowerCase()} order by id`);
  const firstAdmin = (organizationId: number, email: string) => ({
    case: 'ADD-EMPLOYEE',
    version: 'new',
    organizationId,
    name: 'Blerta',
    surname: 'Kola',
    email,
    phoneNumber: '+355 69 222 3344',
    roleId: 2,
    langId: 'sq',
    geofenceValidation: false,
    regionalOfficeIds: [],
    branchOfficeIds: [],
    securityOfficeIds: [],
    sendEmail: true,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', undefined, 'admin');
    orgadmin = new ApiClient(server.baseUrl);
    await orgadmin.login('orgadmin@example.com');
    const [us] = await rows<{ id: number }>(db(), sql`select id from organizations where name like '%Liberty%'`);
    usId = us!.id;
  });
  afterAll(async () => server?.close());

  it('creates a new organisation’s first admin: Pending role 2, activation mailed, listed as the client’s admin', async () => {
    const client = await admin.post<{ organizationobject: { OrganizationId: number } }>('/api/admin/addclient', {
      name: 'Drin Savings',
      timeZone: 'Europe/Tirane',
    });
    expect(client.status, JSON.stringify(client.json)).toBe(200);
    const orgId = client.json.body!.organizationobject.OrganizationId;
    const [none] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from users where organization_id = ${orgId}`);
    expect(none!.n).toBe(0);
    const res = await admin.post<{ personobject: Person }>('/api/admin/manageemployees', firstAdmin(orgId, 'first.admin@drin.example'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.body!.personobject).toMatchObject({ RoleId: 2, StatusId: 2, OrganizationName: 'Drin Savings' });
    expect(await outboxTo('first.admin@drin.example')).toHaveLength(1);
    const detail = await admin.post<{ organizationobject: { Admins: { Email: string }[] } }>('/api/admin/getorganizationbyid', {
      organizationId: orgId,
    });
    expect(detail.json.body!.organizationobject.Admins.map((a) => a.Email)).toContain('first.admin@drin.example');
    // Resend: a second activation mail, the first link stops working.
    const resend = await admin.post('/api/admin/manageemployees', {
      case: 'RESEND-ACTIVATION',
      employeeId: res.json.body!.personobject.UserId,
    });
    expect(resend.status).toBe(200);
    expect(resend.json.description).toBe('The activation link has been sent again.');
    expect(await outboxTo('first.admin@drin.example')).toHaveLength(2);
    // No organisation: the §8-style refusal, not a 500.
    const { organizationId: _omit, ...noOrg } = firstAdmin(orgId, 'x@drin.example');
    const refused = await admin.post('/api/admin/manageemployees', noOrg);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('management.errors.organizationRequired');
  });

  it('edits, changes role and status of another organisation’s user; the client session gets 401 on the admin calls', async () => {
    const [u] = await rows<{ id: number; email: string; name: string }>(
      db(),
      sql`select id, email, name from users where organization_id = ${usId} and role_id = 7 and status_id = 1 order by id limit 1`,
    );
    const edit = await admin.post<{ personobject: Person & { Number: string | null } }>('/api/admin/manageemployees', {
      ...firstAdmin(usId, u!.email),
      case: 'UPDATE-EMPLOYEE',
      employeeId: u!.id,
      roleId: 7,
      number: 'E-19',
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(edit.json.body!.personobject).toMatchObject({ StatusId: 1, RoleId: 7, Number: 'E-19' });
    const rs = await admin.post<{ personobject: Person }>('/api/admin/managerolestatus', { employeeId: u!.id, roleId: 6, statusId: 3 });
    expect(rs.status).toBe(200);
    expect(rs.json.body!.personobject).toMatchObject({ RoleId: 6, StatusId: 3 });
    const back = await admin.post<{ personobject: Person }>('/api/admin/managerolestatus', { employeeId: u!.id, statusId: 1 });
    expect(back.json.body!.personobject.StatusId).toBe(1);
    expect((await orgadmin.post('/api/admin/managerolestatus', { employeeId: u!.id, statusId: 3 })).status).toBe(401);
    expect((await orgadmin.post('/api/admin/manageemployees', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: u!.id })).status).toBe(401);
  });

  it('sends a temporary password to any organisation’s Active user: mailed, sessions ended, change forced; 404 when not Active or out of scope', async () => {
    const [u] = await rows<{ id: number; email: string }>(
      db(),
      sql`select id, email from users where organization_id = ${usId} and role_id = 2 and status_id = 1 order by id limit 1`,
    );
    const before = (await outboxTo(u!.email)).length;
    const res = await admin.post('/api/admin/manageemployees', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: u!.id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.description).toBe('A temporary password has been sent to the user by e-mail.');
    const mails = await outboxTo(u!.email);
    expect(mails).toHaveLength(before + 1);
    const password = /([A-Za-z2-9]{14})/.exec(mails.at(-1)!.text)?.[1];
    expect(password).toBeTruthy();
    const [flag] = await rows<{ must: boolean }>(db(), sql`select must_change_password as must from users where id = ${u!.id}`);
    expect(flag!.must).toBe(true);
    const user = new ApiClient(server.baseUrl);
    await user.login(u!.email, password);
    // The organisation admin of another organisation may not send one to this user.
    expect((await orgadmin.post('/api/client/manageemployees', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: u!.id })).status).toBe(404);
    // A Pending user has no password to replace.
    const [pending] = await rows<{ id: number }>(db(), sql`select id from users where status_id = 2 and role_id <> 1 order by id limit 1`);
    expect((await admin.post('/api/admin/manageemployees', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: pending!.id })).status).toBe(404);
    expect((await admin.post('/api/admin/manageemployees', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: 'x' })).status).toBe(400);
  });

  it('CarrierInfo is chosen from getknownoperators’ operators: stored with its SMS domain, cleared with none, 400 for another brand', async () => {
    const ops = await orgadmin.post<{ operators: { Brand: string; SmsDomain: string }[] }>('/api/client/getknownoperators', {
      case: 'GET-BRANCH-OFFICE-TYPES',
    });
    const verizon = ops.json.body!.operators.find((o) => o.Brand === 'Verizon')!;
    expect(verizon.SmsDomain).toBe('vtext.com');
    const [al] = await rows<{ id: number }>(db(), sql`select id from organizations where name like '%Kombëtare%'`);
    const body = { ...firstAdmin(al!.id, 'carrier.person@example.com'), roleId: 7, sendEmail: false, carrierName: 'Verizon' };
    const add = await orgadmin.post<{ personobject: Person & { CarrierInfo: unknown } }>('/api/client/manageemployees', body);
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    expect(add.json.body!.personobject.CarrierInfo).toEqual({ CarrierName: 'Verizon', CarrierDomain: 'vtext.com' });
    const id = add.json.body!.personobject.UserId;
    const [row] = await rows<{ carrier_domain: string }>(db(), sql`select carrier_domain from users where id = ${id}`);
    expect(row!.carrier_domain).toBe('vtext.com');
    const listed = await admin.post<{ personobject: (Person & { CarrierInfo: unknown })[] }>('/api/admin/getallemployees', {
      case: 'GET-ALL-EMPLOYEES',
      search: 'carrier.person@example.com',
    });
    expect(listed.json.body!.personobject[0]!.CarrierInfo).toEqual({ CarrierName: 'Verizon', CarrierDomain: 'vtext.com' });
    const bad = await orgadmin.post('/api/client/manageemployees', {
      ...body,
      case: 'UPDATE-EMPLOYEE',
      employeeId: id,
      carrierName: 'Acme Mobile',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.description).toBe('Choose an operator from the list');
    const cleared = await admin.post<{ personobject: Person & { CarrierInfo: unknown } }>('/api/admin/manageemployees', {
      ...body,
      case: 'UPDATE-EMPLOYEE',
      employeeId: id,
      carrierName: '',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json.body!.personobject.CarrierInfo).toBeNull();
  });
});
