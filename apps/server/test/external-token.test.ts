/**
 * externaltoken (spec §7 Common and authentication; issue 19, our design in docs/API.md): a signed-in
 * user (console or mobile app) gets a one-time token that /api/client/loginwithtoken turns into a
 * new WEB session of the same user — once, within EXTERNAL_TOKEN_SECONDS, only the newest token,
 * only for an Active user with console access; never in the admin area; audited without the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXTERNAL_TOKEN_SECONDS } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from './helpers.js';

interface External {
  token: string;
  expiresAt: string;
  url: string;
}
interface LoginBody {
  UserInfos: { Email: string; UserId: number };
}

describe.each(DB_KINDS)('externaltoken on %s', (kind) => {
  let server: TestServer;
  const db = () => server.database.db;
  const fresh = async () => {
    const c = new ApiClient(server.baseUrl);
    await c.fetchCsrf();
    return c;
  };
  const exchange = async (token: string, area: 'client' | 'admin' = 'client') => {
    const c = await fresh();
    const res = await c.post<LoginBody>(`/api/${area}/loginwithtoken`, { token });
    return { c, res };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('a console user’s token opens a new session of the same user once; the earlier token dies with a newer one', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    const before = Date.now();
    const res = await admin.post<External>('/api/client/externaltoken', { case: 'CREATE-EXTERNAL-TOKEN' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const t = res.json.body!;
    expect(t.token.length).toBeGreaterThanOrEqual(40);
    expect(t.url).toBe(`${server.baseUrl}/login?token=${encodeURIComponent(t.token)}`);
    const life = Date.parse(t.expiresAt) - before;
    expect(life).toBeGreaterThan((EXTERNAL_TOKEN_SECONDS - 5) * 1000);
    expect(life).toBeLessThanOrEqual((EXTERNAL_TOKEN_SECONDS + 5) * 1000);
    // Only the hash is stored; the audit has no token.
    const stored = await rows<{ token_hash: string }>(db(), sql`select token_hash from account_tokens where purpose = 'external'`);
    expect(stored.map((r) => r.token_hash)).not.toContain(t.token);
    const [audit] = await rows<{ after: unknown }>(db(), sql`select after from audit_log where action = 'external-token'`);
    expect(JSON.stringify(audit!.after)).not.toContain(t.token);

    const { c, res: login } = await exchange(t.token);
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    expect(login.json.body!.UserInfos.Email).toBe('orgadmin@example.com');
    // A real console session: a console call works with the new cookie.
    const me = await c.post('/api/client/isauthenticated', {});
    expect(me.status).toBe(200);
    expect((await c.post('/api/client/getallemployees', { case: 'GET-ALL-EMPLOYEES', limit: 1 })).status).toBe(200);
    // Spent.
    const again = await exchange(t.token);
    expect(again.res.status).toBe(401);
    expect(again.res.json.description).toBe('Expired Session');

    const t1 = (await admin.post<External>('/api/client/externaltoken', {})).json.body!.token;
    const t2 = (await admin.post<External>('/api/client/externaltoken', {})).json.body!.token;
    expect((await exchange(t1)).res.status).toBe(401);
    expect((await exchange(t2)).res.status).toBe(200);
  });

  it('refuses an expired token, the admin area, a user made inactive, and a caller without a session', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.login('us-orgadmin@example.com');
    const expired = (await admin.post<External>('/api/client/externaltoken', {})).json.body!.token;
    await db().execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where purpose = 'external' and used_at is null`,
    );
    expect((await exchange(expired)).res.status).toBe(401);

    const forAdminArea = (await admin.post<External>('/api/client/externaltoken', {})).json.body!.token;
    expect((await exchange(forAdminArea, 'admin')).res.status).toBe(401);
    // Still unspent after the admin area refused it: the client area takes it.
    expect((await exchange(forAdminArea)).res.status).toBe(200);

    const [u] = await rows<{ id: number }>(db(), sql`select id from users where email = 'us-orgadmin@example.com'`);
    const inactive = (await admin.post<External>('/api/client/externaltoken', {})).json.body!.token;
    await db().execute(sql`update users set status_id = 3 where id = ${u!.id}`);
    expect((await exchange(inactive)).res.status).toBe(401);
    await db().execute(sql`update users set status_id = 1 where id = ${u!.id}`);

    expect((await (await fresh()).post('/api/client/externaltoken', {})).status).toBe(401);
    await admin.login('us-orgadmin@example.com');
    expect((await admin.post('/api/client/externaltoken', { case: 'SOMETHING-ELSE' })).status).toBe(400);
  });

  it('the mobile app opens the console for a branch manager; a mobile-only role is told to use the app', async () => {
    const manager = await mobileLogin(server.baseUrl, 'manager@example.com');
    const t = await manager.call<External>('externaltoken', {});
    expect(t.status, JSON.stringify(t.json)).toBe(200);
    const { res } = await exchange(t.json.body!.token);
    expect(res.status).toBe(200);
    expect(res.json.body!.UserInfos.Email).toBe('manager@example.com');

    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    const s = await staff.call<External>('externaltoken', {});
    expect(s.status).toBe(200);
    const refused = await exchange(s.json.body!.token);
    expect(refused.res.status).toBe(403);
    expect(refused.res.json.description).toBe('You cannot log in using a web browser. Please switch to the Vigil app.');
    // A console cookie is not a mobile session, and the reverse.
    const web = new ApiClient(server.baseUrl);
    await web.login('manager@example.com');
    expect((await web.post('/api/mobile/externaltoken', {})).status).toBe(401);
  });
});
