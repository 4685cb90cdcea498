/**
 * POST /api/client/setbranchmode SET-BRANCH-MODE (spec §7; §4 open / close / service): the console
 * moves a branch in the caller's scope — the board status, a BRANCH_ACTION event marked as from
 * the console, an audit row — and answers 404 for a branch outside the scope, changing nothing.
 * The scope is computed from the database (works_in, monitored organisations), not hard-coded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface ModeBody {
  NotificationId: number;
  BranchOfficeId: number;
  BranchAction: string;
  At: string;
}

describe.each(DB_KINDS)('setbranchmode on %s', (kind) => {
  let server: TestServer;
  const as: Record<string, ApiClient> = {};
  const db = () => server.database.db;
  const board = async (id: number) =>
    (await rows<{ branch_action: string | null }>(db(), sql`select branch_action from branch_offices where id = ${id}`))[0]!.branch_action;
  const eventCount = async (id: number) =>
    Number((await rows<{ n: number }>(db(), sql`select count(*)::int as n from events where branch_office_id = ${id}`))[0]!.n);

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const email of ['manager', 'officer', 'orgadmin']) {
      as[email] = new ApiClient(server.baseUrl);
      await as[email].login(`${email}@example.com`);
    }
  });
  afterAll(async () => server?.close());

  it('moves a branch manager’s own branch: board status, console event, audit', async () => {
    const [own] = await rows<{ id: number; user_id: number }>(
      db(),
      sql`select w.branch_office_id as id, u.id as user_id from works_in w join users u on u.id = w.user_id
          where u.email = 'manager@example.com' and w.branch_office_id is not null order by 1 limit 1`,
    );
    for (const [mode, shown] of [
      ['SERVICE', 'Service'],
      ['OPEN', 'Open'],
      ['CLOSE', 'Close'],
    ] as const) {
      const res = await as.manager!.post<ModeBody>('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: own!.id, mode });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.body).toMatchObject({ BranchOfficeId: own!.id, BranchAction: shown });
      expect(await board(own!.id)).toBe(shown);
      const [event] = await rows<{ kind: string; branch_action: string; user_id: number; payload: { source: string } }>(
        db(),
        sql`select kind, branch_action, user_id, payload from events where id = ${res.json.body!.NotificationId}`,
      );
      expect(event).toMatchObject({ kind: 'BRANCH_ACTION', branch_action: shown, user_id: own!.user_id, payload: { source: 'console' } });
      const audits = await rows<{ after: { mode: string } }>(
        db(),
        sql`select after from audit_log where action = 'set-branch-mode' and entity_id = ${String(own!.id)} order by id desc limit 1`,
      );
      expect(audits[0]?.after).toEqual({ mode });
    }
  });

  it('answers 404 for a branch outside the scope and changes nothing', async () => {
    const [other] = await rows<{ id: number }>(
      db(),
      sql`select b.id from branch_offices b where b.id not in
          (select w.branch_office_id from works_in w join users u on u.id = w.user_id where u.email = 'manager@example.com' and w.branch_office_id is not null)
          order by b.id limit 1`,
    );
    const before = { status: await board(other!.id), events: await eventCount(other!.id) };
    const res = await as.manager!.post('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: other!.id, mode: 'OPEN' });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, code: 'errors.notFound' });
    expect({ status: await board(other!.id), events: await eventCount(other!.id) }).toEqual(before);
  });

  it('lets an organisation admin move its organisation’s branches only, and a security officer those of a monitored organisation', async () => {
    const own = sql`select organization_id from users where email = 'orgadmin@example.com'`;
    const [inside] = await rows<{ id: number }>(
      db(),
      sql`select id from branch_offices where organization_id = (${own}) order by id limit 1`,
    );
    const [outside] = await rows<{ id: number }>(
      db(),
      sql`select id from branch_offices where organization_id <> (${own}) order by id limit 1`,
    );
    expect(inside && outside, 'demo data has two organisations with branches').toBeTruthy();
    const ok = await as.orgadmin!.post<ModeBody>('/api/client/setbranchmode', {
      case: 'SET-BRANCH-MODE',
      branchOfficeId: inside!.id,
      mode: 'SERVICE',
    });
    expect(ok.status).toBe(200);
    expect(await board(inside!.id)).toBe('Service');
    const before = await board(outside!.id);
    const refused = await as.orgadmin!.post('/api/client/setbranchmode', {
      case: 'SET-BRANCH-MODE',
      branchOfficeId: outside!.id,
      mode: 'SERVICE',
    });
    expect(refused.status).toBe(404);
    expect(await board(outside!.id)).toBe(before);

    const monitored = sql`select os.organization_id from organization_security_offices os join works_in w on w.security_office_id = os.security_office_id
      join users u on u.id = w.user_id where u.email = 'officer@example.com'`;
    const [watched] = await rows<{ id: number }>(
      db(),
      sql`select id from branch_offices where organization_id in (${monitored}) order by id desc limit 1`,
    );
    expect(watched, 'the demo security office monitors an organisation').toBeDefined();
    const byOfficer = await as.officer!.post<ModeBody>('/api/client/setbranchmode', {
      case: 'SET-BRANCH-MODE',
      branchOfficeId: watched!.id,
      mode: 'OPEN',
    });
    expect(byOfficer.status).toBe(200);
    expect(await board(watched!.id)).toBe('Open');
  });

  it('needs a client session and the CSRF header', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    await anonymous.fetchCsrf();
    const res = await anonymous.post('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: 1, mode: 'OPEN' });
    expect(res.status).toBe(401);
    const noCsrf = await as.manager!.post(
      '/api/client/setbranchmode',
      { case: 'SET-BRANCH-MODE', branchOfficeId: 1, mode: 'OPEN' },
      { csrf: null },
    );
    expect(noCsrf.status).toBe(403);
  });
});
