/**
 * Scale data for the report benchmarks (issue "Reports": 5,000 branches, 50,000 employees, one
 * year of activity consistent with the schedules). PostgreSQL only (DATABASE_URL required);
 * generated with set-based SQL (generate_series, INSERT … SELECT) inside the database, so the
 * volume never passes through Node.
 *
 *   DATABASE_URL=postgres://… npm run seed:scale -- [--branches 5000] [--employees 50000] [--days 365] [--orgs 50] [--reset]
 *
 * What it writes (all names start with "Scale", e-mails end with @scale.test):
 * - `orgs` organisations in four time zones (New York, Chicago, Los Angeles, Tirane), each with a
 *   Mon–Fri 08:00–16:00 + Sat 09:00–13:00 week schedule, a holiday (1 January), 5 regions, and an
 *   organisation admin `scale-admin-<n>@scale.test` (password SCALE_PASSWORD).
 * - The security office 'SO-SCALE' ("Scale Monitoring"), linked to every organisation and set as
 *   every branch's monitoring office, with a security officer `scale-officer@scale.test` (role 5)
 *   and a security operator `scale-operator@scale.test` (role 8), both working in it (WorksIn),
 *   password SCALE_PASSWORD: their scope is all the branches (the widest report scope, issue 20).
 * - `branches` branches spread over the organisations, timers 15 min, auto-close 20:00.
 * - `employees` users: the admins, one branch manager per branch, the rest branch staff.
 * - For every branch and working local day of the last `days` days: an opening (early / on time /
 *   late, about 10 % late and 8 % early; 2 % missed with a 'Not Opened' notification), a closing
 *   (3 % forgotten: 'Not Closed' then closed by the system at 20:00), a check-in and check-out of
 *   the manager, the opener and about 80 % of the other staff, a service on 15 % of days, an
 *   alarm on 0.5 %, vault accesses at every tenth branch, timers with pings on 5 % of days and a
 *   submitted survey on 10 %. Local wall times are turned into instants by PostgreSQL
 *   (`timestamp at time zone zone`), so DST days are right.
 * Events are written under the event-log advisory lock (event-log.ts) without NOTIFY: history, in
 * time order (ids grow with time, as in a live log). The big tables are loaded with their
 * secondary indexes and foreign keys set aside and restored after (bulkLoad). The full size gives
 * about 30 million events (13 million check-ins) in a few minutes; a VACUUM ANALYZE ends it.
 * Refuses to run twice unless `--reset` (which deletes the "Scale" organisations first, row by row
 * through the foreign keys: at the full size, dropping and creating the database again is faster).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../client.js';
import { ensureReferenceData } from '../reference-data.js';
import { hashSecret } from '../../modules/auth/passwords.js';
import { AdvisoryLock } from '../advisory-locks.js';

/** Password of every scale-data user. */
export const SCALE_PASSWORD = 'Vigil-scale-2026';

/** Sizes of a scale run. */
export interface ScaleOptions {
  branches: number;
  employees: number;
  days: number;
  orgs: number;
  reset: boolean;
}

/** Parses `--branches N --employees N --days N --orgs N --reset`. @throws Error on a bad value. */
export function parseScaleArgs(argv: string[]): ScaleOptions {
  const o: ScaleOptions = { branches: 5000, employees: 50_000, days: 365, orgs: 50, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--reset') {
      o.reset = true;
      continue;
    }
    const key = a.replace(/^--/, '') as keyof Omit<ScaleOptions, 'reset'>;
    if (!['branches', 'employees', 'days', 'orgs'].includes(key)) throw new Error(`Unknown option ${a}`);
    const n = Number(argv[++i]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a positive integer`);
    o[key] = n;
  }
  if (o.employees < o.orgs + o.branches) throw new Error('--employees must be at least --orgs + --branches (admins and managers)');
  return o;
}

/** Runs the scale seed against `databaseUrl`; prints each step's time and row counts. */
export async function seedScale(databaseUrl: string, o: ScaleOptions): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  await ensureReferenceData(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const t = performance.now();
    const r = await client.query(text, params);
    console.log(
      `${label.padEnd(60)} ${String(r.rowCount ?? '').padStart(10)} rows  ${((performance.now() - t) / 1000).toFixed(1).padStart(7)} s`,
    );
  };
  /**
   * Runs `load` with the secondary indexes and foreign keys of `table` set aside, then puts them
   * back: one sort per index and one set-based check per foreign key, instead of millions of
   * scattered index inserts and per-row trigger look-ups. Definitions are read from the
   * catalogue, so whatever later migrations add comes back too; all inside the seed transaction.
   */
  const bulkLoad = async (table: string, load: () => Promise<void>) => {
    const fks = (
      await client.query<{ name: string; def: string }>(
        `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'f'`,
        [table],
      )
    ).rows;
    const indexes = (
      await client.query<{ name: string; def: string }>(
        `select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and tablename = $1
         and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`,
        [table],
      )
    ).rows;
    await step(
      `${table}: set aside ${indexes.length} indexes, ${fks.length} foreign keys`,
      [...fks.map((f) => `alter table "${table}" drop constraint "${f.name}";`), ...indexes.map((i) => `drop index "${i.name}";`)].join(
        '\n',
      ),
    );
    await load();
    for (const i of indexes) await step(`${table}: index ${i.name}`, i.def);
    for (const f of fks) await step(`${table}: foreign key ${f.name}`, `alter table "${table}" add constraint "${f.name}" ${f.def}`);
  };
  try {
    const existing = await client.query(`select count(*)::int as n from organizations where name like 'Scale Bank %'`);
    if (existing.rows[0].n > 0) {
      if (!o.reset) throw new Error('Scale data already present: run with --reset to replace it.');
      await step('delete previous scale data', `delete from organizations where name like 'Scale Bank %'`);
      await step('delete previous scale users', `delete from users where email like '%@scale.test'`);
      await step('delete previous security office', `delete from security_offices where code = 'SO-SCALE'`);
    }
    const [passwordHash, pinHash] = await Promise.all([hashSecret(SCALE_PASSWORD), hashSecret('1234')]);
    await client.query('select setseed(0.2026)');
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [AdvisoryLock.EventLog]);
    await client.query(`set local work_mem = '256MB'`);
    await client.query(`set local maintenance_work_mem = '512MB'`);
    await step(
      'security office',
      `insert into security_offices (name, code, time_zone, status_id) values ('Scale Monitoring', 'SO-SCALE', 'UTC', 1)`,
    );
    await step(
      'organisations',
      `insert into organizations (name, status_id, city, country)
      select 'Scale Bank ' || n, 1, 'City ' || n, 'US' from generate_series(1, $1) n`,
      [o.orgs],
    );
    await client.query(`create temp table scale_org on commit drop as
      select o.id, row_number() over (order by o.id) as n,
        (array['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/Tirane'])[1 + (row_number() over (order by o.id))::int % 4] as tz
      from organizations o where o.name like 'Scale Bank %'`);
    await step(
      'organisation ↔ security office',
      `insert into organization_security_offices (organization_id, security_office_id)
      select id, (select id from security_offices where code = 'SO-SCALE') from scale_org`,
    );
    await step('week schedules', `insert into week_schedules (organization_id, name) select id, 'Scale week' from scale_org`);
    await step(
      'week schedule days',
      `insert into week_schedule_days (week_schedule_id, weekday, opens_at, closes_at)
      select ws.id, d, case when d = 6 then '09:00'::time else '08:00'::time end, case when d = 6 then '13:00'::time else '16:00'::time end
      from week_schedules ws join scale_org so on so.id = ws.organization_id cross join generate_series(1, 6) d`,
    );
    await step('holiday templates', `insert into holiday_templates (organization_id, name) select id, 'Scale holidays' from scale_org`);
    await step(
      'holidays',
      `insert into holidays (holiday_template_id, day, name)
      select ht.id, make_date(y, 1, 1), 'New Year' from holiday_templates ht join scale_org so on so.id = ht.organization_id
      cross join generate_series(extract(year from now())::int - 1, extract(year from now())::int) y`,
    );
    await step(
      'regions',
      `insert into offices (organization_id, office_type_id, name, code, time_zone, status_id)
      select so.id, 2, 'Scale Region ' || so.n || '-' || r, 'R' || r, so.tz, 1 from scale_org so cross join generate_series(1, 5) r`,
    );
    await step(
      'branches',
      `insert into branch_offices (organization_id, regional_office_id, branch_office_type_id, security_office_id, name, code, time_zone,
        week_schedule_id, holiday_template_id, opening_timer, closing_timer, servicing_timer, auto_close_time, latitude, longitude, geofence_radius, status_id)
      select so.id,
        (select id from offices where organization_id = so.id and office_type_id = 2 order by id offset (b % 5) limit 1),
        (select id from branch_office_types where type = 'BRANCH'),
        (select id from security_offices where code = 'SO-SCALE'),
        'Scale Branch ' || lpad(b::text, 5, '0'), 'B' || b, so.tz,
        (select id from week_schedules where organization_id = so.id), (select id from holiday_templates where organization_id = so.id),
        15, 15, 60, '20:00', 30 + random() * 15, -120 + random() * 100, 200, 1
      from generate_series(1, $1) b join scale_org so on so.n = 1 + (b % $2)`,
      [o.branches, o.orgs],
    );
    await client.query(`create temp table scale_branch on commit drop as
      select b.id, b.organization_id, b.regional_office_id, b.time_zone, b.latitude, b.longitude, b.week_schedule_id, b.holiday_template_id,
        row_number() over (order by b.id) as n, null::int as manager, null::int as staff
      from branch_offices b join scale_org so on so.id = b.organization_id`);
    await client.query('create index on scale_branch (n)');
    await client.query('analyze scale_branch');
    await step(
      'organisation admins',
      `insert into users (organization_id, role_id, name, surname, email, status_id, password_hash, lang_id)
      select id, 2, 'Admin', 'Scale ' || n, 'scale-admin-' || n || '@scale.test', 1, $1, 'en' from scale_org`,
      [passwordHash],
    );
    await step(
      'branch managers and staff',
      `insert into users (organization_id, role_id, name, surname, email, status_id, password_hash, pin_hash, lang_id, number)
      select sb.organization_id, case when u <= $2 then 6 else 7 end,
        (array['Alex', 'Blerta', 'Chris', 'Dana', 'Erion', 'Fatima', 'Gent', 'Hana'])[1 + u % 8], 'Employee ' || u,
        'scale-' || u || '@scale.test', 1, $1, $3, 'en', 'S' || u::text
      from generate_series(1, $4) u join scale_branch sb on sb.n = 1 + ((u - 1) % $2)`,
      [passwordHash, o.branches, pinHash, o.employees - o.orgs],
    );
    await step(
      'works_in',
      `insert into works_in (user_id, branch_office_id)
      select u.id, sb.id from users u join scale_branch sb on sb.n = 1 + ((substring(u.email from 'scale-(\\d+)@')::int - 1) % $1)
      where u.email ~ '^scale-\\d+@scale.test$'`,
      [o.branches],
    );
    // The security office's officer (role 5) and operator (role 8): no organisation, WorksIn the
    // office, so their scope is every branch of every organisation linked to it (all of them).
    await step(
      'security officer and operator',
      `insert into users (organization_id, role_id, name, surname, email, status_id, password_hash, lang_id)
      values (null, 5, 'Officer', 'Scale', 'scale-officer@scale.test', 1, $1, 'en'),
             (null, 8, 'Operator', 'Scale', 'scale-operator@scale.test', 1, $1, 'en')`,
      [passwordHash],
    );
    await step(
      'security office staff works_in',
      `insert into works_in (user_id, security_office_id)
      select u.id, (select id from security_offices where code = 'SO-SCALE') from users u
      where u.email in ('scale-officer@scale.test', 'scale-operator@scale.test')`,
    );
    // Each branch's manager and first staff member (its two lowest user ids), once per branch.
    await step(
      'branch manager and staff',
      `update scale_branch sb set manager = w.manager, staff = w.staff
      from (select branch_office_id, max(user_id) filter (where k = 1) as manager, max(user_id) filter (where k = 2) as staff
            from (select w.branch_office_id, w.user_id, row_number() over (partition by w.branch_office_id order by w.user_id) as k
                  from works_in w join scale_branch b on b.id = w.branch_office_id) ranked
            where k <= 2 group by branch_office_id) w
      where w.branch_office_id = sb.id`,
    );
    // One row per branch and working local day, with the day's random draws.
    await step(
      'working days',
      `create temp table scale_day on commit drop as
      select x.*,
        case when r1 < 0.02 then null else opens + make_interval(mins => case when r2 < 0.10 then 20 + (r3 * 20)::int when r2 < 0.18 then -6 - (r3 * 6)::int else -4 + (r3 * 13)::int end) end as open_at,
        case when r4 < 0.03 then auto_close else closes + make_interval(mins => case when r2 > 0.92 then 20 + (r3 * 25)::int when r2 > 0.84 then -6 - (r3 * 9)::int else -3 + (r3 * 15)::int end) end as close_at
      from (select sb.id as branch_id, sb.organization_id, sb.regional_office_id, sb.time_zone, sb.latitude, sb.longitude, sb.n, d::date as day,
          ((d::date + wsd.opens_at) at time zone sb.time_zone) as opens, ((d::date + wsd.closes_at) at time zone sb.time_zone) as closes,
          ((d::date + '20:00'::time) at time zone sb.time_zone) as auto_close,
          random() as r1, random() as r2, random() as r3, random() as r4, sb.manager, sb.staff
        from scale_branch sb
        cross join generate_series(((now() at time zone 'UTC')::date - $1::int)::timestamp, ((now() at time zone 'UTC')::date - 1)::timestamp, interval '1 day') d
        join week_schedule_days wsd on wsd.week_schedule_id = sb.week_schedule_id and wsd.weekday = extract(isodow from d)
        where not exists (select 1 from holidays h where h.holiday_template_id = sb.holiday_template_id and h.day = d::date)) x`,
      [o.days],
    );
    await client.query('analyze scale_day');
    const punct = (at: string, sched: string) =>
      `case when ${at} < ${sched} - interval '5 minutes' then 'early' when ${at} > ${sched} + interval '15 minutes' then 'late' else 'ontime' end`;
    // The opener checks in 12 minutes before opening and out 6 minutes after closing; the manager
    // works every day; the other staff on about 80 % of days, arriving and leaving around the schedule.
    await bulkLoad('check_ins', () =>
      step(
        'check-ins',
        `insert into check_ins (user_id, branch_office_id, check_in_at, check_out_at, checked_out_by, latitude, longitude, horizontal_accuracy, inside_geofence)
      select w.user_id, d.branch_id,
        case when w.user_id = coalesce(d.staff, d.manager) then d.open_at - interval '12 minutes' else d.opens + make_interval(mins => (-20 + random() * 80)::int) end,
        case when w.user_id = coalesce(d.staff, d.manager) then d.close_at + interval '6 minutes' else d.closes + make_interval(mins => (-30 + random() * 60)::int) end,
        w.user_id, d.latitude + 0.0003, d.longitude + 0.0003, 5 + (random() * 20)::int, random() > 0.05
      from scale_day d join works_in w on w.branch_office_id = d.branch_id
      where d.open_at is not null and (w.user_id in (d.manager, d.staff) or random() < 0.8)`,
      ),
    );
    // Every event of the year in one INSERT, in time order (ids grow with time, as in a live log).
    const evCols =
      'kind, organization_id, regional_office_id, branch_office_id, user_id, branch_action, notification_type, is_closed_by_system, security_alert, punctuality, latitude, longitude, message_content, payload, occurred_at';
    const parts = [
      // Openings, on time / early / late against the schedule.
      `select 'BRANCH_ACTION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), 'Open', null::smallint, false, false, ${punct('open_at', 'opens')}, latitude, longitude, null, '{}'::jsonb, open_at
       from scale_day where open_at is not null`,
      // Missed openings: the supervisor's 'Not Opened' when the opening timer ran out.
      `select 'NOTIFICATION', organization_id, regional_office_id, branch_id, manager, 'Not Opened', 0::smallint, false, false, null, latitude, longitude, null, '{}'::jsonb, opens + interval '15 minutes'
       from scale_day where open_at is null`,
      // Closings; a forgotten one is closed by the system at the auto-close time.
      `select 'BRANCH_ACTION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), 'Close', null::smallint, r4 < 0.03, false,
         case when r4 < 0.03 then 'late' else ${punct('close_at', 'closes')} end, latitude, longitude, null, '{}'::jsonb, close_at
       from scale_day where open_at is not null`,
      `select 'NOTIFICATION', organization_id, regional_office_id, branch_id, manager, 'Not Closed', 0::smallint, false, false, null, latitude, longitude, null, '{}'::jsonb, closes + interval '15 minutes'
       from scale_day where open_at is not null and r4 < 0.03`,
      // A service, then the re-opening after it.
      `select 'BRANCH_ACTION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), a.action, null::smallint, false, false, null, latitude, longitude,
         case when a.action = 'Service' then 'Cash-in-transit delivery' end, '{}'::jsonb, open_at + a.after
       from scale_day cross join (values ('Service', interval '2 hours'), ('Open', interval '2 hours 40 minutes')) a(action, after)
       where open_at is not null and r3 < 0.15 and open_at + interval '3 hours' < closes`,
      // Alarms.
      `select 'NOTIFICATION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), k.action, k.type, false, k.alert, null, latitude, longitude, 'Scale incident', '{}'::jsonb,
         open_at + interval '3 hours'
       from scale_day join (values (0, 'Trouble', 2::smallint, false), (1, 'Panic', 10::smallint, true), (2, 'Alarm', 15::smallint, false), (3, 'Duress', 11::smallint, true)) k(i, action, type, alert)
         on k.i = (n % 4) where open_at is not null and r1 > 0.995`,
      // Check-ins and check-outs.
      `select k.kind, b.organization_id, b.regional_office_id, c.branch_office_id, c.user_id, k.action, null::smallint, false, false, null, c.latitude, c.longitude, null,
         jsonb_build_object('insideGeofence', c.inside_geofence, 'horizontalAccuracy', c.horizontal_accuracy), k.at
       from check_ins c join scale_branch b on b.id = c.branch_office_id
       cross join lateral (values ('CHECKIN', 'Check In', c.check_in_at), ('CHECKOUT', 'Check Out', c.check_out_at)) k(kind, action, at)`,
      // Vault accesses at every tenth branch.
      `select 'VAULT_ACCESS', organization_id, regional_office_id, branch_id, coalesce(staff, manager), case when a.action = 'OPEN' then 'Vault Open' else 'Vault Close' end,
         null::smallint, false, false, null, latitude, longitude, null, jsonb_build_object('vaultName', 'Main vault', 'action', a.action), open_at + a.after
       from scale_day cross join (values ('OPEN', interval '5 minutes'), ('CLOSE', interval '45 minutes')) a(action, after)
       where open_at is not null and n % 10 = 0`,
    ];
    await bulkLoad('events', () =>
      step(
        'events (in time order)',
        `insert into events (${evCols}, created_at)
      select *, occurred_at from (${parts.join('\n      union all\n      ')}) e(${evCols}) order by occurred_at`,
      ),
    );
    const byKind = await client.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from events where organization_id in (select id from scale_org) group by kind order by kind`,
    );
    console.log(`${'  events by kind'.padEnd(60)} ${byKind.rows.map((r) => `${r.kind} ${r.n}`).join(', ')}`);
    await step(
      'timers',
      `insert into timers (user_id, branch_office_id, timer_for_action, started_at, duration_seconds, expires_at, stopped_at, safe_stopped, alerted)
      select coalesce(staff, manager), branch_id, 'Night deposit', close_at + interval '10 minutes', 3600, close_at + interval '70 minutes',
        case when r2 < 0.9 then close_at + make_interval(mins => 20 + (r3 * 30)::int) end, r2 < 0.9, r2 >= 0.9
      from scale_day where open_at is not null and r1 > 0.95`,
    );
    await step(
      'timer pings',
      `insert into timer_pings (timer_id, at, latitude, longitude, horizontal_accuracy)
      select t.id, t.started_at + make_interval(mins => p * 10), b.latitude + p * 0.0002, b.longitude, 8
      from timers t join scale_branch b on b.id = t.branch_office_id cross join generate_series(0, 2) p`,
    );
    await step(
      'surveys',
      `insert into surveys (organization_id, name, description, notify_recomandation, non_notify_recomandation, questions)
      select id, 'Scale opening survey', 'Checks before opening', 'Call the security office', 'Carry on',
        '[{"QuestionId":1,"Question":"Is the entrance intact?","Answers":[{"Option":"Yes"},{"Option":"No","EndSurveyWithNotification":true}]}]'::jsonb
      from scale_org`,
    );
    await step(
      'submitted surveys',
      `insert into submitted_surveys (survey_id, user_id, branch_office_id, organization_id, answers, end_with_notification, created_at)
      select (select id from surveys where organization_id = d.organization_id limit 1), coalesce(staff, manager), branch_id, organization_id,
        jsonb_build_array(jsonb_build_object('QuestionId', 1, 'Answer', case when r4 < 0.02 then 'No' else 'Yes' end)), r4 < 0.02, open_at - interval '3 minutes'
      from scale_day d where open_at is not null and r3 > 0.9`,
    );
    await step(
      'branch states',
      `update branch_offices b set branch_action = 'Close', branch_action_at = now() from scale_branch sb where sb.id = b.id`,
    );
    const t = performance.now();
    await client.query('commit');
    console.log(`${'commit'.padEnd(60)} ${''.padStart(10)}       ${((performance.now() - t) / 1000).toFixed(1).padStart(7)} s`);
    await step('vacuum analyze', 'vacuum (analyze)');
    const counts =
      await client.query(`select (select count(*) from events)::bigint as events, (select count(*) from branch_offices)::int as branches,
      (select count(*) from users)::int as users, (select count(*) from check_ins)::int as check_ins, (select pg_size_pretty(pg_database_size(current_database()))) as size`);
    console.log('totals:', counts.rows[0]);
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

if (process.argv[1]?.endsWith('scale.ts')) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed:scale needs DATABASE_URL (PostgreSQL), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/vigil_scale');
    process.exit(2);
  }
  const started = performance.now();
  seedScale(url, parseScaleArgs(process.argv.slice(2)))
    .then(() => console.log(`scale seed done in ${((performance.now() - started) / 1000).toFixed(0)} s`))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    });
}
