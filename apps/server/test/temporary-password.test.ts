/**
 * A temporary password forces a change at the next sign-in (issue "completeness", bug 1), on the web
 * and in the app: until a new password is saved every call answers 403
 * errors.passwordChangeRequired — except the password change, the session check, logout and (in the
 * app) an alarm, which is never refused. Real SMTP peer; both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { startSmtpPeer, type SmtpPeer } from './account-peers.js';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('temporary passwords on %s', (kind) => {
  let server: TestServer;
  let smtp: SmtpPeer;
  let admin: ApiClient;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, LOGIN_RATE_MAX: '100' });
    admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** Sends a temporary password to `email` and returns it as mailed. */
  const temporary = async (email: string) => {
    const [u] = await rows<{ id: number }>(server.database.db, sql`select id from users where email = ${email}`);
    const res = await admin.post('/api/client/temporary-password', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: u!.id });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor(email);
    return /Temporary password: (\S+)/.exec(mail.text)![1]!;
  };

  it('web: only the password change is allowed until a new password is saved', async () => {
    const password = await temporary('manager@example.com');
    const c = new ApiClient(server.baseUrl, 'sq');
    const login = await c.login('manager@example.com', password);
    expect((login.json.body as { UserInfos: { MustChangePassword: boolean } }).UserInfos.MustChangePassword).toBe(true);
    const refused = await c.post('/api/client/getorganizations', {});
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('errors.passwordChangeRequired');
    expect(refused.json.description).toBe('Fjalëkalimi juaj është i përkohshëm. Zgjidhni një fjalëkalim të ri për të vazhduar.');
    const checked = await c.post<{ UserInfos: { MustChangePassword: boolean } }>('/api/client/isauthenticated', {});
    expect(checked.status).toBe(200);
    expect(checked.json.body!.UserInfos.MustChangePassword).toBe(true);
    const changed = await c.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PASSWORD',
      oldpass: password,
      newpass: 'Chosen-by-me-2026',
      confirmpass: 'Chosen-by-me-2026',
    });
    expect(changed.status).toBe(200);
    expect((await c.post('/api/client/getorganizations', {})).status).toBe(200);
    const again = await new ApiClient(server.baseUrl).login('manager@example.com', 'Chosen-by-me-2026');
    expect((again.json.body as { UserInfos: { MustChangePassword: boolean } }).UserInfos.MustChangePassword).toBe(false);
  });

  it('app: calls are refused until /api/mobile/changepassword, but an alarm always goes through', async () => {
    const password = await temporary('staff@example.com');
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com', password);
    expect((staff as unknown as { MustChangePassword: boolean }).MustChangePassword).toBe(true);
    const b = staff.Branches[0]!;
    const checkin = await staff.call('checkin', { branchOfficeId: b.BranchOfficeId, latitude: b.Latitude, longitude: b.Longitude });
    expect(checkin.status).toBe(403);
    expect(checkin.json.code).toBe('errors.passwordChangeRequired');
    const alarm = await staff.call('alarm', {
      branchOfficeId: b.BranchOfficeId,
      type: 'PANIC',
      latitude: b.Latitude,
      longitude: b.Longitude,
    });
    expect(alarm.status).toBe(200);
    const changed = await staff.call('changepassword', {
      case: 'UPDATE-PASSWORD',
      oldpass: password,
      newpass: 'Chosen-by-me-2026',
      confirmpass: 'Chosen-by-me-2026',
    });
    expect(changed.status).toBe(200);
    const after = await staff.call('checkin', { branchOfficeId: b.BranchOfficeId, latitude: b.Latitude, longitude: b.Longitude });
    expect(after.status).not.toBe(403);
  });
});
