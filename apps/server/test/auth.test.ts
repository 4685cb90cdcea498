/** Authentication and CSRF (spec §7 Common and authentication, §8 Authentication messages). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { hashToken } from '../src/plugins/session.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

const PASSWORD = 'Vigil-demo-2026';
const WEB_ACCOUNTS: [string, number][] = [
  ['orgadmin@example.com', 2],
  ['us-orgadmin@example.com', 2],
  ['dealer@example.com', 12],
  ['officer@example.com', 5],
  ['operator@example.com', 8],
  ['regional@example.com', 9],
  ['manager@example.com', 6],
];

describe.each(DB_KINDS)('authentication on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '5' });
  });
  afterAll(async () => server?.close());

  it('GET /security/csrf-token answers 204 with an x-xsrf-token header', async () => {
    const c = new ApiClient(server.baseUrl);
    const res = await c.fetchCsrf();
    expect(res.status).toBe(204);
    expect(res.headers.get('x-xsrf-token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses a state-changing call without the CSRF token, or with a wrong one', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const none = await c.post('/api/client/login', { username: 'orgadmin@example.com', password: PASSWORD }, { csrf: null });
    expect(none.status).toBe(403);
    expect(none.json.code).toBe('errors.csrfMissing');
    const wrong = await c.post('/api/client/login', { username: 'orgadmin@example.com', password: PASSWORD }, { csrf: 'x'.repeat(43) });
    expect(wrong.status).toBe(403);
    const right = await c.post('/api/client/login', { username: 'orgadmin@example.com', password: PASSWORD });
    expect(right.status).toBe(200);
  });

  it.each(WEB_ACCOUNTS)('signs in %s (role %i) with a Login result and a hashed, rotated session', async (email, roleId) => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const before = c.csrf;
    const res = await c.post<{ UserInfos: { Token: string; RoleId: number; Email: string; UserId: number; RoleName: string } }>(
      '/api/client/login',
      { username: email, password: PASSWORD, sessiontype: 'WEB' },
    );
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const infos = res.json.body!.UserInfos;
    expect(infos.RoleId).toBe(roleId);
    expect(infos.Email).toBe(email);
    expect(infos.RoleName).toBeTruthy();
    expect(Buffer.from(infos.Token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(res.headers.getSetCookie().join(';')).toMatch(/vigil_session=[^;]+;.*HttpOnly/i);
    // A new CSRF token comes with the login, and the old one no longer works.
    expect(c.csrf).not.toBe(before);
    const stale = await c.post('/api/client/isauthenticated', {}, { csrf: before });
    expect(stale.status).toBe(403);
    // The session is stored hashed, never as the raw token.
    const raw = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from sessions where token_hash = ${infos.Token}`,
    );
    const hashed = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from sessions where token_hash = ${hashToken(infos.Token)}`,
    );
    expect(raw[0]!.n).toBe(0);
    expect(hashed[0]!.n).toBe(1);
    const auth = await c.post<{ UserInfos: { UserId: number } }>('/api/client/isauthenticated');
    expect(auth.status).toBe(200);
    expect(auth.json.body!.UserInfos.UserId).toBe(infos.UserId);
  });

  it('signs the platform admin in only at the admin login', async () => {
    const c = new ApiClient(server.baseUrl);
    const res = await c.login('admin@example.com', PASSWORD, 'admin');
    expect((res.json.body as { UserInfos: { RoleId: number } }).UserInfos.RoleId).toBe(1);
    expect((await c.post('/api/admin/isauthenticated')).status).toBe(200);
    // An admin session is not a client session.
    expect((await c.post('/api/client/isauthenticated')).status).toBe(401);

    const d = new ApiClient(server.baseUrl);
    await d.fetchCsrf();
    const atClient = await d.post('/api/client/login', { username: 'admin@example.com', password: PASSWORD, sessiontype: 'WEB' });
    expect(atClient.status).toBe(403);
    expect(atClient.json.code).toBe('errors.adminUseAdminLogin');

    const e = new ApiClient(server.baseUrl);
    await e.fetchCsrf();
    const clientAtAdmin = await e.post('/api/admin/login', { username: 'orgadmin@example.com', password: PASSWORD, sessiontype: 'WEB' });
    expect(clientAtAdmin.status).toBe(403);
    expect(clientAtAdmin.json.code).toBe('errors.notAnAdmin');
  });

  it('answers "Invalid username or password" for a wrong password and for an unknown email alike', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const wrong = await c.post('/api/client/login', { username: 'officer@example.com', password: 'nope-nope', sessiontype: 'WEB' });
    const unknown = await c.post('/api/client/login', { username: 'nobody@example.com', password: 'nope-nope', sessiontype: 'WEB' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(400);
      expect(r.json.description).toBe('Invalid username or password');
    }
  });

  it('refuses mobile-only roles on the web with the exact §8 text', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const res = await c.post('/api/client/login', { username: 'staff@example.com', password: PASSWORD, sessiontype: 'WEB' });
    expect(res.status).toBe(403);
    expect(res.json.description).toBe('You cannot log in using a web browser. Please switch to the Vigil app.');
  });

  it('validates the login body with the §5 messages', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const noEmail = await c.post('/api/client/login', { username: '  ', password: 'x' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.description).toBe('Enter your email address');
    const badEmail = await c.post('/api/client/login', { username: 'not-an-email', password: 'x' });
    expect(badEmail.json.description).toBe('Enter a valid e-mail address');
    const noPassword = await c.post('/api/client/login', { username: 'a@b.com', password: '' });
    expect(noPassword.json.description).toBe('Enter your password');
    const junk = await c.post('/api/client/login', 'not json at all');
    expect(junk.status).toBe(400);
  });

  it('answers in Albanian when the console asks in Albanian', async () => {
    const c = new ApiClient(server.baseUrl, 'sq');
    await c.fetchCsrf();
    const res = await c.post('/api/client/login', { username: 'officer@example.com', password: 'nope-nope' });
    expect(res.json.description).toBe('Emër përdoruesi ose fjalëkalim i pavlefshëm');
  });

  it('ends the session at logout: the same cookie then gets 401 with the session-expired text', async () => {
    const c = new ApiClient(server.baseUrl);
    const login = await c.login('operator@example.com');
    const token = (login.json.body as { UserInfos: { Token: string } }).UserInfos.Token;
    const cookie = c.cookieHeader();
    const out = await c.post('/api/client/logout');
    expect(out.status).toBe(200);
    expect(out.json.description).toBe('You have logged out. For additional security, you may want to close your web browser.');
    // Replay the old cookie: the server must have ended the session, not just cleared the cookie.
    const replay = await c.post('/api/client/isauthenticated', {}, { headers: { cookie } });
    expect(replay.status).toBe(401);
    expect(replay.json.description).toBe('Your session has expired. Please log in again.');
    const withToken = await c.post('/api/client/loginwithtoken', { token });
    expect(withToken.status).toBe(401);
    expect(withToken.json.description).toBe('Expired Session');
  });

  it('signs in with a live session token (loginwithtoken) and rejects short tokens', async () => {
    const a = new ApiClient(server.baseUrl);
    const login = await a.login('regional@example.com');
    const token = (login.json.body as { UserInfos: { Token: string } }).UserInfos.Token;
    const b = new ApiClient(server.baseUrl);
    await b.fetchCsrf();
    const res = await b.post<{ UserInfos: { Email: string } }>('/api/client/loginwithtoken', { token });
    expect(res.status).toBe(200);
    expect(res.json.body!.UserInfos.Email).toBe('regional@example.com');
    expect((await b.post('/api/client/isauthenticated')).status).toBe(200);
    const short = await b.post('/api/client/loginwithtoken', { token: 'abc' });
    expect(short.status).toBe(400);
    expect(short.json.description).toBe('Session token not found');
  });

  it('rate limits login per account and IP with 429', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await c.post('/api/client/login', { username: 'ratelimited@example.com', password: 'wrong-' + i });
      statuses.push(r.status);
      if (r.status === 429) expect(r.json.code).toBe('errors.rateLimited');
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another account from the same address is not blocked by it.
    const other = await c.post('/api/client/login', { username: 'manager@example.com', password: PASSWORD });
    expect(other.status).toBe(200);
  });

  it('answers the login-server lookup for unknown and known emails alike, and refuses a malformed one', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const post = (email: string) =>
      fetch(`${server.baseUrl}/locate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
        body: new URLSearchParams({ email, latitude: '0', longitude: '0', organization: '', redirectUri: 'http://x/login' }).toString(),
      });
    const known = (await (await post('orgadmin@example.com')).json()) as { body: { sso: boolean; url: string } };
    const unknown = (await (await post('nobody-here@example.com')).json()) as unknown;
    expect(known).toEqual(unknown);
    expect(known.body.sso).toBe(false);
    const bad = await post('a@b@c');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { description: string }).description).toBe('Could not process email address');
  });

  it('answers the forgot-password request the same whether or not the email exists', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const a = await c.post('/api/client/forgotpassword', { case: 'FORGOT-PASSWORD', email: 'orgadmin@example.com', version: 'v25.7.2' });
    const b = await c.post('/api/client/forgotpassword', { case: 'FORGOT-PASSWORD', email: 'nobody@example.com', version: 'v25.7.2' });
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
  });

  it('answers 401 on client calls without a session and 404 for unknown API paths', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    expect((await c.post('/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES' })).status).toBe(401);
    expect((await c.post('/api/client/nosuchcall', {})).status).toBe(404);
  });
});
