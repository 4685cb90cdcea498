/**
 * branches.repository.ts branchInScope (the branch of every mobile action, run as a named
 * statement) and event.presenter.ts eventsAfter without a scope (the dispatcher's read, named too):
 * on the demo data, for a user of every role that has one, every branch answers exactly the row
 * `db.select().from(branchOffices)` answers (same fields, Date timestamps) when the role's scope
 * (authorization.ts branchScope) holds it, and 404 errors.notFound when not; the named read of the
 * event log answers the rows of the same query run plainly, from several cursors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { branchOffices, users } from '../src/db/schema/index.js';
import { branchInScope } from '../src/modules/branches/branches.repository.js';
import { EVENT_ROW_COLUMNS, eventsAfter } from '../src/modules/realtime/event.presenter.js';
import { branchScope } from '../src/plugins/authorization.js';
import type { AuthContext } from '../src/plugins/session.js';
import { DB_KINDS, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('branch lookup and the dispatcher read on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('branchInScope answers the branch row of select() inside the scope of each role, 404 outside it', async () => {
    const db = server.database.db;
    const all = await db.select().from(branchOffices).orderBy(branchOffices.id);
    const people = await db
      .select({ id: users.id, roleId: users.roleId, organizationId: users.organizationId })
      .from(users)
      .orderBy(users.id);
    const oneOfEachRole = [...new Map(people.map((p) => [p.roleId, p])).values()];
    expect(oneOfEachRole.length).toBeGreaterThanOrEqual(5);
    let inside = 0;
    let outside = 0;
    for (const person of oneOfEachRole) {
      const auth = { userId: person.id, roleId: person.roleId, organizationId: person.organizationId } as AuthContext;
      for (const branch of all) {
        const [expected] = await db
          .select()
          .from(branchOffices)
          .where(and(eq(branchOffices.id, branch.id), branchScope(auth)));
        if (expected) {
          inside++;
          const found = await branchInScope(db, auth, branch.id);
          expect(found).toEqual(expected);
          expect(found.branchActionAt === null || found.branchActionAt instanceof Date).toBe(true);
        } else {
          outside++;
          await expect(branchInScope(db, auth, branch.id)).rejects.toMatchObject({ statusCode: 404 });
        }
      }
    }
    // The demo data has branches both inside and outside these users' scopes.
    expect(inside).toBeGreaterThan(0);
    expect(outside).toBeGreaterThan(0);
  });

  it('eventsAfter without a scope answers the rows of the plain query, from any cursor', async () => {
    const db = server.database.db;
    const [{ n }] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from events`)) as [{ n: number }];
    expect(n).toBeGreaterThan(100);
    for (const [afterId, limit] of [
      [0, 50],
      [0, 50],
      [37, 500],
      [n - 5, 500],
    ] as const) {
      const plain = await rows(
        db,
        sql`select ${EVENT_ROW_COLUMNS} from events e left join users u on u.id = e.user_id where e.id > ${afterId} order by e.id limit ${limit}`,
      );
      expect(plain.length).toBeGreaterThan(0);
      expect(await eventsAfter(db, afterId, limit)).toEqual(plain);
    }
  });
});
