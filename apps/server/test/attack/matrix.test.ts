/**
 * Authorization matrix (issue 12), generated from the registered routes: every route was
 * registered with a guard (requireClient / requireAdmin / requireMobile) or is in the explicit
 * public list; every route × every session kind × every `case` of its body × the third
 * organisation's ids: a session the guard does not admit gets 401 before its body is read, no
 * answer to anyone but the platform admin carries the third organisation's data, nothing of it
 * changes, and nothing answers 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type TestServer } from '../helpers.js';
import {
  PUBLIC_ROUTES,
  SESSION_ENDING,
  casesOf,
  mayPass,
  openSessions,
  registeredRoutes,
  snapshotThird,
  startAttackServer,
  thirdOrgBody,
  type Session,
  type ThirdOrganization,
} from './harness.js';

describe.each(DB_KINDS)('authorization matrix of every registered route (%s)', (kind) => {
  let server: TestServer;
  let third: ThirdOrganization;
  let sessions: Session[];
  beforeAll(async () => {
    ({ server, third } = await startAttackServer(kind));
    sessions = await openSessions(server);
  }, 120_000);
  afterAll(async () => server?.close());

  it('every route has a guard or is a listed public route', () => {
    const routes = registeredRoutes(server);
    expect(routes.length).toBeGreaterThan(40);
    const unguarded = routes
      .filter((r) => r.guard === 'none' && !PUBLIC_ROUTES.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(unguarded).toEqual([]);
  });

  it("refuses every session its guard does not admit, and never shows or changes the third organisation's data", async () => {
    const before = await snapshotThird(server, third);
    const problems: string[] = [];
    let requests = 0;
    for (const route of registeredRoutes(server)) {
      const cases = casesOf(route.body);
      for (const session of sessions) {
        if (SESSION_ENDING.test(route.url) && session.kind !== 'none') continue;
        for (const kase of cases.length ? cases : [undefined]) {
          const res = await session.send(route.method, route.url, thirdOrgBody(third, kase));
          requests++;
          const where = `${route.method} ${route.url} ${kase ?? ''} as ${session.name}: ${res.status}`;
          if (res.status >= 500) problems.push(`${where} (5xx)`);
          if (!mayPass(route.guard, session.kind) && res.status !== 401) problems.push(`${where} (expected 401)`);
          if (session.kind !== 'admin' && res.text.toLowerCase().includes(third.marker))
            problems.push(`${where} (third organisation's data shown)`);
        }
      }
    }
    console.log(`matrix: ${requests} requests`);
    expect(problems).toEqual([]);
    expect(await snapshotThird(server, third)).toBe(before);
  }, 170_000);
});
