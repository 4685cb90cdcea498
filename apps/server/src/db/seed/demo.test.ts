import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { branchStatusOf } from '@vigil/contract';
import { openDatabase, rows, type Database } from '../client.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';

const count = async (d: Database, q: ReturnType<typeof sql>) => Number((await rows<{ n: string | number }>(d.db, q))[0]!.n);

const tableCounts = (d: Database) =>
  rows<Record<string, string | number>>(
    d.db,
    sql`
    select (select count(*) from users) as users, (select count(*) from branch_offices) as branches,
           (select count(*) from events) as events, (select count(*) from check_ins) as check_ins,
           (select count(*) from works_in) as works_in, (select count(*) from holidays) as holidays,
           (select count(*) from organizations) as orgs, (select count(*) from security_offices) as sos`,
  );

/** Board states of all branches, as the console computes them. */
const boardStates = async (d: Database) =>
  new Set(
    (await rows<{ branch_action: string | null }>(d.db, sql`select branch_action from branch_offices`)).map((r) =>
      branchStatusOf(r.branch_action),
    ),
  );

// Wednesday 2 December 2026, 11:30 in Tirana (05:30 in New York): the 30 days before include
// Albanian Independence/Liberation Day (Sat 28 and Sun 29 Nov, observed Mon 30 Nov), US Veterans
// Day and Thanksgiving.
const NOW = new Date('2026-12-02T10:30:00Z');

describe('seedDemo', () => {
  let d: Database;
  let seedMs = 0;
  beforeAll(async () => {
    d = await openDatabase({});
    const t0 = performance.now();
    expect(await seedDemo(d.db, { now: NOW })).toEqual({ created: true });
    seedMs = performance.now() - t0;
    console.log(`seedDemo on PGlite: ${Math.round(seedMs)} ms`, (await tableCounts(d))[0]);
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  it('is idempotent', async () => {
    const before = await tableCounts(d);
    expect(await seedDemo(d.db, { now: NOW })).toEqual({ created: false });
    expect(await tableCounts(d)).toEqual(before);
  });

  it('leaves only recent alarms unacknowledged: the past was handled by the operator', async () => {
    const alarm = sql`e.kind = 'NOTIFICATION' and (e.notification_type in (2, 10, 11, 12, 15) or e.security_alert)`;
    const old = sql`e.occurred_at < ${new Date(NOW.getTime() - 2 * 3600_000).toISOString()}::timestamptz`;
    expect(
      await count(
        d,
        sql`select count(*) as n from events e left join alarm_acknowledgements a on a.event_id = e.id where ${alarm} and ${old} and a.event_id is null`,
      ),
    ).toBe(0);
    expect(
      await count(
        d,
        sql`select count(*) as n from alarm_acknowledgements a join users u on u.id = a.user_id where u.email = 'operator@example.com'`,
      ),
    ).toBeGreaterThan(5);
  });

  it('creates 100+ users in every role with valid E.164 phones and unique e-mails', async () => {
    expect(await count(d, sql`select count(*) as n from users`)).toBeGreaterThanOrEqual(100);
    const roleIds = (await rows<{ role_id: number }>(d.db, sql`select distinct role_id from users order by 1`)).map((r) =>
      Number(r.role_id),
    );
    expect(roleIds).toEqual([1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const phones = await rows<{ phone_number: string }>(
      d.db,
      sql`
      select phone_number from users union all select phone_number from branch_offices
      union all select phone_number from offices union all select phone_number from organizations`,
    );
    const invalid = phones.map((p) => p.phone_number).filter((p) => !isValidPhoneNumber(p));
    expect(invalid).toEqual([]);
    // Org users belong to their org; platform admins, dealers and security staff to none.
    expect(await count(d, sql`select count(*) as n from users where role_id in (1, 5, 8, 12) and organization_id is not null`)).toBe(0);
    expect(await count(d, sql`select count(*) as n from users where role_id not in (1, 5, 8, 12) and organization_id is null`)).toBe(0);
    // Security staff work in the security office; branch managers and staff in a branch; regional managers in a region.
    expect(
      await count(
        d,
        sql`select count(*) as n from users u where u.role_id in (5, 8) and not exists (select 1 from works_in w where w.user_id = u.id and w.security_office_id is not null)`,
      ),
    ).toBe(0);
    expect(
      await count(
        d,
        sql`select count(*) as n from users u where u.role_id in (6, 7) and not exists (select 1 from works_in w where w.user_id = u.id and w.branch_office_id is not null)`,
      ),
    ).toBe(0);
    expect(
      await count(
        d,
        sql`select count(*) as n from users u where u.role_id = 9 and not exists (select 1 from works_in w where w.user_id = u.id and w.regional_office_id is not null)`,
      ),
    ).toBe(0);
  });

  it('creates the Albanian bank with 20+ branches in Albania', async () => {
    const al = await rows<{ n: number; zones: string[]; inside: number }>(
      d.db,
      sql`
      select count(*)::int as n, array_agg(distinct b.time_zone) as zones,
             count(*) filter (where b.latitude between 39.6 and 42.7 and b.longitude between 19.2 and 21.1)::int as inside
      from branch_offices b join organizations o on o.id = b.organization_id where o.name = 'Banka Kombëtare Demo'`,
    );
    expect(al[0]!.n).toBeGreaterThanOrEqual(20);
    expect(al[0]!.zones).toEqual(['Europe/Tirane']);
    expect(al[0]!.inside).toBe(al[0]!.n);
    const regions = await rows<{ name: string }>(
      d.db,
      sql`
      select f.name from offices f join organizations o on o.id = f.organization_id where o.name = 'Banka Kombëtare Demo' and f.office_type_id = 2`,
    );
    expect(regions.map((r) => r.name)).toEqual(expect.arrayContaining(['Tirana Region', 'Durrës Region', 'Shkodër Region']));
    expect(
      await count(
        d,
        sql`select count(*) as n from organization_security_offices os join security_offices s on s.id = os.security_office_id where s.code = 'SO-DEMO'`,
      ),
    ).toBe(2);
  });

  it('creates the US bank with 10+ branches in New York and Chicago time', async () => {
    const us = await rows<{ n: number; zones: string[] }>(
      d.db,
      sql`
      select count(*)::int as n, array_agg(distinct b.time_zone order by b.time_zone) as zones
      from branch_offices b join organizations o on o.id = b.organization_id where o.name = 'Liberty Savings Demo'`,
    );
    expect(us[0]!.n).toBeGreaterThanOrEqual(10);
    expect(us[0]!.zones).toEqual(['America/Chicago', 'America/New_York']);
    const codes = await count(d, sql`select count(*) - count(distinct (organization_id, code)) as n from branch_offices`);
    expect(codes).toBe(0);
  });

  it('creates every demo account with its role and assignment', async () => {
    for (const a of DEMO_ACCOUNTS) {
      const u = await rows<{ role_id: number; status_id: number; password_hash: string | null }>(
        d.db,
        sql`select role_id, status_id, password_hash from users where email = ${a.email}`,
      );
      expect(u, a.email).toHaveLength(1);
      expect(Number(u[0]!.role_id), a.email).toBe(a.roleId);
      expect(Number(u[0]!.status_id)).toBe(1);
      expect(u[0]!.password_hash).toMatch(/^\$argon2id\$/);
    }
    const regional = await rows<{ name: string }>(
      d.db,
      sql`
      select f.name from works_in w join users u on u.id = w.user_id join offices f on f.id = w.regional_office_id where u.email = 'regional@example.com'`,
    );
    expect(regional.map((r) => r.name)).toEqual(['Tirana Region']);
    expect(
      await count(d, sql`select count(*) as n from works_in w join users u on u.id = w.user_id where u.email = 'regional@example.com'`),
    ).toBe(1);
    const manager = await rows<{ city: string }>(
      d.db,
      sql`
      select b.city from works_in w join users u on u.id = w.user_id join branch_offices b on b.id = w.branch_office_id where u.email = 'manager@example.com'`,
    );
    expect(manager.map((r) => r.city)).toEqual(['Tirana']);
    expect(
      await count(d, sql`select count(*) as n from works_in w join users u on u.id = w.user_id where u.email = 'manager@example.com'`),
    ).toBe(1);
    expect(
      await count(
        d,
        sql`select count(*) as n from organization_dealers od join users u on u.id = od.user_id where u.email = 'dealer@example.com'`,
      ),
    ).toBe(2);
    expect(await count(d, sql`select count(*) as n from users where email = 'dealer@example.com' and organization_id is null`)).toBe(1);
  });

  it('opens branches only on scheduled working days that are not holidays, with consistent punctuality', async () => {
    expect(await count(d, sql`select count(*) as n from events where branch_action = 'Open'`)).toBeGreaterThan(500);
    const wrongDay = await count(
      d,
      sql`
      select count(*) as n from events e join branch_offices b on b.id = e.branch_office_id
      left join week_schedule_days wd on wd.week_schedule_id = b.week_schedule_id
        and wd.weekday = extract(isodow from (e.occurred_at at time zone b.time_zone))
      left join holidays h on h.holiday_template_id = b.holiday_template_id and h.day = (e.occurred_at at time zone b.time_zone)::date
      where e.branch_action = 'Open' and coalesce(e.payload->>'afterHours', 'false') <> 'true' and (wd.weekday is null or h.day is not null)`,
    );
    expect(wrongDay).toBe(0);
    // No Albanian branch opened on 28 Nov (a Saturday, normally open) or on 30 Nov (29 Nov observed); no US branch on Thanksgiving.
    expect(
      await count(
        d,
        sql`
      select count(*) as n from events e join branch_offices b on b.id = e.branch_office_id
      where e.branch_action = 'Open' and (
        (b.country = 'Albania' and (e.occurred_at at time zone b.time_zone)::date in ('2026-11-28', '2026-11-30'))
        or (b.country = 'United States' and (e.occurred_at at time zone b.time_zone)::date in ('2026-11-11', '2026-11-26')))`,
      ),
    ).toBe(0);
    const badPunctuality = await count(
      d,
      sql`
      select count(*) as n from events e join branch_offices b on b.id = e.branch_office_id
      join week_schedule_days wd on wd.week_schedule_id = b.week_schedule_id and wd.weekday = extract(isodow from (e.occurred_at at time zone b.time_zone))
      cross join lateral (select extract(epoch from ((e.occurred_at at time zone b.time_zone)::time
        - case when e.branch_action = 'Open' then wd.opens_at else wd.closes_at end)) / 60 as diff,
        case when e.branch_action = 'Open' then b.opening_timer else b.closing_timer end as timer) x
      where e.punctuality is not null and not e.is_closed_by_system and e.punctuality <> case
        when x.diff < -5 then 'early' when x.diff > x.timer then 'late' else 'ontime' end`,
    );
    expect(badPunctuality).toBe(0);
    const kinds = await rows<{ punctuality: string }>(
      d.db,
      sql`select distinct punctuality from events where punctuality is not null order by 1`,
    );
    expect(kinds.map((k) => k.punctuality)).toEqual(['early', 'late', 'ontime']);
  });

  it('has events in chronological id order, all before now, with org/region/branch/user set', async () => {
    expect(
      await count(
        d,
        sql`
      select count(*) as n from (select occurred_at, lag(occurred_at) over (order by id) as prev from events) t where occurred_at < prev`,
      ),
    ).toBe(0);
    expect(await count(d, sql`select count(*) as n from events where occurred_at >= ${NOW.toISOString()}::timestamptz`)).toBe(0);
    expect(
      await count(
        d,
        sql`select count(*) as n from events where organization_id is null or regional_office_id is null or branch_office_id is null or user_id is null`,
      ),
    ).toBe(0);
    const notifications = await count(
      d,
      sql`select count(*) as n from events where kind = 'NOTIFICATION' and branch_action in ('Panic', 'Duress', 'Trouble', 'Alarm')`,
    );
    expect(notifications).toBeGreaterThanOrEqual(10);
    expect(notifications).toBeLessThanOrEqual(20);
    expect(await count(d, sql`select count(*) as n from events where is_closed_by_system`)).toBeGreaterThan(0);
    expect(
      await count(d, sql`select count(*) as n from events where branch_action = 'Not Opened' and notification_type = 0`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        d,
        sql`select count(*) as n from events e join branch_offices b on b.id = e.branch_office_id where b.test_mode and not e.is_test_notification`,
      ),
    ).toBe(0);
    expect(
      await count(
        d,
        sql`select count(*) as n from events e join branch_offices b on b.id = e.branch_office_id where not b.test_mode and e.is_test_notification`,
      ),
    ).toBe(0);
  });

  it('records check-ins with matching CHECKIN events', async () => {
    const n = await count(d, sql`select count(*) as n from check_ins`);
    expect(n).toBeGreaterThan(0);
    expect(
      await count(
        d,
        sql`
      select count(*) as n from check_ins c join events e on e.id = c.check_in_event_id
      where e.kind = 'CHECKIN' and e.user_id = c.user_id and e.branch_office_id = c.branch_office_id and e.occurred_at = c.check_in_at`,
      ),
    ).toBe(n);
    expect(await count(d, sql`select count(*) as n from events where kind = 'CHECKOUT'`)).toBe(
      await count(d, sql`select count(*) as n from check_ins where check_out_at is not null`),
    );
  });

  it('leaves branches in every board state, matching their latest status event', async () => {
    expect([...(await boardStates(d))].sort()).toEqual(['alarm', 'closed', 'open', 'service']);
    expect(
      await count(
        d,
        sql`
      select count(*) as n from branch_offices b join events e on e.id = b.last_event_id
      where e.branch_action <> b.branch_action or e.occurred_at <> b.branch_action_at or e.branch_office_id <> b.id`,
      ),
    ).toBe(0);
    expect(
      await count(
        d,
        sql`
      select count(*) as n from branch_offices b where exists (select 1 from events e where e.branch_office_id = b.id
        and e.kind in ('BRANCH_ACTION', 'NOTIFICATION') and e.branch_action not like 'Not %' and e.id > b.last_event_id)`,
      ),
    ).toBe(0);
    const alarm = await rows<{ country: string }>(
      d.db,
      sql`select country from branch_offices where branch_action in ('Panic', 'Trouble')`,
    );
    expect(alarm.map((r) => r.country)).toContain('Albania');
  });
});

describe('seedDemo outside business hours', () => {
  it('still shows all four board states on a Sunday night', async () => {
    const d = await openDatabase({});
    try {
      expect(await seedDemo(d.db, { now: new Date('2026-11-22T01:30:00Z'), days: 7 })).toEqual({ created: true });
      expect([...(await boardStates(d))].sort()).toEqual(['alarm', 'closed', 'open', 'service']);
      expect(await count(d, sql`select count(*) as n from events where branch_action = 'Open' and payload->>'afterHours' = 'true'`)).toBe(
        1,
      );
    } finally {
      await d.close();
    }
  }, 60_000);
});
