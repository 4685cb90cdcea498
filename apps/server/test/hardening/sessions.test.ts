/**
 * Issue 12 findings 2–6 and 8, each on the running server: forged X-Forwarded-For does not reset a
 * limit, links never take a forged host, the PIN has a shared attempt limit the panic code passes,
 * mobile sessions stay off the console API, security-office staff are scoped, logout closes the
 * socket at once, the rate-limit text names its window, CSP allows only the console's own sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PIN } from '../../src/db/seed/demo.js';
import { ApiClient, DB_KINDS, mobileLogin, SocketClient, startTestServer, type TestServer } from '../helpers.js';
import { addThirdOrganization, THIRD_MARKER } from '../attack/harness.js';

const PANIC_CODE = '9999';

describe.each(DB_KINDS)('hardening of sessions, links and limits (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '3', LOGIN_RATE_WINDOW_MS: '300000', SOCKET_HEARTBEAT_MS: '20000' });
  }, 120_000);
  afterAll(async () => server?.close());

  it('a forged X-Forwarded-For does not reset the login limit, and the 429 names the 5-minute window', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<ApiClient['post']>> | undefined;
    for (let i = 0; i < 5; i++) {
      const c = new ApiClient(server.baseUrl);
      await c.fetchCsrf();
      last = await c.post(
        '/api/client/login',
        { username: 'dealer@example.com', password: 'wrong-password' },
        { headers: { 'x-forwarded-for': `10.9.8.${i}` } },
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(last!.json.description).toContain('5');
    expect(last!.json.description).not.toMatch(/a minute/);
  });

  it('reset links and /locate never take a forged X-Forwarded-Host', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const res = await c.post('/api/client/forgotpassword', { case: 'FORGOT-PASSWORD', email: 'regional@example.com' }, { headers });
    expect(res.status).toBe(200);
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', undefined, 'admin');
    let text = '';
    for (let i = 0; i < 50 && !text; i++) {
      const out = await admin.post<{ outboxobject: { Text: string }[] }>('/api/admin/outbox', {
        case: 'GET-OUTBOX',
        to: 'regional@example.com',
      });
      text = out.json.body?.outboxobject[0]?.Text ?? '';
      if (!text) await new Promise((r) => setTimeout(r, 100));
    }
    expect(text).toContain('/resetpassword/');
    expect(text).not.toContain('evil.example');
    expect(text).toContain('http://127.0.0.1');
    const locate = await c.post<{ url: string }>('/locate', { email: 'orgadmin@example.com' }, { headers });
    expect(locate.json.body?.url).not.toContain('evil.example');
    // The console's form post (empty coordinates) still locates.
    const form = await fetch(`${server.baseUrl}/locate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf!, ...headers },
      body: new URLSearchParams({
        email: 'orgadmin@example.com',
        latitude: '',
        longitude: '',
        organization: '',
        redirectUri: '',
      }).toString(),
    });
    expect(form.status).toBe(200);
    expect(((await form.json()) as { body: { url: string } }).body.url).toBe(server.baseUrl);
  });

  it('wrong PINs are limited per user across validatepin and every mobile call; the panic code still works', async () => {
    const web = new ApiClient(server.baseUrl);
    await web.login('manager@example.com');
    const mobile = await mobileLogin(server.baseUrl, 'manager@example.com');
    const branchOfficeId = mobile.Branches[0]!.BranchOfficeId;
    expect((await web.post('/api/client/validatepin', { pin: '0000' })).status).toBe(400);
    expect((await mobile.call('branchaction', { branchOfficeId, action: 'SERVICE', pin: '0001' })).status).toBe(400);
    expect((await mobile.call('vaultaccess', { branchOfficeId, vaultName: 'Main', action: 'OPEN', pin: '0002' })).status).toBe(400);
    // The limit (3) is reached: even the right PIN answers 429, on every call.
    expect((await mobile.call('branchaction', { branchOfficeId, action: 'SERVICE', pin: DEMO_PIN })).status).toBe(429);
    expect((await web.post('/api/client/validatepin', { pin: DEMO_PIN })).status).toBe(429);
    // A user under duress is never shown a lockout.
    const duress = await mobile.call('branchaction', { branchOfficeId, action: 'SERVICE', pin: PANIC_CODE });
    expect(duress.status).toBe(200);
  });

  it('mobile sessions are refused on console calls, as a cookie, and the mobile API takes the bearer header only', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const bearer = { 'content-type': 'application/json', authorization: `Bearer ${staff.Token}` };
    for (const [path, body] of [
      ['/api/client/getallsecurityoffices', { case: 'GET-ALL-SECURITY-OFFICES' }],
      ['/api/client/getoffices', { case: 'GET-HEAD-OFFICE' }],
      ['/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: staff.Branches[0]!.BranchOfficeId, mode: 'CLOSE' }],
      ['/api/client/isauthenticated', {}],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: bearer, body: JSON.stringify(body) });
      expect(res.status, path).toBe(401);
    }
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    expect((await c.post('/api/client/loginwithtoken', { token: staff.Token })).status).toBe(401);
    const cookie = await fetch(`${server.baseUrl}/api/mobile/alarm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `vigil_session=${staff.Token}` },
      body: JSON.stringify({ branchOfficeId: staff.Branches[0]!.BranchOfficeId, type: 'TROUBLE' }),
    });
    expect(cookie.status).toBe(401);
    // Its own narrow socket channel still works.
    const socket = await SocketClient.connect(server.baseUrl, staff.Token, staff.UserId);
    expect(socket.messages.some((m) => m.type === 'ready')).toBe(true);
    socket.close();
  });

  it("security-office staff shown to an organisation are scoped: never another organisation's employee", async () => {
    await addThirdOrganization(server);
    const c = new ApiClient(server.baseUrl);
    await c.login('orgadmin@example.com');
    const res = await fetch(`${server.baseUrl}/api/client/getallsecurityoffices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
      body: JSON.stringify({ case: 'GET-ALL-SECURITY-OFFICES', limit: 1000 }),
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    expect(text).not.toContain(THIRD_MARKER);
    expect(text).toContain('officer@example.com');
  });

  it('logout closes the session socket at once, not at the next heartbeat', async () => {
    const c = new ApiClient(server.baseUrl);
    const login = await c.login('regional@example.com');
    const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
    const socket = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
    await c.post('/api/client/logout');
    // The heartbeat is 20 s here: only the immediate close answers within 2 s.
    await socket.waitFor((m) => m.type === 'error', 2_000);
    expect(socket.messages.find((m) => m.type === 'error')).toEqual({ type: 'error', code: 'errors.sessionExpired' });
  });

  it("CSP connect-src allows the console's own origin only, not ws:/wss: to any host", async () => {
    const res = await fetch(`${server.baseUrl}/healthz`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(connect.split(' ')).not.toContain('ws:');
    expect(connect.split(' ')).not.toContain('wss:');
    expect(connect).toContain("'self'");
    // Every entry is a valid CSP source (an IPv6 literal is not: the browser logs it as invalid).
    expect(connect.split(' ').filter((s) => s.includes('['))).toEqual([]);
  });

  it("an API answer carries the API's security headers, without the page-only ones; other answers keep the page's", async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const { status, headers } = await c.post('/api/client/isauthenticated', { case: 'IS-AUTHENTICATED' });
    expect(status).toBe(401);
    const api = { headers };
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    for (const pageOnly of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-xss-protection',
    ]) {
      expect(api.headers.has(pageOnly), pageOnly).toBe(false);
    }
    const page = await fetch(`${server.baseUrl}/healthz`);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self';/);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
