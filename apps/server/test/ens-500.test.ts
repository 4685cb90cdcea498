/**
 * ENS at scale (issue 16 "Done when": "a send to 500 recipients records 500 × 3 deliveries in one
 * transaction"), on both databases: 500 employees of the manager's branch are chosen at once; the
 * answer counts them, and the notification, its 500 recipients and 1,500 deliveries (app, e-mail,
 * SMS) carry the same inserting transaction id (xmin), i.e. they were written in one transaction.
 * No delivery worker runs here, so the e-mails and SMS stay queued. The time of the send is
 * bench/ens.ts's figure (no wall-clock limit in tests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

const N = 500;

describe.each(DB_KINDS)('ENS send to 500 recipients on %s', (kind) => {
  let server: TestServer;
  let branchId: number;
  let ids: number[];
  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_MAX: '1000' });
    const db = server.database.db;
    const [b] = await rows<{ id: number; organization_id: number }>(
      db,
      sql`select b.id, b.organization_id from branch_offices b join works_in w on w.branch_office_id = b.id
        join users u on u.id = w.user_id where u.email = 'manager@example.com' limit 1`,
    );
    branchId = b!.id;
    await db.execute(sql`insert into users (organization_id, role_id, name, surname, email, phone_number, lang_id, status_id)
      select ${b!.organization_id}, 7, 'Scale', 'Person ' || i, 'ens-scale-' || i || '@scale.test', '+3556900' || lpad(i::text, 5, '0'),
        case when i % 2 = 0 then 'sq' else 'en' end, 1
      from generate_series(1, ${N}) i`);
    await db.execute(
      sql`insert into works_in (user_id, branch_office_id) select id, ${branchId} from users where email like 'ens-scale-%@scale.test'`,
    );
    ids = (await rows<{ id: number }>(db, sql`select id from users where email like 'ens-scale-%@scale.test' order by id`)).map(
      (r) => r.id,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('records 500 recipients × 3 channels in the one transaction of the send', async () => {
    expect(ids).toHaveLength(N);
    const api = new ApiClient(server.baseUrl);
    await api.login('manager@example.com');
    const res = await api.post<{ resflag: boolean; EnsId: number; Recipients: number; Deliveries: number }>(
      '/api/client/manageensmessagetemplates',
      {
        case: 'NOTIFY-EMEGREGENCY',
        branchId,
        toUsersId: `{${ids.join(',')}}`,
        message: 'Scale: evacuate the building.',
        notificationMethod: 'ALL',
      },
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.body).toMatchObject({ resflag: true, Recipients: N, Deliveries: N * 3 });
    const ensId = res.json.body!.EnsId;
    const [d] = await rows<{ n: number; people: number; app: number; email: number; sms: number; queued: number }>(
      server.database.db,
      sql`select count(*)::int as n, count(distinct user_id)::int as people,
            count(*) filter (where channel = 'app')::int as app, count(*) filter (where channel = 'email')::int as email,
            count(*) filter (where channel = 'sms')::int as sms, count(*) filter (where status = 'queued')::int as queued
          from ens_deliveries where notification_id = ${ensId}`,
    );
    expect(d).toEqual({ n: N * 3, people: N, app: N, email: N, sms: N, queued: N * 2 });
    // One transaction: the notification, its recipients and deliveries share one inserting transaction id.
    const tx = await rows<{ xmin: string }>(
      server.database.db,
      sql`select xmin::text as xmin from ens_notifications where id = ${ensId}
          union select xmin::text from ens_recipients where notification_id = ${ensId}
          union select xmin::text from ens_deliveries where notification_id = ${ensId}`,
    );
    expect(tx).toHaveLength(1);
    const [r] = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from ens_recipients where notification_id = ${ensId}`,
    );
    expect(r!.n).toBe(N);
  }, 120_000);
});
