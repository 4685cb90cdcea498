/**
 * Event audiences and the mobile channel (contract realtime.ts EventAudience): an event of the log
 * reaches the consoles in its scope ('all'), only the security-office consoles in it ('security'), or
 * nobody by scope ('none'); the users it lists as recipients get it on every socket they hold, and a
 * mobile session's socket gets only those — live and on a resume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EventKind, type EventAudience } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { withEvents } from '../src/modules/realtime/event-log.js';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type TestServer } from './helpers.js';

async function consoleSocket(server: TestServer, email: string) {
  const login = await new ApiClient(server.baseUrl).login(email);
  const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
}

describe.each(DB_KINDS)('event audiences on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
  });
  afterAll(async () => server?.close());

  /** Appends one branch event at `branchOfficeId` with an audience and recipients; its id. */
  async function emit(branchOfficeId: number, organizationId: number, audience: EventAudience, recipientUserIds: number[] | null) {
    const { ids } = await withEvents(server.app, (_tx, append) =>
      append([
        {
          kind: EventKind.BranchAction,
          organizationId,
          branchOfficeId,
          branchAction: 'Service',
          audience,
          recipientUserIds,
          payload: {},
        },
      ]),
    );
    return ids[0]!;
  }

  it('routes by audience and recipient, live and on a resume, and a mobile socket gets only its own events', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const branchId = staff.Branches[0]!.BranchOfficeId;
    const [branch] = await rows<{ organizationId: number }>(
      server.database.db,
      sql`select organization_id as "organizationId" from branch_offices where id = ${branchId}`,
    );
    const orgId = branch!.organizationId;
    const admin = await consoleSocket(server, 'orgadmin@example.com');
    const operator = await consoleSocket(server, 'operator@example.com');
    const mobile = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId);
    expect(mobile.messages.some((m) => m.type === 'ready')).toBe(true);
    const before = Math.max(
      ...[admin, operator, mobile].flatMap((s) => s.messages.filter((m) => m.type === 'ready').map((m) => m.lastEventId)),
    );

    const securityAndCaller = await emit(branchId, orgId, 'security', [staff.UserId]);
    const callerOnly = await emit(branchId, orgId, 'none', [staff.UserId]);
    const everyone = await emit(branchId, orgId, 'all', null);

    const idsOf = async (s: SocketClient, last: number) => {
      await s.waitFor((m) => 'id' in m && m.id === last);
      return s.events.map((e) => e.id).filter((id) => id > before);
    };
    expect(await idsOf(operator, everyone)).toEqual([securityAndCaller, everyone]);
    expect(await idsOf(admin, everyone)).toEqual([everyone]);
    expect(await idsOf(mobile, callerOnly)).toEqual([securityAndCaller, callerOnly]);
    // The consoles' stream (audience 'all') never reaches the mobile socket.
    await new Promise((r) => setTimeout(r, 300));
    expect(mobile.events.map((e) => e.id)).not.toContain(everyone);

    // A resume replays the same selection from the log.
    const again = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId, before);
    expect(again.events.map((e) => e.id).filter((id) => id <= everyone)).toEqual([securityAndCaller, callerOnly]);
    for (const s of [admin, operator, mobile, again]) s.close();
  });

  it('keeps a mobile session off the security consoles’ presence list', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const mobile = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId);
    const list = (await mobile.waitFor((m) => m.type === 'onlineConsoles')) as { users: { UserId: number }[] };
    expect(list.users.map((u) => u.UserId)).not.toContain(staff.UserId);
    mobile.close();
  });
});
