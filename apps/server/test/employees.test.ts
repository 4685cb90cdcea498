/**
 * Employee writes (issue 4): manageemployees ADD-EMPLOYEE / UPDATE-EMPLOYEE with WorksIn and the
 * scope refusals, 409 on a duplicate email, email change → Pending and a new activation in the
 * outbox, managerolestatus, the admin twin, and the CSV import (§5 messages, one transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface Person {
  UserId: number;
  Email: string;
  StatusId: number;
  PhoneNumber: string;
  RoleId: number;
  WorksIn: { RegionalOfficeId: number | null; BranchOfficeId: number | null; SecurityOfficeId: number | null }[];
}
interface ImportBody {
  rows: number;
  imported: number;
  errors: { Line: number; Errors: { code: string; message: string }[] }[];
}

const HEADER = 'Name,Surname,Email,Phone Number,Role,Regional office code,Branch code,Security office code,Send Email';

describe.each(DB_KINDS)('employees on %s', (kind) => {
  let server: TestServer;
  const as: Record<string, ApiClient> = {};
  let ids: {
    al: number;
    us: number;
    alRegion: number;
    alBranch: number;
    usRegion: number;
    usBranch: number;
    alSo: number | null;
    regionCode: string;
    branchCode: string;
    soCode: string | null;
  };

  const db = () => server.database.db;
  const audits = async (action: string) =>
    rows<{ before: unknown; after: unknown }>(db(), sql`select before, after from audit_log where action = ${action}`);
  const outboxTo = async (email: string) =>
    rows<{ text: string }>(db(), sql`select text from outbox where lower(recipient) = ${email.toLowerCase()} order by id`);
  const person = (over: Record<string, unknown> = {}) => ({
    case: 'ADD-EMPLOYEE',
    version: 'new',
    name: 'Arta',
    surname: 'Hoxha',
    email: 'arta.hoxha@example.com',
    phoneNumber: '+355 69 123 4567',
    roleId: 6,
    langId: 'sq',
    regionalOfficeIds: [],
    branchOfficeIds: [ids.alBranch],
    securityOfficeIds: [],
    sendEmail: true,
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const email of ['orgadmin', 'us-orgadmin', 'dealer', 'officer', 'manager']) {
      as[email] = new ApiClient(server.baseUrl);
      await as[email].login(`${email}@example.com`);
    }
    as.admin = new ApiClient(server.baseUrl);
    await as.admin.login('admin@example.com', undefined, 'admin');
    const [al] = await rows<{ id: number }>(db(), sql`select id from organizations where name like '%Kombëtare%'`);
    const [us] = await rows<{ id: number }>(db(), sql`select id from organizations where name like '%Liberty%'`);
    const [alRegion] = await rows<{ id: number; code: string }>(
      db(),
      sql`select id, code from offices where organization_id = ${al!.id} and office_type_id = 2 order by id limit 1`,
    );
    const [alBranch] = await rows<{ id: number; code: string }>(
      db(),
      sql`select id, code from branch_offices where organization_id = ${al!.id} order by id limit 1`,
    );
    const [usRegion] = await rows<{ id: number }>(
      db(),
      sql`select id from offices where organization_id = ${us!.id} and office_type_id = 2 limit 1`,
    );
    const [usBranch] = await rows<{ id: number }>(db(), sql`select id from branch_offices where organization_id = ${us!.id} limit 1`);
    const [so] = await rows<{ id: number; code: string }>(
      db(),
      sql`select s.id, s.code from security_offices s join organization_security_offices o on o.security_office_id = s.id where o.organization_id = ${al!.id} limit 1`,
    );
    ids = {
      al: al!.id,
      us: us!.id,
      alRegion: alRegion!.id,
      alBranch: alBranch!.id,
      usRegion: usRegion!.id,
      usBranch: usBranch!.id,
      alSo: so?.id ?? null,
      regionCode: alRegion!.code,
      branchCode: alBranch!.code,
      soCode: so?.code ?? null,
    };
  });
  afterAll(async () => server?.close());

  it('an organisation admin adds an employee with WorksIn: Pending, E.164 phone, activation mailed, audited without secrets', async () => {
    const res = await as.orgadmin!.post<{ personobject: Person }>(
      '/api/client/manageemployees',
      person({ regionalOfficeIds: [ids.alRegion], securityOfficeIds: ids.alSo ? [ids.alSo] : [] }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const p = res.json.body!.personobject;
    expect(p).toMatchObject({ Email: 'arta.hoxha@example.com', StatusId: 2, PhoneNumber: '+355691234567', RoleId: 6 });
    expect(p.WorksIn.map((w) => w.BranchOfficeId).filter(Boolean)).toEqual([ids.alBranch]);
    expect(p.WorksIn.some((w) => w.RegionalOfficeId === ids.alRegion)).toBe(true);
    expect((await outboxTo('arta.hoxha@example.com')).length).toBe(1);
    const [a] = await audits('add-employee');
    expect(JSON.stringify(a!.after)).toContain('arta.hoxha@example.com');
    expect(JSON.stringify(a!.after)).not.toMatch(/hash/i);
    const got = await as.orgadmin!.post<{ personobject: Person }>('/api/client/getemployee', {
      case: 'GET-EMPLOYEE-BY-ID',
      employeeId: p.UserId,
    });
    expect(got.json.body!.personobject.Email).toBe('arta.hoxha@example.com');
  });

  it('refuses another organisation’s region or branch (404), roles other than 2/12 (403), and a duplicate email (409, translated)', async () => {
    expect(
      (await as.orgadmin!.post('/api/client/manageemployees', person({ email: 'x1@example.com', branchOfficeIds: [ids.usBranch] }))).status,
    ).toBe(404);
    expect(
      (
        await as.orgadmin!.post(
          '/api/client/manageemployees',
          person({ email: 'x2@example.com', branchOfficeIds: [], regionalOfficeIds: [ids.usRegion] }),
        )
      ).status,
    ).toBe(404);
    expect((await as.manager!.post('/api/client/manageemployees', person({ email: 'x3@example.com' }))).status).toBe(403);
    expect((await as.officer!.post('/api/client/manageemployees', person({ email: 'x4@example.com' }))).status).toBe(403);
    const badRole = await as.orgadmin!.post('/api/client/manageemployees', person({ email: 'x5@example.com', roleId: 5 }));
    expect(badRole.status).toBe(400);
    expect(badRole.json.code).toBe('management.validation.role');
    const dup = await as.orgadmin!.post('/api/client/manageemployees', person({ email: 'ARTA.HOXHA@example.com' }));
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe('management.errors.emailInUse');
    as.orgadmin!.lang = 'sq';
    const dupSq = await as.orgadmin!.post('/api/client/manageemployees', person({ email: 'arta.hoxha@example.com' }));
    as.orgadmin!.lang = 'en';
    expect(dupSq.json.description).toBe('Kjo adresë email-i është tashmë në përdorim');
    // A user of another organisation is not found for update.
    const [usUser] = await rows<{ id: number }>(db(), sql`select id from users where organization_id = ${ids.us} and role_id = 7 limit 1`);
    const upd = await as.orgadmin!.post('/api/client/manageemployees', {
      ...person({ email: 'y@example.com' }),
      case: 'UPDATE-EMPLOYEE',
      employeeId: usUser!.id,
    });
    expect(upd.status).toBe(404);
    expect((await as.orgadmin!.post('/api/client/managerolestatus', { employeeId: usUser!.id, statusId: 3 })).status).toBe(404);
  });

  it('an email change makes the user Pending and issues a new activation; status and role changes are audited', async () => {
    const [u] = await rows<{ id: number; email: string }>(
      db(),
      sql`select id, email from users where organization_id = ${ids.al} and role_id = 7 and status_id = 1 order by id limit 1`,
    );
    const base = person({ case: 'UPDATE-EMPLOYEE', employeeId: u!.id, email: u!.email, roleId: 7 });
    const same = await as.orgadmin!.post<{ personobject: Person }>('/api/client/manageemployees', base);
    expect(same.status, JSON.stringify(same.json)).toBe(200);
    expect(same.json.body!.personobject.StatusId).toBe(1);
    const changed = await as.orgadmin!.post<{ personobject: Person }>('/api/client/manageemployees', {
      ...base,
      email: 'renamed.staff@example.com',
    });
    expect(changed.status).toBe(200);
    expect(changed.json.body!.personobject.StatusId).toBe(2);
    expect((await outboxTo('renamed.staff@example.com')).length).toBe(1);
    const [a] = await audits('update-employee');
    expect(JSON.stringify(a!.before)).toContain(u!.email);
    // A Pending user cannot be made Active by hand; resend works.
    expect((await as.orgadmin!.post('/api/client/managerolestatus', { employeeId: u!.id, statusId: 1 })).status).toBe(400);
    expect((await as.orgadmin!.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: u!.id })).status).toBe(200);
    expect((await outboxTo('renamed.staff@example.com')).length).toBe(2);
    const rs = await as.orgadmin!.post<{ personobject: Person }>('/api/client/managerolestatus', {
      employeeId: u!.id,
      statusId: 3,
      roleId: 13,
    });
    expect(rs.json.body!.personobject).toMatchObject({ StatusId: 3, RoleId: 13 });
    expect((await audits('update-role-status')).length).toBe(1);
  });

  it('the platform admin adds an employee to any organisation; a client session is refused there', async () => {
    const res = await as.admin!.post<{ personobject: Person }>(
      '/api/admin/manageemployees',
      person({ email: 'admin.added@example.com', organizationId: ids.us, branchOfficeIds: [ids.usBranch], sendEmail: false }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await outboxTo('admin.added@example.com')).length).toBe(0);
    expect((await as.orgadmin!.post('/api/admin/manageemployees', person({ email: 'z@example.com' }))).status).toBe(401);
  });

  it('import preview lists every bad row with its line and the §5 messages, and imports nothing', async () => {
    const csv = [
      HEADER,
      `Ana,Kola,ana.kola@example.com,+355691112233,Branch Staff,,${ids.branchCode},,maybe`,
      'Besa,Leka,besa.leka@example.com,12,7,,,,true',
      'Dita,Meta,dita.meta@example.com,,7,NOPE,,,false',
      'Elsa,Noli,elsa.noli@example.com,,7,,,NOPE,false',
      'Fan,Oso,fan.oso@example.com,,7,,NOPE,,false',
      ',Pali,not-an-email,,7,,,,false',
      'Gent,Qose,arta.hoxha@example.com,,7,,,,false',
    ].join('\n');
    const res = await as.orgadmin!.post<ImportBody>('/api/client/manageemployees', { case: 'IMPORT-EMPLOYEES-PREVIEW', csv });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const byLine = new Map(res.json.body!.errors.map((e) => [e.Line, e.Errors.map((x) => x.message)]));
    expect(byLine.get(2)).toEqual(['Send Email should contain true or false']);
    expect(byLine.get(3)).toEqual(['Phone Number should look like this: +XXXXXXXXXXX']);
    expect(byLine.get(4)).toEqual(['Invalid Regional office code']);
    expect(byLine.get(5)).toEqual(['Invalid Security office code']);
    expect(byLine.get(6)).toEqual(['Invalid Branch']);
    expect(byLine.get(7)).toEqual(['Name is required', 'Invalid email address']);
    expect(byLine.get(8)).toEqual(['This email address is already in use']);
    const [n] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from users where email = 'ana.kola@example.com'`);
    expect(n!.n).toBe(0);
  });

  it('imports 500 clean rows in one transaction; a file with one bad row imports nothing', async () => {
    const line = (i: number) =>
      `Emp${i},Test${i},emp${i}@import.example.com,+35569${String(1000000 + i)},7,${ids.regionCode},${ids.branchCode},${ids.soCode ?? ''},${i === 0 ? 'true' : 'false'}`;
    const clean = [HEADER, ...Array.from({ length: 500 }, (_, i) => line(i))].join('\n');
    const bad = [HEADER, ...Array.from({ length: 499 }, (_, i) => line(1000 + i)), 'Bad,Row,bad@import.example.com,,7,,,,yes'].join('\n');
    const refused = await as.orgadmin!.post<ImportBody>('/api/client/manageemployees', { case: 'IMPORT-EMPLOYEES', csv: bad });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('management.errors.importNotClean');
    expect(refused.json.body!.errors).toEqual([
      { Line: 501, Errors: [{ code: 'management.import.sendEmail', message: 'Send Email should contain true or false' }] },
    ]);
    const count = async () =>
      (await rows<{ n: number }>(db(), sql`select count(*)::int as n from users where email like '%@import.example.com'`))[0]!.n;
    expect(await count()).toBe(0);
    const ok = await as.orgadmin!.post<ImportBody>('/api/client/manageemployees', { case: 'IMPORT-EMPLOYEES', csv: clean });
    expect(ok.status, JSON.stringify(ok.json).slice(0, 500)).toBe(200);
    expect(ok.json.body!.imported).toBe(500);
    expect(await count()).toBe(500);
    expect((await audits('import-employee')).length).toBe(500);
    expect((await outboxTo('emp0@import.example.com')).length).toBe(1);
    expect((await outboxTo('emp1@import.example.com')).length).toBe(0);
    const [w] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from works_in w join users u on u.id = w.user_id where u.email = 'emp7@import.example.com'`,
    );
    expect(w!.n).toBe(ids.soCode ? 3 : 2);
    // The same file again: every row is now a duplicate, nothing more is imported.
    const again = await as.orgadmin!.post<ImportBody>('/api/client/manageemployees', { case: 'IMPORT-EMPLOYEES', csv: clean });
    expect(again.status).toBe(400);
    expect(again.json.body!.errors.length).toBe(500);
    expect(await count()).toBe(500);
  });
});
