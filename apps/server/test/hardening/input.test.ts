/**
 * Issue 12 findings 1 and 7: bounded, linear input checks, and 400 (never 500) for malformed
 * input — ids beyond int4 or written in hex, NUL and lone surrogates, deep nesting, impossible
 * days, smallint overflow — while a panic whose message cannot be stored as sent is still recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isEmailAddress, zDay, zId, INT16_MAX } from '@vigil/contract';
import { rows } from '../../src/db/client.js';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from '../helpers.js';

describe('contract rules are linear and bounded', () => {
  it('checks a worst-case e-mail of 256 kB in well under a millisecond per call', () => {
    const evil = `${'a@a.'.repeat(65_536)}@`;
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) isEmailAddress(evil);
    isEmailAddress(`${'a'.repeat(60)}@${'a.'.repeat(90)}@`);
    expect((performance.now() - t0) / 100).toBeLessThan(1);
    expect(isEmailAddress('orgadmin@example.com')).toBe(true);
    expect(isEmailAddress('a@b')).toBe(false);
    expect(isEmailAddress('a b@example.com')).toBe(false);
  });

  it('ids: decimal only, positive, at most 2^31−1; days: real calendar days of 1900–2100', () => {
    const id = zId();
    expect(id.safeParse('16').data).toBe(16);
    expect(id.safeParse('0x10').success).toBe(false);
    expect(id.safeParse(2 ** 31).success).toBe(false);
    expect(id.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(id.safeParse([[1]]).success).toBe(false);
    const day = zDay();
    expect(day.safeParse('2026-02-28').success).toBe(true);
    for (const bad of ['0000-01-01', '9999-12-31', '2026-02-30', '2026-13-01', '2026-1-1']) expect(day.safeParse(bad).success).toBe(false);
    expect(INT16_MAX).toBe(32_767);
  });
});

describe.each(DB_KINDS)('malformed input answers 400, never 500 (%s)', (kind) => {
  let server: TestServer;
  let admin: ApiClient;
  let staff: Awaited<ReturnType<typeof mobileLogin>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = new ApiClient(server.baseUrl);
    await admin.login('orgadmin@example.com');
    staff = await mobileLogin(server.baseUrl, 'staff@example.com');
  }, 120_000);
  afterAll(async () => server?.close());

  it('a 256 kB e-mail sent with a mobile token is refused before its body is read; from the admin it is a quick 400', async () => {
    const email = `${'a@a.'.repeat(65_536)}@`;
    const body = { case: 'ADD-EMPLOYEE', name: 'A', surname: 'B', email, roleId: 7, branchOfficeIds: [] };
    let t0 = Date.now();
    const mobile = await fetch(`${server.baseUrl}/api/client/manageemployees`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.Token}` },
      body: JSON.stringify(body),
    });
    expect(mobile.status).toBe(401);
    t0 = Date.now();
    const res = await admin.post('/api/client/manageemployees', body);
    expect(res.status).toBe(400);
    expect(Date.now() - t0).toBeLessThan(2_000);
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
  });

  it('a body beyond the default limit answers 413', async () => {
    const res = await admin.post('/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', search: 'x'.repeat(100_000) });
    expect(res.status).toBe(413);
  });

  it('ids ≥ 2^31, hex ids and deep nesting answer 400 on console and mobile calls', async () => {
    for (const branchOfficeId of [2 ** 31, '0x10', 2 ** 53]) {
      const res = await admin.post('/api/client/getbranchbyidv2', { case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID', branchOfficeId });
      expect(res.status, String(branchOfficeId)).toBe(400);
      const m = await staff.call('alarm', { branchOfficeId, type: 'PANIC' });
      expect(m.status, String(branchOfficeId)).toBe(400);
    }
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const res = await fetch(`${server.baseUrl}/api/client/getofficesv2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookieHeader(), 'x-xsrf-token': admin.csrf! },
      body: `{"case":"GET-ALL-BRANCH-OFFICES","organizationId":${deep}}`,
    });
    expect(res.status).toBe(400);
  });

  it('NUL and lone surrogates in text answer 400 naming the field', async () => {
    for (const name of ['Ana\u0000', 'Ana\ud800', '\udc00Ana']) {
      const res = await admin.post('/api/client/manageemployees', {
        case: 'ADD-EMPLOYEE',
        name,
        surname: 'B',
        email: 'nul.test@example.com',
        roleId: 7,
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json.field).toBe('name');
    }
  });

  it('days of year 0 or 9999, impossible days, and statusId beyond smallint answer 400', async () => {
    for (const fromDate of ['0000-01-01', '9999-12-31', '2026-02-30']) {
      const res = await admin.post('/api/client/dailyreports', { case: 'GET-ALL-BRANCH-REPORTING', fromDate, toDate: '2026-03-01' });
      expect(res.status, fromDate).toBe(400);
    }
    const res = await admin.post('/api/client/getofficesv2', { case: 'GET-ALL-BRANCH-OFFICES', statusId: 40_000 });
    expect(res.status).toBe(400);
  });

  it('records a panic whose message holds a NUL or a lone surrogate, with the text cleaned', async () => {
    const branch = staff.Branches[0]!;
    const res = await staff.call<{ NotificationId: number }>('alarm', {
      branchOfficeId: branch.BranchOfficeId,
      type: 'PANIC',
      message: 'help\u0000 me\ud800',
    });
    expect(res.status).toBe(200);
    const id = res.json.body!.NotificationId;
    const [row] = await rows<{ message: string | null }>(
      server.database.db,
      sql`select message_content as message from events where id = ${id}`,
    );
    expect(row?.message).toBe('help me\ufffd');
  });
});
