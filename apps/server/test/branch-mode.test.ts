/**
 * Branch mode from the console (spec §7 POST /api/client/setbranchmode case SET-BRANCH-MODE; §4
 * open, close, service): every console role sets the mode of a branch in its scope, and the change
 * shows in the branch row, the board, a BRANCH_ACTION event from the console and the audit log. A
 * caller outside the branch's scope gets the same 404 as for a branch that does not exist, and bad
 * input a 400, both without any change. Which branch is in whose scope is read from the database
 * (works_in, organisation monitoring), independently of the server's scope code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BRANCH_ACTIONS } from '@vigil/contract';
import { rows } from '../src/db/client.js';
import { organizationSecurityOffices, securityOffices, users, worksIn } from '../src/db/schema/index.js';
import { hashSecret } from '../src/modules/auth/passwords.js';
import { ApiClient, DB_KINDS, startTestServer, type ApiResponse, type TestServer } from './helpers.js';

type Mode = keyof typeof BRANCH_ACTIONS;
const MODES: Mode[] = ['OPEN', 'CLOSE', 'SERVICE'];
const PASSWORD = 'Vigil-demo-2026';
/** A security operator whose office monitors only the US bank (added by the test). */
const HARBOR = 'harbor-operator@test.com';

interface BranchState {
  branch_action: string | null;
  branch_action_at: string | null;
  events: number;
  audits: number;
}
interface ModeAnswer {
  NotificationId: number;
  BranchOfficeId: number;
  BranchAction: string;
  At: string;
}

describe.each(DB_KINDS)('branch mode from the console on %s', (kind) => {
  let server: TestServer;
  const clients = new Map<string, ApiClient>();
  /** Branch ids picked from the demo data (and one added), by what they are to the test's users. */
  const b = {
    al: 0,
    al2: 0,
    us: 0,
    us2: 0,
    us3: 0,
    managers: 0,
    managersNeighbour: 0,
    inRegion: 0,
    otherRegion: 0,
    unrelated: 0,
  };

  const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(server.database.db, q))[0]!;
  const ids = async (q: ReturnType<typeof sql>) => (await rows<{ id: number }>(server.database.db, q)).map((r) => r.id);

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    const db = server.database.db;
    const org = async (like: string) => (await one<{ id: number }>(sql`select id from organizations where name like ${like}`)).id;
    const al = await org('%Kombëtare%');
    const us = await org('%Liberty%');

    // A second security office that monitors the US bank only, with an operator.
    const [so] = await db
      .insert(securityOffices)
      .values({ name: 'Harbor Watch', code: 'SO-HW', timeZone: 'America/New_York', statusId: 1 })
      .returning();
    await db.insert(organizationSecurityOffices).values({ organizationId: us, securityOfficeId: so!.id });
    const [harbor] = await db
      .insert(users)
      .values({
        email: HARBOR,
        roleId: 8,
        organizationId: null,
        name: 'Hana',
        surname: 'Harbor',
        statusId: 1,
        passwordHash: await hashSecret(PASSWORD),
      })
      .returning();
    await db.insert(worksIn).values({ userId: harbor!.id, securityOfficeId: so!.id });
    // An organisation nobody in the demo serves, with one branch.
    const [other] = await rows<{ id: number }>(
      db,
      sql`insert into organizations (name, status_id) values ('Unrelated Credit Union', 1) returning id`,
    );
    b.unrelated = (
      await one<{ id: number }>(sql`insert into branch_offices (organization_id, branch_office_type_id, name, code, time_zone)
        values (${other!.id}, (select id from branch_office_types where type = 'BRANCH'), 'Unrelated Main Street', 'UCU-1', 'America/Denver') returning id`)
    ).id;

    const worksOf = (email: string, column: 'branch_office_id' | 'regional_office_id') =>
      ids(
        sql`select w.${sql.raw(column)} as id from works_in w join users u on u.id = w.user_id where u.email = ${email} and w.${sql.raw(column)} is not null`,
      );
    const nth = (list: number[], i: number) => list[i] ?? 0;
    b.managers = nth(await worksOf('manager@example.com', 'branch_office_id'), 0);
    const region = nth(await worksOf('regional@example.com', 'regional_office_id'), 0);
    const managersRegion = (await one<{ id: number }>(sql`select regional_office_id as id from branch_offices where id = ${b.managers}`))
      .id;
    b.managersNeighbour = nth(
      await ids(sql`select id from branch_offices where regional_office_id = ${managersRegion} and id <> ${b.managers} order by id`),
      0,
    );
    b.inRegion = nth(
      await ids(
        sql`select id from branch_offices where regional_office_id = ${region} and id not in (${b.managers}, ${b.managersNeighbour}) order by id`,
      ),
      0,
    );
    const alOutsideRegion = await ids(
      sql`select id from branch_offices where organization_id = ${al} and regional_office_id is not null and regional_office_id <> ${region} order by id`,
    );
    b.otherRegion = nth(alOutsideRegion, 0);
    b.al = nth(alOutsideRegion, 1);
    b.al2 = nth(alOutsideRegion, 2);
    const usBranches = await ids(sql`select id from branch_offices where organization_id = ${us} order by id`);
    b.us = nth(usBranches, 0);
    b.us2 = nth(usBranches, 1);
    b.us3 = nth(usBranches, 2);
    for (const [name, id] of Object.entries(b)) expect(id, name).toBeGreaterThan(0);
    expect(new Set(Object.values(b)).size).toBe(Object.keys(b).length);
  });
  afterAll(async () => server?.close());

  async function as(email: string) {
    let c = clients.get(email);
    if (!c) {
      c = new ApiClient(server.baseUrl);
      await c.login(email, PASSWORD);
      clients.set(email, c);
    }
    return c;
  }
  const setMode = async (email: string, body: Record<string, unknown>): Promise<ApiResponse<ModeAnswer>> =>
    (await as(email)).post<ModeAnswer>('/api/client/setbranchmode', body);
  const userId = async (email: string) => (await one<{ id: number }>(sql`select id from users where email = ${email}`)).id;

  /** The branch's status and how many events and set-branch-mode audit rows it has. */
  async function state(branchId: number): Promise<BranchState> {
    return one<BranchState>(sql`select b.branch_action, b.branch_action_at::text as branch_action_at,
        (select count(*)::int from events e where e.branch_office_id = b.id) as events,
        (select count(*)::int from audit_log a where a.action = 'set-branch-mode' and a.entity_id = b.id::text) as audits
      from branch_offices b where b.id = ${branchId}`);
  }

  it.each([
    ['orgadmin@example.com', 'organisation admin, a branch of its organisation', 'al', 'CLOSE'],
    ['dealer@example.com', 'dealer, a branch of an organisation it serves', 'us', 'OPEN'],
    ['officer@example.com', 'security officer, a branch its office monitors', 'al2', 'SERVICE'],
    ['operator@example.com', 'security operator, a branch its office monitors', 'us2', 'CLOSE'],
    [HARBOR, 'security operator of another office that monitors that organisation', 'us3', 'OPEN'],
    ['regional@example.com', 'regional manager, a branch of its region', 'inRegion', 'SERVICE'],
    ['manager@example.com', 'branch manager, its own branch', 'managers', 'OPEN'],
  ] as const)(
    '%s (%s) sets the mode, and the branch, the board, the event log and the audit log show it',
    async (email, _who, key, preferred) => {
      const branchId = b[key];
      const before = await state(branchId);
      // A mode other than the branch's current one, so that the change is visible.
      const mode =
        before.branch_action === BRANCH_ACTIONS[preferred] ? MODES.find((m) => BRANCH_ACTIONS[m] !== before.branch_action)! : preferred;
      const action = BRANCH_ACTIONS[mode];

      const res = await setMode(email, { case: 'SET-BRANCH-MODE', branchOfficeId: branchId, mode });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.success).toBe(true);
      const answer = res.json.body!;
      expect(answer).toEqual({
        NotificationId: expect.any(Number),
        BranchOfficeId: branchId,
        BranchAction: action,
        At: expect.any(String),
      });

      const after = await state(branchId);
      expect(after.branch_action).toBe(action);
      expect(new Date(after.branch_action_at!).toISOString()).toBe(answer.At);
      expect([after.events, after.audits]).toEqual([before.events + 1, before.audits + 1]);

      const actor = await userId(email);
      const event = await one<Record<string, unknown>>(
        sql`select e.kind, e.branch_office_id, e.organization_id = b.organization_id as same_org, e.user_id, e.branch_action, e.payload->>'source' as source
        from events e join branch_offices b on b.id = e.branch_office_id where e.id = ${answer.NotificationId}`,
      );
      expect(event).toEqual({
        kind: 'BRANCH_ACTION',
        branch_office_id: branchId,
        same_org: true,
        user_id: actor,
        branch_action: action,
        source: 'console',
      });
      const audit = await one<Record<string, unknown>>(
        sql`select actor_user_id, entity, after from audit_log where action = 'set-branch-mode' and entity_id = ${String(branchId)} order by id desc limit 1`,
      );
      expect(audit).toEqual({ actor_user_id: actor, entity: 'branch_offices', after: { mode } });

      // The caller's branch board shows the new status.
      const board = await (
        await as(email)
      ).post<{ organizationobject: { BranchOfficeId: number; BranchAction: string | null }[] }>('/api/client/getofficesv2', {
        case: 'GET-ALL-BRANCH-OFFICES',
      });
      expect(board.json.body!.organizationobject.find((r) => r.BranchOfficeId === branchId)?.BranchAction).toBe(action);
    },
  );

  it.each([
    ['us-orgadmin@example.com', "another organisation's admin", 'al'],
    ['manager@example.com', 'a branch manager of another branch (same region)', 'managersNeighbour'],
    ['regional@example.com', 'a regional manager of another region', 'otherRegion'],
    [HARBOR, 'a security office that does not monitor that organisation', 'al2'],
    ['officer@example.com', 'a security office that does not monitor that organisation', 'unrelated'],
    ['dealer@example.com', 'a dealer that does not serve that organisation', 'unrelated'],
  ] as const)('%s (%s) is refused with 404, as for a branch that does not exist, and nothing changes', async (email, _who, key) => {
    const branchId = b[key];
    // Out of scope by the data, not only by the server's rule.
    const visible = await (
      await as(email)
    ).post<{ organizationobject: { BranchOfficeId: number }[] }>('/api/client/getofficesv2', {
      case: 'GET-ALL-BRANCH-OFFICES',
    });
    expect(visible.json.body!.organizationobject.map((r) => r.BranchOfficeId)).not.toContain(branchId);

    const before = await state(branchId);
    for (const mode of MODES) {
      const res = await setMode(email, { case: 'SET-BRANCH-MODE', branchOfficeId: branchId, mode });
      expect([res.status, res.json]).toEqual([404, { success: false, code: 'errors.notFound', description: 'Not found.' }]);
    }
    const missing = await setMode(email, { case: 'SET-BRANCH-MODE', branchOfficeId: 99_999_999, mode: 'OPEN' });
    expect([missing.status, missing.json]).toEqual([404, { success: false, code: 'errors.notFound', description: 'Not found.' }]);
    expect(await state(branchId)).toEqual(before);
  });

  it('bad input answers 400 naming the field, and changes nothing', async () => {
    const branchId = b.managers;
    const before = await state(branchId);
    const cases: [Record<string, unknown>, string][] = [
      [{ case: 'SET-BRANCH-MODE', branchOfficeId: branchId, mode: 'PANIC' }, 'mode'],
      [{ case: 'SET-BRANCH-MODE', branchOfficeId: branchId, mode: 'open' }, 'mode'],
      [{ case: 'SET-BRANCH-MODE', branchOfficeId: branchId }, 'mode'],
      [{ case: 'SET-BRANCH-MODE', mode: 'OPEN' }, 'branchOfficeId'],
      [{ case: 'SET-BRANCH-MODE', branchOfficeId: 'abc', mode: 'OPEN' }, 'branchOfficeId'],
      [{ case: 'SET-BRANCH-MODE', branchOfficeId: -1, mode: 'OPEN' }, 'branchOfficeId'],
      [{ case: 'SET-BRANCH-MODE', branchOfficeId: 1.5, mode: 'OPEN' }, 'branchOfficeId'],
      [{ case: 'OPEN-BRANCH', branchOfficeId: branchId, mode: 'OPEN' }, 'case'],
      [{ branchOfficeId: branchId, mode: 'OPEN' }, 'case'],
    ];
    for (const [body, field] of cases) {
      const res = await setMode('manager@example.com', body);
      expect([res.status, res.json.success, res.json.field], JSON.stringify(body)).toEqual([400, false, field]);
      expect(res.json.description, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(await state(branchId)).toEqual(before);
  });

  it('needs a session and the CSRF token', async () => {
    const branchId = b.managers;
    const before = await state(branchId);
    const anon = new ApiClient(server.baseUrl);
    await anon.fetchCsrf();
    const body = { case: 'SET-BRANCH-MODE', branchOfficeId: branchId, mode: 'OPEN' };
    expect((await anon.post('/api/client/setbranchmode', body)).status).toBe(401);
    const noCsrf = await (await as('manager@example.com')).post('/api/client/setbranchmode', body, { csrf: null });
    expect([noCsrf.status, noCsrf.json.code]).toEqual([403, 'errors.csrfMissing']);
    expect(await state(branchId)).toEqual(before);
  });
});
