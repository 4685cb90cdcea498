/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider on loopback https with a
 * self-signed certificate): /locate answers the authorization URL (login_hint, state, nonce,
 * PKCE S256), the code is exchanged once with the verifier kept server-side, a tampered or
 * replayed state is refused, and unknown or mobile-only users get the §8 messages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { fetchTrustingCa } from '../src/modules/auth/ca-fetch.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';
import { startOidcPeer, type OidcPeer } from './account-peers.js';

const DOMAIN = 'ssobank.test';

/** Follows the provider's redirects and development login form like a browser, up to the return to Vigil. */
async function signInAtProvider(authUrl: string, issuer: string, caFile: string, login: string): Promise<URL> {
  const f = fetchTrustingCa(caFile);
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authUrl;
  let method = 'GET';
  let body: string | null = null;
  for (let hop = 0; hop < 12; hop++) {
    if (!url.startsWith(issuer)) return new URL(url);
    const headers: Record<string, string> = { cookie: cookie() };
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await f(url, { method, headers, body, redirect: 'manual' });
    keep(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      method = 'GET';
      body = null;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="login"')) throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString();
  }
  throw new Error('too many hops');
}

describe.each(DB_KINDS)('single sign-on on %s', (kind) => {
  let server: TestServer;
  let idp: OidcPeer;
  let orgId: number;
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-sso-')), 'ca.pem');

  beforeAll(async () => {
    server = await startTestServer(kind, { SSO_CA_FILE: caFile, LOGIN_RATE_MAX: '20' });
    idp = await startOidcPeer([`${server.baseUrl}/login`], caFile);
    const db = server.database.db;
    const [org] = await db.select({ org: users.organizationId }).from(users).where(eq(users.email, 'us-orgadmin@example.com'));
    orgId = org!.org!;
    await db.insert(users).values([
      { organizationId: orgId, roleId: 2, name: 'Sam', surname: 'Sso', email: `sam@${DOMAIN}`, statusId: 1 },
      { organizationId: orgId, roleId: 7, name: 'Mo', surname: 'Bile', email: `mo@${DOMAIN}`, statusId: 1 },
      { organizationId: orgId, roleId: 6, name: 'Pat', surname: 'Pending', email: `pat@${DOMAIN}`, statusId: 2 },
    ]);
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', 'Vigil-demo-2026', 'admin');
    const res = await admin.post('/api/admin/editclient', {
      case: 'UPDATE-SSO',
      organizationId: orgId,
      ssoDomain: DOMAIN,
      ssoIssuer: idp.issuer,
      ssoClientId: idp.clientId,
      ssoClientSecret: idp.clientSecret,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(JSON.stringify(res.json)).not.toContain(idp.clientSecret);
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  async function locate(c: ApiClient, email: string) {
    const res = await fetch(`${server.baseUrl}/locate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
      body: new URLSearchParams({
        email,
        latitude: '',
        longitude: '',
        organization: '',
        redirectUri: `${server.baseUrl}/login`,
      }).toString(),
    });
    return (await res.json()) as { body: { url: string; sso: boolean } };
  }

  async function callback(c: ApiClient, email: string): Promise<URL> {
    const answer = await locate(c, email);
    expect(answer.body.sso).toBe(true);
    return signInAtProvider(answer.body.url, idp.issuer, caFile, email);
  }

  const ssoBody = (back: URL, state = back.searchParams.get('state')!) => ({
    code: back.searchParams.get('code'),
    session_state: back.searchParams.get('session_state') ?? undefined,
    iss: back.searchParams.get('iss') ?? undefined,
    state,
    sessiontype: 'WEB',
    org: DOMAIN,
    redirectUri: `${server.baseUrl}/login`,
    force: false,
  });

  it('answers /locate with the provider authorization URL (login_hint, state, nonce, PKCE S256) for the SSO domain only', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const answer = await locate(c, `Sam@${DOMAIN}`);
    expect(answer.body.sso).toBe(true);
    const url = new URL(answer.body.url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('login_hint')).toBe(`Sam@${DOMAIN}`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/login`);
    // The state is stored hashed, with the verifier, server-side.
    const raw = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from sso_states where state_hash = ${url.searchParams.get('state')}`,
    );
    expect(raw[0]!.n).toBe(0);
    const other = await locate(c, 'orgadmin@example.com');
    expect(other.body.sso).toBe(false);
  });

  it('signs a user in end to end and refuses a replay', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const back = await callback(c, `sam@${DOMAIN}`);
    expect(back.origin + back.pathname).toBe(`${server.baseUrl}/login`);
    const res = await c.post<{ UserInfos: { Email: string; RoleId: number } }>('/api/client/sso', ssoBody(back));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.body!.UserInfos).toMatchObject({ Email: `sam@${DOMAIN}`, RoleId: 2 });
    expect((await c.post('/api/client/isauthenticated')).status).toBe(200);
    const replay = await c.post('/api/client/sso', ssoBody(back));
    expect(replay.status).toBe(400);
    expect(replay.json.description).toBe('Unable to validate user credentials. Please try to log in again.');
  });

  it('refuses a tampered state and audits it', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const back = await callback(c, `sam@${DOMAIN}`);
    const state = back.searchParams.get('state')!;
    const tampered = (state[0] === 'A' ? 'B' : 'A') + state.slice(1);
    const before = await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from audit_log where action = 'sso-failed'`);
    const res = await c.post('/api/client/sso', ssoBody(back, tampered));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('errors.unableToValidate');
    const after = await rows<{ n: number }>(server.database.db, sql`select count(*)::int as n from audit_log where action = 'sso-failed'`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect((await c.post('/api/client/isauthenticated')).status).toBe(401);
  });

  it('refuses a return with code and session_state but no state with the §8 text, and the state stays usable', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const back = await callback(c, `sam@${DOMAIN}`);
    const { state: _state, ...withoutState } = ssoBody(back);
    const res = await c.post('/api/client/sso', { ...withoutState, session_state: 'opaque-session' });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.code).toBe('errors.unableToValidate');
    expect(res.json.description).toBe('Unable to validate user credentials. Please try to log in again.');
    // Nothing was spent: the real return still signs in.
    const ok = await c.post('/api/client/sso', ssoBody(back));
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  });

  it('refuses users unknown to Vigil, Pending users and mobile-only roles with the §8 messages', async () => {
    for (const [email, status, text] of [
      [`nobody@${DOMAIN}`, 400, 'Unable to validate user credentials. Please try to log in again.'],
      [`pat@${DOMAIN}`, 400, 'Unable to validate user credentials. Please try to log in again.'],
      [`mo@${DOMAIN}`, 403, 'You cannot log in using a web browser. Please switch to the Vigil app.'],
    ] as const) {
      const c = new ApiClient(server.baseUrl);
      await c.fetchCsrf();
      const back = await callback(c, email);
      const res = await c.post('/api/client/sso', ssoBody(back));
      expect(res.status, email).toBe(status);
      expect(res.json.description).toBe(text);
    }
  });

  it('activates SSO users without a password', async () => {
    const [pat] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `pat@${DOMAIN}`));
    const { issueActivation } = await import('../src/modules/account/account.service.js');
    await issueActivation(server.app, pat!.id, { origin: server.baseUrl });
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', 'Vigil-demo-2026', 'admin');
    const list = await admin.post<{ outboxobject: { Text: string }[] }>('/api/admin/outbox', { to: `pat@${DOMAIN}` });
    const token = /\/validateToken\/([A-Za-z0-9_-]+)\//.exec(list.json.body!.outboxobject[0]!.Text)![1]!;
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    const check = await c.post<{ uses_sso: boolean; can_login_mobile: boolean }>('/api/client/validatetokenforpin', { token });
    expect(check.json.body).toMatchObject({ uses_sso: true, can_login_mobile: true });
    const res = await c.post('/api/client/validateAndConfirm', {
      token,
      sso: true,
      show_pin: true,
      pin: '1111',
      pin_confirm: '1111',
      duress: '2222',
      duress_confirm: '2222',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const back = await callback(c, `pat@${DOMAIN}`);
    expect((await c.post('/api/client/sso', ssoBody(back))).status).toBe(200);
  });

  it('lets only the platform admin change SSO settings, and turns SSO off', async () => {
    const client = new ApiClient(server.baseUrl);
    await client.login('us-orgadmin@example.com');
    expect((await client.post('/api/admin/editclient', { case: 'UPDATE-SSO', organizationId: orgId, ssoIssuer: null })).status).toBe(401);
    const admin = new ApiClient(server.baseUrl);
    await admin.login('admin@example.com', 'Vigil-demo-2026', 'admin');
    const bad = await admin.post('/api/admin/editclient', {
      case: 'UPDATE-SSO',
      organizationId: orgId,
      ssoDomain: DOMAIN,
      ssoIssuer: 'http://insecure.example',
      ssoClientId: 'x',
    });
    expect(bad.status).toBe(400);
    expect((await admin.post('/api/admin/editclient', { case: 'UPDATE-SSO', organizationId: 999999, ssoIssuer: null })).status).toBe(404);
    expect((await admin.post('/api/admin/editclient', { case: 'UPDATE-SSO', organizationId: orgId, ssoIssuer: null })).status).toBe(200);
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    expect((await locate(c, `sam@${DOMAIN}`)).body.sso).toBe(false);
  });
});
