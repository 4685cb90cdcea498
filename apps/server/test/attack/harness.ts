/**
 * The attack harness (issue 12 "Tests that attack"): a real server on the demo data plus a third
 * organisation nobody but the platform admin may see, a session of every kind (none, mobile, each
 * web role, the platform admin), the registered routes with their guards and body schemas (read
 * from the route table, so routes added later are covered at once), generated malformed requests,
 * and a snapshot of the third organisation's rows. Used by attack/*.test.ts and bench/fuzz.ts.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/client.js';
import { routeGuards, type RouteGuard, type RouteRecord } from '../../src/plugins/session.js';
import { ApiClient, mobileLogin, startTestServer, type DbKind, type TestServer } from '../helpers.js';

/** Routes that take no session on purpose (sign-in, link tokens, the socket, health). Anything else without a guard fails the matrix. */
export const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /_socket',
  'GET /security/csrf-token',
  'POST /locate',
  'POST /api/client/login',
  'POST /api/admin/login',
  'POST /api/client/loginwithtoken',
  'POST /api/admin/loginwithtoken',
  'POST /api/client/logout',
  'POST /api/admin/logout',
  'POST /api/client/sso',
  'POST /api/mobile/login',
  'POST /api/client/validatetokenforpin',
  'POST /api/client/validateAndConfirm',
  'POST /api/client/validateLink',
  'POST /api/client/confirmpassword',
  'POST /api/client/forgotpassword',
  // the public survey page: its personal link token is the credential (surveys feature)
  'POST /api/external/surveys',
  // isauthenticated answers 401 itself for no session
  'GET /api/client/isauthenticated',
  'GET /api/admin/isauthenticated',
  'POST /api/client/isauthenticated',
  'POST /api/admin/isauthenticated',
]);

/** Calls never sent with a session during an attack: they end it (the session is needed for the rest). */
export const SESSION_ENDING = /\/logout$/;

/** A session kind: how a request authenticates. */
export interface Session {
  name: string;
  kind: 'none' | 'mobile' | 'client' | 'admin';
  roleId?: number;
  /** Sends a request; answers the status and body text. */
  send(method: string, url: string, body: unknown): Promise<{ status: number; text: string }>;
}

/** The third organisation's ids and the marker its texts carry. */
export interface ThirdOrganization {
  organizationId: number;
  regionalOfficeId: number;
  branchOfficeId: number;
  userId: number;
  securityOfficeId: number;
  marker: string;
}

export const THIRD_MARKER = 'Zzthirdorg';

/** Inserts the third organisation: a region, a branch, an employee, its own security office. */
export async function addThirdOrganization(server: TestServer): Promise<ThirdOrganization> {
  const db = server.database.db;
  const m = THIRD_MARKER;
  const [org] = await rows<{ id: number }>(
    db,
    sql`insert into organizations (name, email) values (${`${m} Bank`}, ${`info@${m}.test`}) returning id`,
  );
  const organizationId = org!.id;
  const [so] = await rows<{ id: number }>(db, sql`insert into security_offices (name, code) values (${`${m} Guard`}, 'ZZSO') returning id`);
  await db.execute(
    sql`insert into organization_security_offices (organization_id, security_office_id) values (${organizationId}, ${so!.id})`,
  );
  const [region] = await rows<{ id: number }>(
    db,
    sql`insert into offices (organization_id, office_type_id, name, code, time_zone) select ${organizationId}, office_type_id, ${`${m} Region`}, 'ZZR', time_zone
        from offices order by id limit 1 returning id`,
  );
  const [branch] = await rows<{ id: number }>(
    db,
    sql`insert into branch_offices (organization_id, regional_office_id, branch_office_type_id, security_office_id, name, code, time_zone)
        values (${organizationId}, ${region!.id}, (select id from branch_office_types order by id limit 1), ${so!.id}, ${`${m} Branch`}, 'ZZB', 'Europe/Tirane') returning id`,
  );
  const [user] = await rows<{ id: number }>(
    db,
    sql`insert into users (organization_id, role_id, name, surname, email, phone_number, status_id)
        values (${organizationId}, 7, ${m}, 'Employee', ${`employee@${m}.test`}, '+12125550199', 1) returning id`,
  );
  await db.execute(sql`insert into works_in (user_id, branch_office_id) values (${user!.id}, ${branch!.id})`);
  // Also staff of the demo security office: finding 6 leaked such a person to another organisation.
  await db.execute(
    sql`insert into works_in (user_id, security_office_id) select ${user!.id}, id from security_offices where id <> ${so!.id} order by id limit 1`,
  );
  return {
    organizationId,
    regionalOfficeId: region!.id,
    branchOfficeId: branch!.id,
    userId: user!.id,
    securityOfficeId: so!.id,
    marker: m.toLowerCase(),
  };
}

/** Everything stored about the third organisation, as text (compared before and after an attack). */
export async function snapshotThird(server: TestServer, t: ThirdOrganization): Promise<string> {
  const db = server.database.db;
  const parts = await Promise.all([
    rows(db, sql`select * from organizations where id = ${t.organizationId}`),
    rows(db, sql`select * from offices where organization_id = ${t.organizationId} order by id`),
    rows(db, sql`select * from branch_offices where organization_id = ${t.organizationId} order by id`),
    rows(
      db,
      sql`select id, organization_id, role_id, name, surname, email, phone_number, status_id, lang_id from users where organization_id = ${t.organizationId} order by id`,
    ),
    rows(
      db,
      sql`select user_id, branch_office_id, regional_office_id, security_office_id from works_in where user_id = ${t.userId} order by 2, 3, 4`,
    ),
    rows(db, sql`select * from security_offices where id = ${t.securityOfficeId}`),
    rows(db, sql`select count(*)::int as n from events where branch_office_id = ${t.branchOfficeId}`),
  ]);
  return JSON.stringify(parts);
}

/** The demo accounts the attack signs in (one per web role) and the mobile-only staff. */
const WEB_ACCOUNTS: { email: string; roleId: number; area: 'client' | 'admin' }[] = [
  { email: 'orgadmin@example.com', roleId: 2, area: 'client' },
  { email: 'dealer@example.com', roleId: 12, area: 'client' },
  { email: 'officer@example.com', roleId: 5, area: 'client' },
  { email: 'operator@example.com', roleId: 8, area: 'client' },
  { email: 'regional@example.com', roleId: 9, area: 'client' },
  { email: 'manager@example.com', roleId: 6, area: 'client' },
  { email: 'admin@example.com', roleId: 1, area: 'admin' },
];

/** One session of every kind: none, mobile (staff@example.com), each web role, the platform admin. */
export async function openSessions(server: TestServer): Promise<Session[]> {
  const raw = async (method: string, url: string, body: unknown, headers: Record<string, string>) => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
    if (method !== 'GET') init.body = typeof body === 'string' ? body : JSON.stringify(body ?? {});
    const res = await fetch(`${server.baseUrl}${url}`, init);
    return { status: res.status, text: await res.text() };
  };
  // No session, but a CSRF token (an anonymous browser): refused for want of a session, not of the token.
  const anonymous = new ApiClient(server.baseUrl);
  await anonymous.fetchCsrf();
  const sessions: Session[] = [
    {
      name: 'none',
      kind: 'none',
      send: (m, u, b) => raw(m, u, b, { cookie: anonymous.cookieHeader(), 'x-xsrf-token': anonymous.csrf ?? '' }),
    },
  ];
  const mobile = await mobileLogin(server.baseUrl, 'staff@example.com');
  sessions.push({
    name: 'mobile staff',
    kind: 'mobile',
    roleId: 7,
    send: (m, u, b) => raw(m, u, b, { authorization: `Bearer ${mobile.Token}` }),
  });
  for (const a of WEB_ACCOUNTS) {
    const c = new ApiClient(server.baseUrl);
    await c.login(a.email, undefined, a.area);
    sessions.push({
      name: a.email,
      kind: a.area,
      roleId: a.roleId,
      send: (m, u, b) => raw(m, u, b, { cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf ?? '' }),
    });
  }
  return sessions;
}

/** Paths of the API (the rest are the built console's static files, when apps/web/dist exists). */
const API_PATH = /^\/(api|security|_socket|locate|healthz|readyz|metrics)(\/|$)/;

/** The registered API routes (method, url, guard, body schema), from the route table; the socket has its own tests. */
export function registeredRoutes(server: TestServer): RouteRecord[] {
  const table = routeGuards.get(server.app);
  if (!table) throw new Error('route table missing');
  return [...table.values()].filter((r) => r.method !== 'HEAD' && API_PATH.test(r.url) && r.url !== '/_socket');
}

/** True when a session of `kind` passes `guard`. */
export function mayPass(guard: RouteGuard, kind: Session['kind']): boolean {
  return guard === 'none' || guard === kind;
}

type ZodLike = {
  def?: { type?: string; options?: ZodLike[]; shape?: Record<string, ZodLike>; values?: unknown[]; in?: ZodLike; innerType?: ZodLike };
};

/** The `case` values a body schema accepts (zod unions of objects with a literal `case`); [] when none. */
export function casesOf(schema: unknown): string[] {
  const out = new Set<string>();
  const walk = (s: ZodLike | undefined, depth: number) => {
    if (!s?.def || depth > 8) return;
    const d = s.def;
    if (d.type === 'union' && d.options) for (const o of d.options) walk(o, depth + 1);
    else if (d.type === 'pipe') walk(d.in, depth + 1);
    else if (d.innerType) walk(d.innerType, depth + 1);
    else if (d.type === 'object' && d.shape?.case) {
      const lit = d.shape.case.def;
      for (const v of lit?.values ?? []) if (typeof v === 'string') out.add(v);
    }
  };
  walk(schema as ZodLike, 0);
  return [...out];
}

/** A body naming the third organisation's records in every id field the API uses, for `kase`. */
export function thirdOrgBody(t: ThirdOrganization, kase: string | undefined): Record<string, unknown> {
  return {
    ...(kase ? { case: kase } : {}),
    organizationId: t.organizationId,
    organization: t.organizationId,
    regionalOfficeId: t.regionalOfficeId,
    branchOfficeId: t.branchOfficeId,
    branchId: t.branchOfficeId,
    securityOfficeId: t.securityOfficeId,
    employeeId: t.userId,
    userId: t.userId,
    id: t.userId,
    notificationId: 1,
    taskid: 1,
    fromDate: '2026-01-01',
    toDate: '2026-01-31',
    regionalOfficeIds: [t.regionalOfficeId],
    branchOfficeIds: [t.branchOfficeId],
    securityOfficeIds: [t.securityOfficeId],
    organizationIds: [t.organizationId],
  };
}

/** Values that broke the server before (issue 12 finding 7) and other hostile ones. */
const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(
      2 ** 31,
      2 ** 53,
      -1,
      0,
      1e308,
      '0x10',
      '1e3',
      '9999999999999999999999',
      'help\u0000',
      '\ud800',
      'x\udc00y',
      '0000-01-01',
      '9999-12-31',
      '2026-02-30',
      '=cmd|/c calc!A1',
      `${'a@a.'.repeat(2000)}@`,
      'a'.repeat(70_000),
      32_768,
      true,
      null,
      [],
      {},
      [[[[[[1]]]]]],
      { __proto__: { polluted: 1 } },
      { constructor: { prototype: { polluted: 1 } } },
    ),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.anything({ maxDepth: 3 }),
  );

/** Deeply nested arrays as JSON text (5,000 levels broke number coercion before). */
const deepArrayJson = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Generated malformed bodies for a route: its `case` values and third-org ids with hostile values mixed in. */
export function bodyArbitrary(cases: string[], t: ThirdOrganization): fc.Arbitrary<unknown> {
  const base = thirdOrgBody(t, undefined);
  const keys = [
    ...Object.keys(base),
    'email',
    'name',
    'message',
    'search',
    'statusId',
    'limit',
    'offset',
    'csv',
    'pin',
    'username',
    'password',
    'token',
    'day',
  ];
  const record = fc
    .tuple(
      fc.constantFrom(...(cases.length ? cases : [undefined])),
      fc.dictionary(fc.constantFrom(...keys), hostileValue(), { maxKeys: 6 }),
      fc.boolean(),
    )
    .map(([kase, extra, withIds]) => ({ ...(withIds ? base : {}), ...(kase ? { case: kase } : {}), ...extra }));
  return fc.oneof(
    { weight: 6, arbitrary: record },
    { weight: 1, arbitrary: hostileValue() },
    { weight: 1, arbitrary: fc.constantFrom('{"case":', 'not json', '[', '{"a":' + '['.repeat(5000)).map((s) => ({ __raw: s })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...(cases.length ? cases : [undefined])).map((kase) => ({
        __raw: `{${kase ? `"case":"${kase}",` : ''}"organizationId":${deepArrayJson(5000)},"branchOfficeId":${deepArrayJson(40)}}`,
      })),
    },
  );
}

/** A generated body as sent: raw text for the malformed-JSON cases. */
export function wire(body: unknown): unknown {
  if (body && typeof body === 'object' && '__raw' in body) return (body as { __raw: string }).__raw;
  return body;
}

/** Starts the attack server: demo data plus the third organisation. */
export async function startAttackServer(kind: DbKind, env: Record<string, string> = {}) {
  // A high login limit: the attack sends many sign-ins; the limits have their own tests.
  const server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000000', ...env });
  const third = await addThirdOrganization(server);
  return { server, third };
}

export interface FuzzResult {
  requests: number;
  serverErrors: { route: string; session: string; status: number; body: string }[];
  /** Requests whose connection closed without an answer (status 0), with the size of the body sent. */
  resets: { route: string; session: string; bytes: number; error: string }[];
  ms: number;
}

/**
 * Sends `runs` generated bodies to every route for every session (session-ending calls only
 * without a session), with the seed given. Collects every 5xx, and every connection the server
 * closed without an answer (a reset) instead of stopping at the first.
 */
export async function fuzzRoutes(
  server: TestServer,
  sessions: Session[],
  third: ThirdOrganization,
  opts: { seed: number; runs: number; concurrency?: number },
): Promise<FuzzResult> {
  const started = Date.now();
  const routes = registeredRoutes(server);
  const jobs: { route: RouteRecord; session: Session; body: unknown }[] = [];
  for (const [ri, route] of routes.entries()) {
    const arb = bodyArbitrary(casesOf(route.body), third);
    for (const [si, session] of sessions.entries()) {
      if (SESSION_ENDING.test(route.url) && session.kind !== 'none') continue;
      for (const body of fc.sample(arb, { seed: opts.seed + ri * 1000 + si, numRuns: opts.runs })) jobs.push({ route, session, body });
    }
  }
  const serverErrors: FuzzResult['serverErrors'] = [];
  const resets: FuzzResult['resets'] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const sent = wire(job.body);
      let res: { status: number; text: string };
      try {
        res = await job.session.send(job.route.method, job.route.url, sent);
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause;
        resets.push({
          route: `${job.route.method} ${job.route.url}`,
          session: job.session.name,
          bytes: Buffer.byteLength(typeof sent === 'string' ? sent : JSON.stringify(sent ?? {})),
          error: cause?.code ?? String(err),
        });
        continue;
      }
      if (res.status >= 500)
        serverErrors.push({
          route: `${job.route.method} ${job.route.url}`,
          session: job.session.name,
          status: res.status,
          body: JSON.stringify(job.body).slice(0, 300),
        });
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return { requests: jobs.length, serverErrors, resets, ms: Date.now() - started };
}
