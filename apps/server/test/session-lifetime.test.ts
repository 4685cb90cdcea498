/**
 * Session lifetimes (issue "completeness", bug 2): a mobile app session keeps its own lifetime
 * (MOBILE_SESSION_DAYS) when used, instead of being cut to the web idle time; a web session slides by
 * SESSION_IDLE_MINUTES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, mobileLogin, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('session lifetimes on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { MOBILE_SESSION_DAYS: '30', SESSION_IDLE_MINUTES: '60' });
  });
  afterAll(async () => server?.close());

  /** Days from now to the expiry of `userEmail`'s newest session of `type`. */
  const daysLeft = async (userEmail: string, type: string) => {
    const [s] = await rows<{ days: number }>(
      server.database.db,
      sql`select extract(epoch from (s.expires_at - now())) / 86400 as days from sessions s join users u on u.id = s.user_id
          where u.email = ${userEmail} and s.session_type = ${type} order by s.id desc limit 1`,
    );
    return Number(s!.days);
  };
  const ageLastUse = (userEmail: string, type: string) =>
    server.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '5 minutes' where session_type = ${type} and user_id = (select id from users where email = ${userEmail})`,
    );

  it('a mobile session used after a while still has MOBILE_SESSION_DAYS ahead, not the web idle time', async () => {
    const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
    expect(await daysLeft('staff@example.com', 'MOBILE')).toBeGreaterThan(29.9);
    await ageLastUse('staff@example.com', 'MOBILE');
    const b = staff.Branches[0]!;
    const r = await staff.call('checkin', { branchOfficeId: b.BranchOfficeId, latitude: b.Latitude, longitude: b.Longitude });
    expect(r.status).toBeLessThan(500);
    expect(await daysLeft('staff@example.com', 'MOBILE')).toBeGreaterThan(29.9);
  });

  it('a web session slides by the idle time', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('manager@example.com');
    await ageLastUse('manager@example.com', 'WEB');
    await c.post('/api/client/isauthenticated', {});
    const days = await daysLeft('manager@example.com', 'WEB');
    expect(days * 24 * 60).toBeGreaterThan(58);
    expect(days * 24 * 60).toBeLessThan(61);
  });
});
