/** Profile dialog calls: manageuserproperties UPDATE-PROFILE and UPDATE-PASSWORD (spec §5 Profile, §8 Profile). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('profile on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('updates first name and surname, audits it, and refuses empty names without changing anything', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('officer@example.com');
    const ok = await c.post<{ msg: string }>('/api/client/manageuserproperties', {
      case: 'UPDATE-PROFILE',
      profileName: 'Arben',
      profileLastName: 'Hoxha',
      profileEmail: 'officer@example.com',
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: 200, success: true });
    expect(ok.json.body!.msg).toBeTruthy();
    const bad = await c.post('/api/client/manageuserproperties', { case: 'UPDATE-PROFILE', profileName: ' ', profileLastName: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.json.description).toBe('This field is required');
    const [u] = await rows<{ name: string; surname: string }>(
      server.database.db,
      sql`select name, surname from users where email = 'officer@example.com'`,
    );
    expect(u).toEqual({ name: 'Arben', surname: 'Hoxha' });
    const audit = await rows<{ action: string; before: { name: string }; after: { name: string } }>(
      server.database.db,
      sql`select action, before, after from audit_log where action = 'update-profile' order by id desc limit 1`,
    );
    expect(audit[0]!.after.name).toBe('Arben');
    const who = await c.post<{ UserInfos: { Name: string } }>('/api/client/isauthenticated');
    expect(who.json.body!.UserInfos.Name).toBe('Arben');
  });

  it('refuses an email change from the profile', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('operator@example.com');
    const res = await c.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PROFILE',
      profileName: 'A',
      profileLastName: 'B',
      profileEmail: 'someone-else@example.com',
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('errors.emailReadOnly');
  });

  it('changes the password only with the right old password and a matching confirmation', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('regional@example.com');
    const mismatch = await c.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PASSWORD',
      oldpass: 'Vigil-demo-2026',
      newpass: 'Another-pass-1',
      confirmpass: 'Another-pass-2',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.description).toBe('New Password confirmation failed');
    const missing = await c.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PASSWORD',
      oldpass: '',
      newpass: 'Another-pass-1',
      confirmpass: 'Another-pass-1',
    });
    expect(missing.status).toBe(400);
    expect(missing.json.description).toBe('This field is required');
    const wrongOld = await c.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PASSWORD',
      oldpass: 'not-it-at-all',
      newpass: 'Another-pass-1',
      confirmpass: 'Another-pass-1',
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.json.code).toBe('errors.oldPasswordWrong');
    const ok = await c.post('/api/client/manageuserproperties', {
      case: 'UPDATE-PASSWORD',
      oldpass: 'Vigil-demo-2026',
      newpass: 'Another-pass-1',
      confirmpass: 'Another-pass-1',
    });
    expect(ok.status).toBe(200);

    const fresh = new ApiClient(server.baseUrl);
    await fresh.fetchCsrf();
    const old = await fresh.post('/api/client/login', { username: 'regional@example.com', password: 'Vigil-demo-2026' });
    expect(old.status).toBe(400);
    const neu = await fresh.post('/api/client/login', { username: 'regional@example.com', password: 'Another-pass-1' });
    expect(neu.status).toBe(200);
  });

  it('refuses an unknown case with a 400, never a 500', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('manager@example.com');
    const res = await c.post('/api/client/manageuserproperties', { case: 'DROP-EVERYTHING' });
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
  });
});
