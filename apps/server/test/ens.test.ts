/**
 * ENS API (docs/API.md "ENS", "Mobile: ENS"; spec §5, §6, §7): a send records recipients ×
 * channels in one transaction; the delivery worker sends each e-mail (real SMTP peer) and SMS
 * (real HTTP gateway) once, in the recipient's language, retrying a failing gateway; the app gets
 * the EMERGENCY-NOTIFICATION push, reads and replies; "help" raises an Emergency alarm; consoles
 * in scope see ENS-STATUS; scope is enforced for sending and reading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EnsNotification, EnsStatusPayload, SocketEvent } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { startEnsDelivery } from '../src/modules/ens/ens-delivery.js';
import { retryDelayMs } from '../src/modules/ens/ens-delivery.js';
import { startSmtpPeer, type SmtpPeer } from './account-peers.js';
import { messageIdOf, startSmsPeer, until, type SmsPeer } from './ens-peers.js';
import { ApiClient, DB_KINDS, SocketClient, mobileLogin, startTestServer, type TestServer } from './helpers.js';

const TEMPLATES = '/api/client/manageensmessagetemplates';

async function consoleLogin(server: TestServer, email: string) {
  const api = new ApiClient(server.baseUrl);
  const login = await api.login(email);
  const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return { api, token: infos.Token, userId: infos.UserId };
}

describe.each(DB_KINDS)('ENS on %s', (kind) => {
  let server: TestServer;
  let smtp: SmtpPeer;
  let sms: SmsPeer;
  let worker: { stop(): Promise<void> };
  let branchId: number;
  let orgId: number;
  let regionId: number | null;
  let staffIds: number[];
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    sms = await startSmsPeer();
    server = await startTestServer(kind, {
      LOGIN_RATE_MAX: '1000',
      SMTP_URL: smtp.url,
      SMS_URL: sms.url,
      ENS_DELIVERY_INTERVAL_MS: '50',
      ENS_RETRY_BASE_MS: '50',
    });
    worker = startEnsDelivery(server.app);
    const [b] = await rows<{ id: number; organization_id: number; regional_office_id: number | null }>(
      server.database.db,
      sql`select b.id, b.organization_id, b.regional_office_id from branch_offices b
        join works_in w on w.branch_office_id = b.id join users u on u.id = w.user_id where u.email = 'manager@example.com' limit 1`,
    );
    branchId = b!.id;
    orgId = b!.organization_id;
    regionId = b!.regional_office_id;
    // Everyone the branch lists (its own staff and its region's), as getbranchemployees gives them.
    const m = await consoleLogin(server, 'manager@example.com');
    const res = await m.api.post<{ userobject: { UserId: number }[] }>('/api/client/getbranchemployees', { param_branchid: branchId });
    staffIds = res.json.body!.userobject.map((u) => u.UserId);
    // One recipient reads Albanian.
    await server.database.db.execute(sql`update users set lang_id = 'sq' where email = 'staff@example.com'`);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await smtp?.close();
    await sms?.close();
  });

  it('sends to every chosen employee on app, e-mail and SMS, once each, in their language, and the app replies', async () => {
    const manager = await consoleLogin(server, 'manager@example.com');
    const operator = await consoleLogin(server, 'operator@example.com');
    const opSocket = await SocketClient.connect(server.baseUrl, operator.token, operator.userId);
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const mobileSocket = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId);
    expect(staffIds).toContain(staff.UserId);
    const mailsBefore = smtp.messages.length;
    sms.failNext(1); // the gateway refuses once: the SMS is retried, not lost

    const res = await manager.api.post<{ resflag: boolean; EnsId: number; Recipients: number; Deliveries: number }>(TEMPLATES, {
      case: 'NOTIFY-EMEGREGENCY',
      organizationId: orgId,
      regionId,
      branchId,
      fromUserId: manager.userId,
      toUsersId: `{${staffIds.join(',')}}`,
      message: 'Gas leak reported.\nLeave the building now.',
      notificationMethod: 'ALL',
      msgtemplateid: null,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.body).toMatchObject({ resflag: true, Recipients: staffIds.length, Deliveries: staffIds.length * 3 });
    expect(res.json.description).toBe(`Emergency notification sent to ${staffIds.length} people`);
    const ensId = res.json.body!.EnsId;
    const [counts] = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from ens_deliveries where notification_id = ${ensId}`,
    );
    expect(counts!.n).toBe(staffIds.length * 3);

    // The app's push: the recipient's mobile socket gets EMERGENCY-NOTIFICATION, and so does a console in scope.
    const push = (await mobileSocket.waitFor((m) => m.type === 'EMERGENCY-NOTIFICATION')) as SocketEvent;
    expect(push.Payload).toMatchObject({ EnsId: ensId, MessageTitle: 'Gas leak reported.' });
    await opSocket.waitFor((m) => m.type === 'EMERGENCY-NOTIFICATION' && (m.Payload as { EnsId: number }).EnsId === ensId);

    // Every e-mail and SMS arrives exactly once (distinct keys and no repeat), the Albanian reader's in Albanian.
    const people = await rows<{ id: number; email: string; phone_number: string | null }>(
      server.database.db,
      sql`select id, email, phone_number from users where id in (${sql.join(
        staffIds.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    const withPhone = people.filter((p) => p.phone_number).length;
    await until(() => smtp.messages.length - mailsBefore >= staffIds.length && sms.received.length >= withPhone, 15_000, 'deliveries');
    await new Promise((r) => setTimeout(r, 300));
    const mails = smtp.messages.slice(mailsBefore);
    expect(mails).toHaveLength(staffIds.length);
    expect(new Set(mails.map(messageIdOf)).size).toBe(staffIds.length);
    expect(sms.received).toHaveLength(withPhone);
    expect(new Set(sms.received.map((s) => s.key)).size).toBe(withPhone);
    const sqMail = mails.find((m) => m.to.includes('staff@example.com'))!;
    expect(sqMail.subject).toBe('EMERGJENCË: Gas leak reported.');
    expect(sqMail.text).toContain('Leave the building now.');
    const other = mails.find((m) => !m.to.includes('staff@example.com'));
    if (other) expect(other.subject).toBe('EMERGENCY: Gas leak reported.');

    // Inbox → delivered; read; reply "help" → Emergency alarm on the alarm panel and ENS-STATUS on the console.
    const inbox = await fetch(`${server.baseUrl}/api/mobile/ens`, { headers: { authorization: `Bearer ${staff.Token}` } });
    const items = ((await inbox.json()) as { body: { ensobject: { EnsId: number; MessageContent: string }[] } }).body.ensobject;
    expect(items[0]).toMatchObject({ EnsId: ensId, MessageContent: 'Gas leak reported.\nLeave the building now.' });
    expect((await staff.call('ens/read', { ensId })).status).toBe(200);
    const replied = await staff.call<{ AlarmNotificationId: number }>('ens/reply', { ensId, reply: 'help' });
    expect(replied.status).toBe(200);
    const alarm = (await opSocket.waitFor(
      (m) => m.type === 'NOTIFICATION' && m.id === replied.json.body!.AlarmNotificationId,
    )) as SocketEvent;
    expect(alarm).toMatchObject({ BranchAction: 'Emergency', NotificationType: 12, UserId: staff.UserId });
    const status = (await opSocket.waitFor(
      (m) => m.type === 'ENS-STATUS' && (m.Payload as EnsStatusPayload).Changes.some((c) => c.Reply === 'help'),
    )) as SocketEvent;
    expect((status.Payload as EnsStatusPayload).Counts).toMatchObject({ Recipients: staffIds.length, Help: 1, Read: 1 });
    // A second "help" raises no second alarm.
    expect(
      (await staff.call<{ AlarmNotificationId: number | null }>('ens/reply', { ensId, reply: 'help' })).json.body!.AlarmNotificationId,
    ).toBeNull();

    // The ENS list and the detail show who got what and who has not answered.
    const list = await operator.api.post<{ temp_ens_notificationobject: EnsNotification[] }>('/api/client/getnotifications', {
      case: 'GET-ENS-NOTIFICATIONS',
    });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    const row = list.json.body!.temp_ens_notificationobject.find((n) => n.Id === ensId)!;
    expect(row).toMatchObject({
      BranchAction: 'ENS',
      BranchOfficeId: branchId,
      MessageTitle: 'Gas leak reported.',
      UserId: manager.userId,
    });
    expect(row.Counts).toMatchObject({ Recipients: staffIds.length, Help: 1, NoAnswer: staffIds.length - 1, Failed: 0, Pending: 0 });
    const detail = await manager.api.post<{ temp_ens_notificationobject: EnsNotification }>('/api/client/getnotifications', {
      case: 'GET-ENS-NOTIFICATION-DETAILS',
      ensId,
    });
    const me = detail.json.body!.temp_ens_notificationobject.Recipients!.find((r) => r.UserId === staff.UserId)!;
    expect(me).toMatchObject({ Reply: 'help', Status: 'replied', LangId: 'sq' });
    expect(me.Channels.email.Status).toBe('sent');
    expect(me.Channels.app.Status).toBe('replied');
    opSocket.close();
    mobileSocket.close();
  });

  it('refuses a foreign employee id, an empty list and a branch outside scope, and records nothing', async () => {
    const manager = await consoleLogin(server, 'manager@example.com');
    const [foreign] = await rows<{ id: number }>(server.database.db, sql`select id from users where email = 'us-orgadmin@example.com'`);
    const before = (await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from ens_notifications`))[0]!.n;
    const send = (extra: Record<string, unknown>) =>
      manager.api.post(TEMPLATES, {
        case: 'NOTIFY-EMEGREGENCY',
        branchId,
        message: 'Test',
        notificationMethod: 'ALL',
        toUsersId: `{${staffIds[0]}}`,
        ...extra,
      });
    const foreignRes = await send({ toUsersId: `{${staffIds[0]},${foreign!.id}}` });
    expect(foreignRes.status).toBe(400);
    expect(foreignRes.json.description).toBe('Every recipient must work at the chosen location. Nothing was sent');
    const empty = await send({ toUsersId: '{}' });
    expect(empty.status).toBe(400);
    expect(empty.json.description).toBe('Choose at least one employee');
    expect((await send({ toUsersId: '12,13' })).status).toBe(400);
    const [other] = await rows<{ id: number }>(
      server.database.db,
      sql`select id from branch_offices where id <> ${branchId} order by id limit 1`,
    );
    expect((await send({ branchId: other!.id })).status).toBe(404);
    expect((await send({ fromUserId: foreign!.id })).status).toBe(403);
    const after = (await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from ens_notifications`))[0]!.n;
    expect(after).toBe(before);

    // Another organisation's admin neither lists nor reads this organisation's notifications.
    const us = await consoleLogin(server, 'us-orgadmin@example.com');
    const list = await us.api.post<{ temp_ens_notificationobject: EnsNotification[] }>('/api/client/getnotifications', {
      case: 'GET-ENS-NOTIFICATIONS',
    });
    expect(list.json.body!.temp_ens_notificationobject.every((n) => n.OrganizationId !== orgId)).toBe(true);
    const [ens] = await rows<{ id: number }>(
      server.database.db,
      sql`select id from ens_notifications where organization_id = ${orgId} limit 1`,
    );
    const detail = await us.api.post('/api/client/getnotifications', { case: 'GET-ENS-NOTIFICATION-DETAILS', ensId: ens!.id });
    expect(detail.status).toBe(404);
    // A mobile user who is not a recipient cannot read or answer it.
    const [outsider] = await rows<{ email: string }>(
      server.database.db,
      sql`select u.email from users u where u.role_id in (7, 10, 11, 13) and u.status_id = 1 and u.organization_id <> ${orgId} limit 1`,
    );
    if (outsider) {
      const o = await mobileLogin(server.baseUrl, outsider.email);
      expect((await o.call('ens/reply', { ensId: ens!.id, reply: 'safe' })).status).toBe(404);
    }
  });

  it("templates: organisation admins manage them; a branch lists its organisation's; others may not manage", async () => {
    const admin = await consoleLogin(server, 'orgadmin@example.com');
    const added = await admin.api.post<{ template: { MessageTemplateId: number } }>(TEMPLATES, {
      case: 'ADD-ENS-MESSAGE-TEMPLATE',
      ShortMsg: 'Fire',
      Description: 'Fire alarm: leave by the nearest exit.',
    });
    expect(added.status).toBe(200);
    const id = added.json.body!.template.MessageTemplateId;
    const upd = await admin.api.post(TEMPLATES, {
      case: 'UPDATE-ENS-MESSAGE-TEMPLATE',
      MessageTemplateId: id,
      ShortMsg: 'Fire!',
      Description: 'Leave now.',
    });
    expect(upd.status).toBe(200);
    const manager = await consoleLogin(server, 'manager@example.com');
    const forBranch = await manager.api.post<{ templates: { MessageTemplateId: number; ShortMsg: string }[] }>(TEMPLATES, {
      case: 'GET-ENS-MESSAGE-TEMPLATES',
      branchId,
    });
    expect(forBranch.json.body!.templates).toContainEqual(expect.objectContaining({ MessageTemplateId: id, ShortMsg: 'Fire!' }));
    expect((await manager.api.post(TEMPLATES, { case: 'ADD-ENS-MESSAGE-TEMPLATE', ShortMsg: 'X', Description: 'Y' })).status).toBe(403);
    const us = await consoleLogin(server, 'us-orgadmin@example.com');
    expect((await us.api.post(TEMPLATES, { case: 'DELETE-ENS-MESSAGE-TEMPLATE', MessageTemplateId: id })).status).toBe(404);
    // A send with the template takes its title.
    const sent = await manager.api.post<{ EnsId: number }>(TEMPLATES, {
      case: 'NOTIFY-EMEGREGENCY',
      branchId,
      toUsersId: `{${staffIds[0]}}`,
      message: 'Leave now.',
      notificationMethod: 'ALL',
      msgtemplateid: id,
    });
    expect(sent.status).toBe(200);
    const [n] = await rows<{ message_title: string }>(
      server.database.db,
      sql`select message_title from ens_notifications where id = ${sent.json.body!.EnsId}`,
    );
    expect(n!.message_title).toBe('Fire!');
    expect((await admin.api.post(TEMPLATES, { case: 'DELETE-ENS-MESSAGE-TEMPLATE', MessageTemplateId: id })).status).toBe(200);
    const after = await manager.api.post<{ templates: { MessageTemplateId: number }[] }>(TEMPLATES, {
      case: 'GET-ENS-MESSAGE-TEMPLATES',
      branchId,
    });
    expect(after.json.body!.templates.map((t) => t.MessageTemplateId)).not.toContain(id);
  });
});

describe('ENS retry back-off', () => {
  it('doubles from the base and stops at 30 minutes', () => {
    expect([1, 2, 3].map((a) => retryDelayMs(5_000, a))).toEqual([5_000, 10_000, 20_000]);
    expect(retryDelayMs(5_000, 30)).toBe(30 * 60_000);
  });
});
