/**
 * Account lifecycle over HTTP (spec §4 activation and reset flows, §5 rules, §7 calls, §8):
 * activation mailed to a real SMTP peer, every §5 rule refused with its text, one-time links,
 * password reset with session ending and expiry, the demo outbox, resend scope, temporary
 * passwords, and brute-force limits on passwords and PINs (429, audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { accountTokens, users } from '../src/db/schema/index.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';
import { linkIn, startSmtpPeer, type SmtpPeer } from './account-peers.js';

const PASSWORD = 'Vigil-demo-2026';

async function userId(server: TestServer, email: string): Promise<number> {
  const [u] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

async function orgOf(server: TestServer, email: string): Promise<number> {
  const [u] = await server.database.db.select({ org: users.organizationId }).from(users).where(eq(users.email, email));
  return u!.org!;
}

/** A Pending user of the organisation of `orgAdminEmail` with role `roleId`. */
async function pendingUser(
  server: TestServer,
  orgAdminEmail: string,
  roleId: number,
  email: string,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<number> {
  const organizationId = await orgOf(server, orgAdminEmail);
  const [u] = await server.database.db
    .insert(users)
    .values({ organizationId, roleId, name: 'Ana <b>&', surname: 'Test', email, statusId: 2, langId: 'en', ...extra })
    .returning({ id: users.id });
  return u!.id;
}

async function countAudit(server: TestServer, action: string, actor: number | null): Promise<number> {
  const [r] = await rows<{ n: number }>(
    server.database.db,
    sql`select count(*)::int as n from audit_log where action = ${action} and (${actor}::int is null or actor_user_id = ${actor}::int)`,
  );
  return r!.n;
}

describe.each(DB_KINDS)('account lifecycle with a real SMTP server on %s', (kind) => {
  let server: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, LOGIN_RATE_MAX: '5' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('mails an activation link, refuses each §5 rule with its text, activates once, and the password then signs in', async () => {
    const email = 'new.manager@example.com';
    const id = await pendingUser(server, 'orgadmin@example.com', 6, email, { langId: 'en' });
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    const resend = await admin.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: id });
    expect(resend.status).toBe(200);
    expect(resend.json.description).toBe('The activation link has been sent again.');

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Activate your Vigil account');
    const link = linkIn(mail.text, '/validateToken/');
    expect(link.startsWith(`${server.baseUrl}/validateToken/`)).toBe(true);
    expect(link.endsWith(`/${encodeURIComponent(email)}`)).toBe(true);
    expect(linkIn(mail.html, '/validateToken/')).toBe(link);
    // User data is escaped in the HTML part, shown as is in the text part.
    expect(mail.text).toContain('Hello Ana <b>&,');
    expect(mail.html).toContain('Hello Ana &lt;b&gt;&amp;,');
    expect(mail.html).not.toContain('<b>&');
    const token = link.split('/validateToken/')[1]!.split('/')[0]!;
    // Stored hashed only.
    const stored = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from account_tokens where token_hash = ${token}`,
    );
    expect(stored[0]!.n).toBe(0);

    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    const check = await anon.post<{ can_login_mobile: boolean; role_id: number; uses_sso: boolean; description: string }>(
      '/api/client/validatetokenforpin',
      { token },
    );
    expect(check.status).toBe(200);
    expect(check.json.body).toMatchObject({ can_login_mobile: true, role_id: 6, uses_sso: false });

    const good = {
      token,
      sso: false,
      show_pin: true,
      password: 'Sturdy-pass-1',
      password_confirm: 'Sturdy-pass-1',
      pin: '1234',
      pin_confirm: '1234',
      duress: '9876',
      duress_confirm: '9876',
    };
    const cases: [Partial<typeof good>, string, string][] = [
      [{ password: 'short', password_confirm: 'short' }, 'Password must have eight or more characters', 'password'],
      [{ password_confirm: 'Sturdy-pass-2' }, 'Password confirmation does not match', 'password_confirm'],
      [{ pin: '12a4', pin_confirm: '12a4' }, 'PIN must have four digits', 'pin'],
      [{ pin_confirm: '1235' }, 'PIN confirmation does not match', 'pin_confirm'],
      [{ duress: '98', duress_confirm: '98' }, 'Panic Code must have four digits', 'duress'],
      [{ duress: '1234', duress_confirm: '1234' }, 'Panic Code must be different from PIN', 'duress'],
      [{ duress_confirm: '9875' }, 'Panic Code confirmation does not match', 'duress_confirm'],
    ];
    for (const [change, text, field] of cases) {
      const res = await anon.post('/api/client/validateAndConfirm', { ...good, ...change });
      expect(res.status, text).toBe(400);
      expect(res.json.description).toBe(text);
      expect(res.json.field).toBe(field);
    }
    // Albanian texts for Albanian requests.
    const sq = new ApiClient(server.baseUrl, 'sq');
    await sq.fetchCsrf();
    const sqRes = await sq.post('/api/client/validateAndConfirm', { ...good, duress: '1234', duress_confirm: '1234' });
    expect(sqRes.json.description).toBe('Kodi i panikut duhet të jetë i ndryshëm nga PIN-i');

    const ok = await anon.post('/api/client/validateAndConfirm', good);
    expect(ok.status).toBe(200);
    expect(ok.json.success).toBe(true);
    const [row] = await server.database.db
      .select({ statusId: users.statusId, pin: users.pinHash, duress: users.duressHash })
      .from(users)
      .where(eq(users.id, id));
    expect(row!.statusId).toBe(1);
    expect(row!.pin).toMatch(/^\$argon2id\$/);
    expect(row!.duress).toMatch(/^\$argon2id\$/);

    for (const path of ['/api/client/validatetokenforpin', '/api/client/validateAndConfirm']) {
      const again = await anon.post(path, path.endsWith('pin') ? { token } : good);
      expect(again.status).toBe(400);
      expect(again.json.description).toBe('Invalid activation link or link already used.');
    }
    const user = new ApiClient(server.baseUrl);
    await user.login(email, 'Sturdy-pass-1');
    const pin = await user.post('/api/client/validatepin', { pin: '1234' });
    expect(pin.status).toBe(200);
    expect(await countAudit(server, 'activate', id)).toBe(1);
  });

  it('asks web-only roles for a password only, and mobile roles also for PIN and panic code', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    for (const [roleId, email, mobile] of [
      [2, 'web.only@example.com', false],
      [7, 'mobile.only@example.com', true],
    ] as const) {
      const id = await pendingUser(server, 'orgadmin@example.com', roleId, email);
      expect((await admin.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: id })).status).toBe(200);
      const token = linkIn((await smtp.waitFor(email)).text, '/validateToken/')
        .split('/validateToken/')[1]!
        .split('/')[0]!;
      const check = await anon.post<{ can_login_mobile: boolean }>('/api/client/validatetokenforpin', { token });
      expect(check.json.body!.can_login_mobile).toBe(mobile);
      const password = { password: 'Only-a-password', password_confirm: 'Only-a-password' };
      if (mobile) {
        // A mobile role without PIN and panic code is refused.
        expect((await anon.post('/api/client/validateAndConfirm', { token, ...password })).json.description).toBe(
          'PIN must have four digits',
        );
      }
      const body = mobile
        ? { token, ...password, pin: '2468', pin_confirm: '2468', duress: '1357', duress_confirm: '1357' }
        : { token, ...password };
      const res = await anon.post('/api/client/validateAndConfirm', body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
  });

  it('only a newer link works, and resend is refused (404) outside the caller scope or for Active users', async () => {
    const email = 'scope.test@example.com';
    const id = await pendingUser(server, 'orgadmin@example.com', 9, email);
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    expect((await admin.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: id })).status).toBe(200);
    const first = linkIn((await smtp.waitFor(email)).text, '/validateToken/');
    expect((await admin.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: id })).status).toBe(200);
    const second = linkIn((await smtp.waitFor(email, (m) => !m.text.includes(first))).text, '/validateToken/');
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    const tok = (l: string) => l.split('/validateToken/')[1]!.split('/')[0]!;
    expect((await anon.post('/api/client/validatetokenforpin', { token: tok(first) })).status).toBe(400);
    expect((await anon.post('/api/client/validatetokenforpin', { token: tok(second) })).status).toBe(200);

    for (const outsider of ['us-orgadmin@example.com', 'officer@example.com', 'regional@example.com']) {
      const c = new ApiClient(server.baseUrl);
      await c.login(outsider);
      const res = await c.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: id });
      expect(res.status, outsider).toBe(404);
    }
    const active = await userId(server, 'manager@example.com');
    expect((await admin.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: active })).status).toBe(404);
    // The dealer of the organisation may resend.
    const dealer = new ApiClient(server.baseUrl);
    await dealer.login('dealer@example.com');
    expect((await dealer.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: id })).status).toBe(200);
    // An unknown case is bad input, not a server error.
    expect((await admin.post('/api/client/manageemployees', { case: 'NOPE', employeeId: id })).status).toBe(400);
  });

  it('resets a password by mail: bad passwords refused, other sessions ended, old password refused, link single-use', async () => {
    const email = 'regional@example.com';
    const before = new ApiClient(server.baseUrl);
    await before.login(email);
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    const unknown = await anon.post('/api/client/forgotpassword', {
      case: 'FORGOT-PASSWORD',
      email: 'nobody@example.com',
      version: 'v25.7.2',
    });
    const res = await anon.post('/api/client/forgotpassword', { case: 'FORGOT-PASSWORD', email: email.toUpperCase(), version: 'v25.7.2' });
    expect(res.status).toBe(200);
    expect(res.json.description).toBe(unknown.json.description);
    expect(unknown.status).toBe(200);

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Reset your Vigil password');
    const link = linkIn(mail.text, '/resetpassword/');
    expect(link.endsWith(`/${encodeURIComponent(email)}`)).toBe(true);
    const token = link.split('/resetpassword/')[1]!.split('/')[0]!;
    const valid = await anon.post<{ resflag: boolean; msg: string }>('/api/client/validateLink', {
      case: 'FORGOT-PASSWORD-LINK-VALIDATION',
      token,
    });
    expect(valid.json.body!.resflag).toBe(true);

    const short = await anon.post('/api/client/confirmpassword', {
      case: 'FORGOT-PASSWORD-LINK-VALIDATION-NEWPASSWORD',
      password: 'short',
      token,
    });
    expect(short.status).toBe(400);
    expect(short.json.description).toBe('Password must have eight or more characters');
    const empty = await anon.post('/api/client/confirmpassword', {
      case: 'FORGOT-PASSWORD-LINK-VALIDATION-NEWPASSWORD',
      password: '',
      token,
    });
    expect(empty.json.description).toBe('Enter your new password');

    const done = await anon.post<{ resetobject: { role_id: number } }>('/api/client/confirmpassword', {
      case: 'FORGOT-PASSWORD-LINK-VALIDATION-NEWPASSWORD',
      password: 'Brand-new-pass-9',
      token,
    });
    expect(done.status).toBe(200);
    expect(done.json.body!.resetobject.role_id).toBe(9);
    expect((await before.post('/api/client/isauthenticated')).status).toBe(401);

    const old = new ApiClient(server.baseUrl);
    await old.fetchCsrf();
    expect((await old.post('/api/client/login', { username: email, password: PASSWORD })).status).toBe(400);
    await old.login(email, 'Brand-new-pass-9');

    const reused = await anon.post<{ resflag: boolean; msg: string }>('/api/client/validateLink', {
      case: 'FORGOT-PASSWORD-LINK-VALIDATION',
      token,
    });
    expect(reused.json.body).toEqual({ resflag: false, msg: 'This password reset link is invalid or has expired.' });
    const again = await anon.post('/api/client/confirmpassword', {
      case: 'FORGOT-PASSWORD-LINK-VALIDATION-NEWPASSWORD',
      password: 'Another-pass-10',
      token,
    });
    expect(again.status).toBe(400);
    expect(again.json.description).toBe('This password reset link is invalid or has expired.');
    // Nothing was mailed for the unknown address.
    expect(smtp.messages.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });

  it('refuses an expired reset link', async () => {
    const email = 'manager@example.com';
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    await anon.post('/api/client/forgotpassword', { case: 'FORGOT-PASSWORD', email, version: 'v25.7.2' });
    const token = linkIn((await smtp.waitFor(email)).text, '/resetpassword/')
      .split('/resetpassword/')[1]!
      .split('/')[0]!;
    await server.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(accountTokens.userId, await userId(server, email)));
    const check = await anon.post<{ resflag: boolean }>('/api/client/validateLink', { case: 'FORGOT-PASSWORD-LINK-VALIDATION', token });
    expect(check.json.body!.resflag).toBe(false);
    const res = await anon.post('/api/client/confirmpassword', {
      case: 'FORGOT-PASSWORD-LINK-VALIDATION-NEWPASSWORD',
      password: 'Too-late-pass-1',
      token,
    });
    expect(res.status).toBe(400);
    const old = new ApiClient(server.baseUrl);
    await old.login(email);
  });

  it('sends a temporary password to a user in scope and ends the user sessions', async () => {
    const email = 'officer2@example.com';
    const id = await pendingUser(server, 'orgadmin@example.com', 6, email, { statusId: 1 });
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    const outsider = new ApiClient(server.baseUrl);
    await outsider.login('us-orgadmin@example.com');
    expect((await outsider.post('/api/client/temporary-password', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: id })).status).toBe(404);
    const res = await admin.post('/api/client/temporary-password', { case: 'SEND-TEMPORARY-PASSWORD', employeeId: id });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).not.toMatch(/Temporary password/);
    const mail = await smtp.waitFor(email);
    const password = /Temporary password: (\S+)/.exec(mail.text)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    const c = new ApiClient(server.baseUrl);
    await c.login(email, password);
  });

  it('rate limits repeated wrong passwords (429) and audits them', async () => {
    const email = 'operator@example.com';
    const id = await userId(server, email);
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post('/api/client/login', { username: email, password: `wrong-${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(await countAudit(server, 'login-failed', id)).toBeGreaterThanOrEqual(5);
  });

  it('rate limits repeated wrong PINs (429), audits every attempt and never stores the PIN', async () => {
    const email = 'brute.pin@example.com';
    const id = await pendingUser(server, 'orgadmin@example.com', 6, email);
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    await admin.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: id });
    const token = linkIn((await smtp.waitFor(email)).text, '/validateToken/')
      .split('/validateToken/')[1]!
      .split('/')[0]!;
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    await anon.post('/api/client/validateAndConfirm', {
      token,
      password: 'Pin-tester-123',
      password_confirm: 'Pin-tester-123',
      pin: '4321',
      pin_confirm: '4321',
      duress: '8765',
      duress_confirm: '8765',
    });
    const c = new ApiClient(server.baseUrl);
    await c.login(email, 'Pin-tester-123');
    expect((await c.post('/api/client/validatepin', { pin: '12' })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await c.post('/api/client/validatepin', { pin: `000${i}` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right PIN waits for the window once the limit is reached.
    expect((await c.post('/api/client/validatepin', { pin: '4321' })).status).toBe(429);
    expect(await countAudit(server, 'pin-failed', id)).toBe(5);
    expect(await countAudit(server, 'pin-rate-limited', id)).toBe(2);
    const logged = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from audit_log where actor_user_id = ${id} and (coalesce(after::text, '') like '%0003%' or coalesce(after::text, '') like '%4321%')`,
    );
    expect(logged[0]!.n).toBe(0);
    // Without a session: 401.
    const none = new ApiClient(server.baseUrl);
    await none.fetchCsrf();
    expect((await none.post('/api/client/validatepin', { pin: '4321' })).status).toBe(401);
  });
});

describe.each(DB_KINDS)('demo outbox (no SMTP_URL) on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { PUBLIC_URL: 'https://vigil.example.org' });
  });
  afterAll(async () => server?.close());

  it('keeps mail in the outbox for the platform admin only, with PUBLIC_URL links', async () => {
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    await anon.post('/api/client/forgotpassword', { case: 'FORGOT-PASSWORD', email: 'officer@example.com', version: 'v25.7.2' });
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', PASSWORD, 'admin');
    let list: { To: string; Subject: string; Text: string; Html: string; Channel: string }[] = [];
    for (let i = 0; i < 100 && list.length === 0; i++) {
      const res = await admin.post<{ outboxobject: typeof list }>('/api/admin/outbox', { case: 'GET-OUTBOX', to: 'officer@example.com' });
      expect(res.status).toBe(200);
      list = res.json.body!.outboxobject;
      if (!list.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(list).toHaveLength(1);
    expect(list[0]!.Channel).toBe('email');
    expect(linkIn(list[0]!.Text, '/resetpassword/').startsWith('https://vigil.example.org/resetpassword/')).toBe(true);
    const client = new ApiClient(server.baseUrl);
    await client.login('orgadmin@example.com');
    expect((await client.post('/api/admin/outbox', {})).status).toBe(401);
  });

  it('mails in the recipient language', async () => {
    const [u] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'manager@example.com'));
    await server.database.db.update(users).set({ langId: 'sq' }).where(eq(users.id, u!.id));
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    await anon.post('/api/client/forgotpassword', { case: 'FORGOT-PASSWORD', email: 'manager@example.com', version: 'v25.7.2' });
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', PASSWORD, 'admin');
    let subject = '';
    for (let i = 0; i < 100 && !subject; i++) {
      const res = await admin.post<{ outboxobject: { Subject: string }[] }>('/api/admin/outbox', { to: 'manager@example.com' });
      subject = res.json.body!.outboxobject[0]?.Subject ?? '';
      if (!subject) await new Promise((r) => setTimeout(r, 50));
    }
    expect(subject).toBe('Rivendosni fjalëkalimin tuaj në Vigil');
  });
});
