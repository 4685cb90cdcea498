/**
 * Management calls (issue 4): scope refusal for another organisation, region or branch; admin vs
 * client API; 409 on duplicate names; audit rows; CSV export header and rows; validation messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('management on %s', (kind) => {
  let server: TestServer;
  const as: Record<string, ApiClient> = {};
  let ids: {
    al: number;
    us: number;
    alBranch: number;
    usBranch: number;
    alRegion: number;
    alEmployee: number;
    otherAlBranch: number;
    managerBranch: number;
  };

  const audits = async (action: string) =>
    rows<{ before: unknown; after: unknown; actor_user_id: number }>(
      server.database.db,
      sql`select before, after, actor_user_id from audit_log where action = ${action}`,
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const email of ['orgadmin', 'us-orgadmin', 'dealer', 'regional', 'manager', 'officer']) {
      as[email] = new ApiClient(server.baseUrl);
      await as[email].login(`${email}@example.com`);
    }
    as.admin = new ApiClient(server.baseUrl);
    await as.admin.login('admin@example.com', undefined, 'admin');
    const db = server.database.db;
    const [al] = await rows<{ id: number }>(db, sql`select id from organizations where name like '%Kombëtare%'`);
    const [us] = await rows<{ id: number }>(db, sql`select id from organizations where name like '%Liberty%'`);
    const [alRegion] = await rows<{ id: number }>(
      db,
      sql`select regional_office_id as id from works_in w join users u on u.id = w.user_id where u.email = 'regional@example.com'`,
    );
    const [managerBranch] = await rows<{ id: number }>(
      db,
      sql`select branch_office_id as id from works_in w join users u on u.id = w.user_id where u.email = 'manager@example.com'`,
    );
    const [otherAlBranch] = await rows<{ id: number }>(
      db,
      sql`select id from branch_offices where organization_id = ${al!.id} and (regional_office_id is distinct from ${alRegion!.id}) limit 1`,
    );
    const [usBranch] = await rows<{ id: number }>(db, sql`select id from branch_offices where organization_id = ${us!.id} limit 1`);
    const [alEmployee] = await rows<{ id: number }>(
      db,
      sql`select id from users where organization_id = ${al!.id} and role_id = 7 limit 1`,
    );
    ids = {
      al: al!.id,
      us: us!.id,
      alBranch: managerBranch!.id,
      usBranch: usBranch!.id,
      alRegion: alRegion!.id,
      alEmployee: alEmployee!.id,
      otherAlBranch: otherAlBranch!.id,
      managerBranch: managerBranch!.id,
    };
  });
  afterAll(async () => server?.close());

  const region = { name: 'Rajoni Test', code: 'RG-TST', timeZone: 'Europe/Tirane', phoneNumber: '+355 69 123 4567', statusId: 1 };
  const branch = (regionalOfficeId: number) => ({
    name: 'Dega Test',
    code: 'TST-1',
    regionalOfficeId,
    branchOfficeTypeId: 1,
    timeZone: 'Europe/Tirane',
    geofenceRadius: 150,
    testMode: true,
    testNote: 'Alarm panel replaced',
    statusId: 1,
    phoneNumber: '(212) 555-0100',
  });

  it('an organisation admin adds a region and a branch in it; both are audited, listed and exported', async () => {
    const r = await as.orgadmin!.post<{ officeobject: { Id: number; PhoneNumber: string } }>('/api/client/addregionaloffice', region);
    expect(r.status).toBe(200);
    expect(r.json.body!.officeobject.PhoneNumber).toBe('+355691234567');
    const regionId = r.json.body!.officeobject.Id;
    expect((await audits('add-regional-office')).length).toBe(1);

    const b = await as.orgadmin!.post<{
      branchofficeobject: { BranchOfficeId: number; PhoneNumber: string; BranchOfficeTypeDisplay: string; TestNote: string };
    }>('/api/client/addbranchoffice', { case: 'ADD-BRANCH-OFFICE', ...branch(regionId) });
    expect(b.status).toBe(200);
    expect(b.json.body!.branchofficeobject.PhoneNumber).toBe('+12125550100');
    expect(b.json.body!.branchofficeobject.BranchOfficeTypeDisplay).toBe('Branch');
    const branchId = b.json.body!.branchofficeobject.BranchOfficeId;
    const [audit] = await audits('add-branch-office');
    expect(audit!.actor_user_id).toBeGreaterThan(0);
    expect(JSON.stringify(audit!.after)).toContain('Dega Test');

    const week = await as.orgadmin!.post<{ branchofficeobject: { WeekSchedule: unknown[] } }>('/api/client/managebranchoffices', {
      case: 'UPDATE-BRANCH-OFFICE-WEEKSCHEDULE',
      branchOfficeId: branchId,
      days: [
        { weekday: 1, opensAt: '08:30', closesAt: '16:00' },
        { weekday: 2, opensAt: '08:30', closesAt: '16:00' },
      ],
    });
    expect(week.status).toBe(200);
    expect(week.json.body!.branchofficeobject.WeekSchedule).toEqual([
      { weekday: 1, opensAt: '08:30', closesAt: '16:00' },
      { weekday: 2, opensAt: '08:30', closesAt: '16:00' },
    ]);
    const hol = await as.orgadmin!.post('/api/client/managebranchoffices', {
      case: 'UPDATE-BRANCH-OFFICE-HOLIDAYS',
      branchOfficeId: branchId,
      holidays: [{ day: '2026-11-28', name: 'Independence Day' }],
    });
    expect(hol.status).toBe(200);
    const timers = await as.orgadmin!.post<{ branchofficeobject: { Opening: number; AutoCloseTime: string } }>(
      '/api/client/managebranchoffices',
      {
        case: 'UPDATE-BRANCH-OFFICE-TIMERS',
        branchOfficeId: branchId,
        openingTimer: 20,
        closingTimer: 10,
        servicingTimer: 45,
        autoCloseTime: '22:00',
      },
    );
    expect(timers.json.body!.branchofficeobject).toMatchObject({ Opening: 20, AutoCloseTime: '22:00' });
    expect((await audits('update-branch-office-weekschedule')).length).toBe(1);
    expect((await audits('update-branch-office-timers')).length).toBe(1);

    const list = await as.orgadmin!.post<{ organizationobject: { Name: string }[]; total: number }>('/api/client/getofficesv2', {
      case: 'GET-ALL-BRANCH-OFFICES',
      search: 'Dega Test',
      offset: 0,
      limit: 10,
    });
    expect(list.json.body!.organizationobject.map((x) => x.Name)).toEqual(['Dega Test']);
    const regions = await as.orgadmin!.post<{ officeobject: { Name: string }[]; total: number }>('/api/client/getoffices', {
      case: 'GET-REGIONAL-OFFICES',
      search: 'Rajoni Test',
    });
    expect(regions.json.body!.officeobject.map((x) => x.Name)).toEqual(['Rajoni Test']);

    for (const [path, body, first] of [
      ['/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', search: 'Dega Test', format: 'csv' }, 'Id,Name,Code,Type'],
      ['/api/client/getoffices', { case: 'GET-REGIONAL-OFFICES', search: 'Rajoni Test', format: 'csv' }, 'Id,Name,Code,Organization'],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: as.orgadmin!.cookieHeader(), 'x-xsrf-token': as.orgadmin!.csrf! },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const lines = (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]!.startsWith(first)).toBe(true);
      expect(lines.length).toBe(2);
      expect(lines[1]).toContain(path.endsWith('v2') ? 'Dega Test' : 'Rajoni Test');
    }
  });

  it('duplicate names and codes answer 409 with a translated message', async () => {
    const again = await as.orgadmin!.post('/api/client/addregionaloffice', { ...region, code: 'RG-OTHER', name: 'rajoni test' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('management.errors.nameInUse');
    expect(again.json.description).toBe('This name is already in use. Choose another name');
    const sq = new ApiClient(server.baseUrl, 'sq');
    await sq.login('orgadmin@example.com');
    const code = await sq.post('/api/client/addregionaloffice', { ...region, name: 'Another' });
    expect(code.status).toBe(409);
    expect(code.json.description).toBe('Ky kod është tashmë në përdorim');
    const dupClient = await as.admin!.post('/api/admin/addclient', { name: 'liberty savings demo', timeZone: 'America/New_York' });
    expect(dupClient.status).toBe(409);
  });

  it('bad input answers 400 with the §5 / catalogue message, never 500', async () => {
    const phone = await as.orgadmin!.post('/api/client/addregionaloffice', { ...region, name: 'X', code: 'X', phoneNumber: '12' });
    expect(phone.status).toBe(400);
    expect(phone.json.description).toBe('Phone Number should look like this: +XXXXXXXXXXX');
    const required = await as.orgadmin!.post('/api/client/addregionaloffice', { ...region, name: '' });
    expect(required.status).toBe(400);
    expect(required.json.description).toBe('This field is required');
    const zone = await as.orgadmin!.post('/api/client/addregionaloffice', { ...region, name: 'Y', code: 'Y', timeZone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    const wrongRegion = await as.orgadmin!.post('/api/client/addbranchoffice', {
      case: 'ADD-BRANCH-OFFICE',
      ...branch(999_999),
      name: 'Z',
      code: 'Z',
    });
    expect(wrongRegion.status).toBe(400);
  });

  it('another organisation is refused and learns nothing', async () => {
    const c = as['us-orgadmin']!;
    for (const [path, body] of [
      ['/api/client/getbranchbyidv2', { case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID', branchOfficeId: ids.alBranch }],
      [
        '/api/client/managebranchoffices',
        { case: 'UPDATE-BRANCH-OFFICE-TIMERS', branchOfficeId: ids.alBranch, openingTimer: 1, closingTimer: 1, servicingTimer: 1 },
      ],
      ['/api/client/addbranchoffice', { case: 'UPDATE-BRANCH-OFFICE', branchOfficeId: ids.alBranch, ...branch(ids.alRegion) }],
      ['/api/client/getoffices', { case: 'GET-REGIONAL-OFFICE-BY-ID', regionalOfficeId: ids.alRegion }],
      [
        '/api/client/manageregionaloffices',
        { case: 'UPDATE-REGIONAL-OFFICE-TIMERS', regionalOfficeId: ids.alRegion, openingTimer: 1, closingTimer: 1, servicingTimer: 1 },
      ],
      ['/api/client/getemployee', { case: 'GET-EMPLOYEE-BY-ID', employeeId: ids.alEmployee }],
    ] as const) {
      const res = await c.post(path, body);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.json)).not.toMatch(/Kombëtare|Dega|Tirane/);
    }
    for (const [path, body] of [
      ['/api/client/getoffices', { case: 'GET-HEAD-OFFICE', organizationId: ids.al }],
      ['/api/client/getoffices', { case: 'GET-REGIONAL-OFFICES', organizationId: ids.al }],
      ['/api/client/addregionaloffice', { ...region, organizationId: ids.al }],
      ['/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', organizationId: ids.al }],
      ['/api/client/getallsecurityoffices', { organizationId: ids.al }],
    ] as const) {
      const res = await c.post(path, body);
      expect(res.status, path).toBe(403);
    }
    const emps = await c.post<{ personobject: { OrganizationId: number }[]; total: number }>('/api/client/getallemployees', {
      case: 'GET-ALL-EMPLOYEES',
      limit: 1000,
    });
    expect(emps.json.body!.total).toBeGreaterThan(0);
    expect(emps.json.body!.personobject.every((e) => e.OrganizationId === ids.us)).toBe(true);
    const regions = await c.post<{ officeobject: { OrganizationId: number }[] }>('/api/client/getoffices', {
      case: 'GET-REGIONAL-OFFICES',
      limit: 1000,
    });
    expect(regions.json.body!.officeobject.every((r) => r.OrganizationId === ids.us)).toBe(true);
  });

  it('another region or branch is refused; managers cannot change offices', async () => {
    expect(
      (
        await as.regional!.post('/api/client/getbranchbyidv2', {
          case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID',
          branchOfficeId: ids.otherAlBranch,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await as.regional!.post('/api/client/getbranchbyidv2', {
          case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID',
          branchOfficeId: ids.managerBranch,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await as.manager!.post('/api/client/getbranchbyidv2', {
          case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID',
          branchOfficeId: ids.otherAlBranch,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await as.manager!.post('/api/client/managebranchoffices', {
          case: 'UPDATE-BRANCH-OFFICE-TIMERS',
          branchOfficeId: ids.managerBranch,
          openingTimer: 1,
          closingTimer: 1,
          servicingTimer: 1,
        })
      ).status,
    ).toBe(403);
    expect((await as.regional!.post('/api/client/addregionaloffice', region)).status).toBe(403);
    const regional = await as.regional!.post<{ officeobject: { Id: number }[] }>('/api/client/getoffices', {
      case: 'GET-REGIONAL-OFFICES',
    });
    expect(regional.json.body!.officeobject.map((r) => r.Id)).toEqual([ids.alRegion]);
    const staff = await as.manager!.post<{ personobject: { WorksIn: { BranchOfficeId: number | null }[] }[] }>(
      '/api/client/getallemployees',
      { case: 'GET-ALL-EMPLOYEES', limit: 1000 },
    );
    expect(staff.json.body!.personobject.every((p) => p.WorksIn.some((w) => w.BranchOfficeId === ids.managerBranch))).toBe(true);
    // A dealer acts on one of its organisations only.
    expect((await as.dealer!.post('/api/client/addregionaloffice', { ...region, name: 'Dealer region', code: 'RG-DLR' })).status).toBe(400);
    expect(
      (await as.dealer!.post('/api/client/addregionaloffice', { ...region, name: 'Dealer region', code: 'RG-DLR', organizationId: ids.us }))
        .status,
    ).toBe(200);
  });

  it('role 1 cannot use the client API and client roles cannot use the admin API', async () => {
    expect((await as.admin!.post('/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES' })).status).toBe(401);
    expect((await as.admin!.post('/api/client/addregionaloffice', region)).status).toBe(401);
    for (const path of [
      '/api/admin/getorganizations',
      '/api/admin/getAllSecurityOffices',
      '/api/admin/getallemployees',
      '/api/admin/addclient',
      '/api/admin/editclient',
      '/api/admin/addsecurityoffice',
      '/api/admin/getorganizationbyid',
    ]) {
      const res = await as.orgadmin!.post(path, { case: 'GET-ALL-EMPLOYEES', organizationId: ids.al });
      expect(res.status, path).toBe(401);
    }
  });

  it('the admin adds a client and a security office that monitors it; both audited', async () => {
    const add = await as.admin!.post<{
      organizationobject: { OrganizationId: number; HeadOfficeId: number; Active: boolean; PrimaryContact: { PhoneNumber: string } };
    }>('/api/admin/addclient', {
      name: 'Adriatic Credit',
      city: 'Durrës',
      country: 'Albania',
      latitude: 41.32,
      longitude: 19.45,
      timeZone: 'Europe/Tirane',
      primaryContactName: 'Ana',
      primaryContactPhone: '+355 69 765 4321',
    });
    expect(add.status).toBe(200);
    const org = add.json.body!.organizationobject;
    expect(org.HeadOfficeId).toBeGreaterThan(0);
    expect(org.Active).toBe(true);
    expect(org.PrimaryContact.PhoneNumber).toBe('+355697654321');
    const so = await as.admin!.post<{ securityofficeobject: { SecurityOfficeId: number; Managing: { OrganizationId: number }[] } }>(
      '/api/admin/addsecurityoffice',
      {
        case: 'ADD-SECURITY-OFFICE',
        name: 'Durrës Monitoring',
        code: 'SO-DUR',
        timeZone: 'Europe/Tirane',
        isMonitoring: true,
        organizationIds: [org.OrganizationId],
      },
    );
    expect(so.status).toBe(200);
    expect(so.json.body!.securityofficeobject.Managing.map((m) => m.OrganizationId)).toEqual([org.OrganizationId]);
    const detail = await as.admin!.post<{ organizationobject: { SecurityOffices: { Id: number }[] } }>('/api/admin/getorganizationbyid', {
      organizationId: org.OrganizationId,
    });
    expect(detail.json.body!.organizationobject.SecurityOffices.map((s) => s.Id)).toEqual([
      so.json.body!.securityofficeobject.SecurityOfficeId,
    ]);
    const edit = await as.admin!.post<{ organizationobject: { Active: boolean } }>('/api/admin/editclient', {
      organizationId: org.OrganizationId,
      name: 'Adriatic Credit',
      timeZone: 'Europe/Tirane',
      statusId: 3,
    });
    expect(edit.json.body!.organizationobject.Active).toBe(false);
    expect((await audits('add-client')).length).toBe(1);
    expect((await audits('edit-client')).length).toBe(1);
    expect((await audits('add-security-office')).length).toBe(1);
    const dupSo = await as.admin!.post('/api/admin/addsecurityoffice', {
      case: 'ADD-SECURITY-OFFICE',
      name: 'durrës monitoring',
      code: 'SO-DUR2',
      timeZone: 'Europe/Tirane',
    });
    expect(dupSo.status).toBe(409);
    const list = await as.admin!.post<{ organizationobject: { Name: string }[]; total: number }>('/api/admin/getorganizations', {
      search: 'Adriatic',
    });
    expect(list.json.body!.organizationobject.map((o) => o.Name)).toEqual(['Adriatic Credit']);
    const banks = await as.admin!.post<{ organizationobject: { BranchCount: number }[] }>('/api/admin/getorganizations', {
      search: 'Liberty',
    });
    const [usCount] = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from branch_offices where organization_id = ${ids.us}`,
    );
    expect(banks.json.body!.organizationobject[0]!.BranchCount).toBe(usCount!.n);
    expect((await as.admin!.post('/api/admin/getorganizationbyid', { organizationId: 999_999 })).status).toBe(404);
  });

  it('employee list pages on the server and exports every row as CSV', async () => {
    const p1 = await as.orgadmin!.post<{ personobject: { UserId: number }[]; total: number }>('/api/client/getallemployees', {
      case: 'GET-ALL-EMPLOYEES',
      offset: 0,
      limit: 5,
    });
    const p2 = await as.orgadmin!.post<{ personobject: { UserId: number }[]; total: number }>('/api/client/getallemployees', {
      case: 'GET-ALL-EMPLOYEES',
      offset: 5,
      limit: 5,
    });
    expect(p1.json.body!.personobject.length).toBe(5);
    expect(p1.json.body!.total).toBeGreaterThan(10);
    expect(p2.json.body!.personobject.map((u) => u.UserId)).not.toContain(p1.json.body!.personobject[0]!.UserId);
    const res = await fetch(`${server.baseUrl}/api/client/getallemployees`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: as.orgadmin!.cookieHeader(), 'x-xsrf-token': as.orgadmin!.csrf! },
      body: JSON.stringify({ case: 'GET-ALL-EMPLOYEES', format: 'csv' }),
    });
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Id,Name,Surname,Email,PhoneNumber,Number,Role,Status,Organization,WorksIn,LastLogin');
    expect(lines.length - 1).toBe(p1.json.body!.total);
    const admin = await as.admin!.post<{ total: number }>('/api/admin/getallemployees', { case: 'GET-ALL-EMPLOYEES', limit: 1 });
    expect(admin.json.body!.total).toBeGreaterThan(p1.json.body!.total);
  });

  /** The CSV export of `path` as lines (BOM and trailing newline removed). */
  const exportLines = async (c: ApiClient, path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
      body: JSON.stringify({ ...body, format: 'csv' }),
    });
    expect(res.status).toBe(200);
    return (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
  };
  /** Every row id of a list call, page by page (offset/limit), in the list's order. */
  const listIds = async <R>(
    c: ApiClient,
    path: string,
    body: Record<string, unknown>,
    pick: (b: Record<string, unknown>) => R[],
    id: (r: R) => number,
  ) => {
    const out: number[] = [];
    for (let offset = 0; ; offset += 1000) {
      const res = await c.post<Record<string, unknown>>(path, { ...body, offset, limit: 1000 });
      expect(res.status).toBe(200);
      const list = pick(res.json.body!);
      out.push(...list.map(id));
      if (list.length < 1000) return out;
    }
  };

  it('exports of more than one page (keyset paging) hold exactly the rows of the list, in its order, ties included', async () => {
    const db = server.database.db;
    // 2,300 employees and 2,100 branches sharing a few names, so sort-key ties straddle the 2,000-row export pages.
    await db.execute(sql`insert into users (organization_id, role_id, name, surname, email, status_id, lang_id, number)
      select ${ids.al}, 7, (array['Ana', 'Besa', 'Ana'])[1 + n % 3], 'Bulk ' || (n % 4), 'bulk-' || n || '@example.com', 1 + n % 3, 'en', 'BULK-' || n
      from generate_series(1, 2300) n`);
    await db.execute(sql`insert into branch_offices (organization_id, branch_office_type_id, name, code, time_zone, status_id)
      select ${ids.al}, 1, 'Bulk Branch ' || (n % 5), 'BULK-' || n, 'Europe/Tirane', 1 + n % 3 from generate_series(1, 2100) n`);
    const c = as.orgadmin!;
    for (const filter of [{}, { statusId: 2 }, { search: 'bulk' }]) {
      const emp = await exportLines(c, '/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', ...filter });
      const empIds = await listIds(
        c,
        '/api/client/getallemployees',
        { case: 'GET-ALL-EMPLOYEES', ...filter },
        (b) => b.personobject as { UserId: number }[],
        (r) => r.UserId,
      );
      expect(empIds.length, JSON.stringify(filter)).toBeGreaterThan(Object.keys(filter).length ? 700 : 2300);
      expect(
        emp.slice(1).map((l) => Number(l.split(',')[0])),
        JSON.stringify(filter),
      ).toEqual(empIds);
      const br = await exportLines(c, '/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', ...filter });
      const brIds = await listIds(
        c,
        '/api/client/getofficesv2',
        { case: 'GET-ALL-BRANCH-OFFICES', ...filter },
        (b) => b.organizationobject as { BranchOfficeId: number }[],
        (r) => r.BranchOfficeId,
      );
      expect(brIds.length, JSON.stringify(filter)).toBeGreaterThan(Object.keys(filter).length ? 690 : 2100);
      expect(
        br.slice(1).map((l) => Number(l.split(',')[0])),
        JSON.stringify(filter),
      ).toEqual(brIds);
    }
    const all = await exportLines(as.admin!, '/api/admin/getallemployees', { case: 'GET-ALL-EMPLOYEES' });
    const allIds = await listIds(
      as.admin!,
      '/api/admin/getallemployees',
      { case: 'GET-ALL-EMPLOYEES' },
      (b) => b.personobject as { UserId: number }[],
      (r) => r.UserId,
    );
    expect(all.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(allIds);
    expect(new Set(allIds).size).toBe(allIds.length);
  });

  it('the employee search matches the name, surname, full name, e-mail, phone or number, never across two fields', async () => {
    const c = as.orgadmin!;
    const add = await c.post<{ personobject: { UserId: number } }>('/api/client/manageemployees', {
      case: 'ADD-EMPLOYEE',
      version: 'new',
      name: 'Teutazz',
      surname: 'Qyrjakovv',
      email: 'tq.search@example.com',
      phoneNumber: '+355 69 765 1234',
      number: 'EMP-7781',
      roleId: 7,
      langId: 'en',
      sendEmail: false,
    });
    expect(add.status).toBe(200);
    const found = async (search: string) =>
      (
        await c.post<{ personobject: { UserId: number }[] }>('/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', search })
      ).json.body!.personobject.map((p) => p.UserId);
    const id = add.json.body!.personobject.UserId;
    for (const q of ['teutazz', 'QYRJAKO', 'Teutazz Qyrjakovv', 'tq.search@', '+35569765', 'emp-7781'])
      expect(await found(q), q).toEqual([id]);
    for (const q of ['Qyrjakovv tq.search', 'example.com+355', '1234EMP', 'teutaz_', '%zz%']) expect(await found(q), q).not.toContain(id);
  });
});
