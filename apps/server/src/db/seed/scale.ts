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
 * - `branches` branches spread over the organisations, timers 15 min, auto-close 20:00.
 * - `employees` users: the admins, one branch manager per branch, the rest branch staff.
 * - For every branch and working local day of the last `days` days: an opening (early / on time /
 *   late, about 10 % late and 8 % early; 2 % missed with a 'Not Opened' notification), a closing
 *   (3 % forgotten: 'Not Closed' then closed by the system at 20:00), two check-ins and check-outs
 *   of staff, a service on 15 % of days, an alarm on 0.5 %, vault accesses at every tenth branch,
 *   timers with pings on 5 % of days and a submitted survey on 10 %. Local wall times are turned
 *   into instants by PostgreSQL (`timestamp at time zone zone`), so DST days are right.
 * Events are written under the event-log advisory lock (event-log.ts) without NOTIFY: history.
 * Refuses to run twice unless `--reset` (which deletes the "Scale" organisations first).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../client.js';
import { ensureReferenceData } from '../reference-data.js';
import { hashSecret } from '../../modules/auth/passwords.js';
import { EVENT_LOG_LOCK } from '../../modules/realtime/event-log.js';

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
    if (a === '--reset') { o.reset = true; continue; }
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
    console.log(`${label.padEnd(44)} ${String(r.rowCount ?? '').padStart(10)} rows  ${((performance.now() - t) / 1000).toFixed(1).padStart(7)} s`);
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
    await client.query('select pg_advisory_xact_lock($1)', [EVENT_LOG_LOCK]);
    await step('security office', `insert into security_offices (name, code, time_zone, status_id) values ('Scale Monitoring', 'SO-SCALE', 'UTC', 1)`);
    await step('organisations', `insert into organizations (name, status_id, city, country)
      select 'Scale Bank ' || n, 1, 'City ' || n, 'US' from generate_series(1, $1) n`, [o.orgs]);
    await client.query(`create temp table scale_org on commit drop as
      select o.id, row_number() over (order by o.id) as n,
        (array['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/Tirane'])[1 + (row_number() over (order by o.id))::int % 4] as tz
      from organizations o where o.name like 'Scale Bank %'`);
    await step('organisation ↔ security office', `insert into organization_security_offices (organization_id, security_office_id)
      select id, (select id from security_offices where code = 'SO-SCALE') from scale_org`);
    await step('week schedules', `insert into week_schedules (organization_id, name) select id, 'Scale week' from scale_org`);
    await step('week schedule days', `insert into week_schedule_days (week_schedule_id, weekday, opens_at, closes_at)
      select ws.id, d, case when d = 6 then '09:00'::time else '08:00'::time end, case when d = 6 then '13:00'::time else '16:00'::time end
      from week_schedules ws join scale_org so on so.id = ws.organization_id cross join generate_series(1, 6) d`);
    await step('holiday templates', `insert into holiday_templates (organization_id, name) select id, 'Scale holidays' from scale_org`);
    await step('holidays', `insert into holidays (holiday_template_id, day, name)
      select ht.id, make_date(y, 1, 1), 'New Year' from holiday_templates ht join scale_org so on so.id = ht.organization_id
      cross join generate_series(extract(year from now())::int - 1, extract(year from now())::int) y`);
    await step('regions', `insert into offices (organization_id, office_type_id, name, code, time_zone, status_id)
      select so.id, 2, 'Scale Region ' || so.n || '-' || r, 'R' || r, so.tz, 1 from scale_org so cross join generate_series(1, 5) r`);
    await step('branches', `insert into branch_offices (organization_id, regional_office_id, branch_office_type_id, security_office_id, name, code, time_zone,
        week_schedule_id, holiday_template_id, opening_timer, closing_timer, servicing_timer, auto_close_time, latitude, longitude, geofence_radius, status_id)
      select so.id,
        (select id from offices where organization_id = so.id and office_type_id = 2 order by id offset (b % 5) limit 1),
        (select id from branch_office_types where type = 'BRANCH'),
        (select id from security_offices where code = 'SO-SCALE'),
        'Scale Branch ' || lpad(b::text, 5, '0'), 'B' || b, so.tz,
        (select id from week_schedules where organization_id = so.id), (select id from holiday_templates where organization_id = so.id),
        15, 15, 60, '20:00', 30 + random() * 15, -120 + random() * 100, 200, 1
      from generate_series(1, $1) b join scale_org so on so.n = 1 + (b % $2)`, [o.branches, o.orgs]);
    await client.query(`create temp table scale_branch on commit drop as
      select b.id, b.organization_id, b.regional_office_id, b.time_zone, b.latitude, b.longitude, row_number() over (order by b.id) as n
      from branch_offices b join scale_org so on so.id = b.organization_id`);
    await client.query('create index on scale_branch (n)');
    await step('organisation admins', `insert into users (organization_id, role_id, name, surname, email, status_id, password_hash, lang_id)
      select id, 2, 'Admin', 'Scale ' || n, 'scale-admin-' || n || '@scale.test', 1, $1, 'en' from scale_org`, [passwordHash]);
    await step('branch managers and staff', `insert into users (organization_id, role_id, name, surname, email, status_id, password_hash, pin_hash, lang_id, number)
      select sb.organization_id, case when u <= $2 then 6 else 7 end,
        (array['Alex', 'Blerta', 'Chris', 'Dana', 'Erion', 'Fatima', 'Gent', 'Hana'])[1 + u % 8], 'Employee ' || u,
        'scale-' || u || '@scale.test', 1, $1, $3, 'en', 'S' || u::text
      from generate_series(1, $4) u join scale_branch sb on sb.n = 1 + ((u - 1) % $2)`, [passwordHash, o.branches, pinHash, o.employees - o.orgs]);
    await step('works_in', `insert into works_in (user_id, branch_office_id)
      select u.id, sb.id from users u join scale_branch sb on sb.n = 1 + ((substring(u.email from 'scale-(\\d+)@')::int - 1) % $1)
      where u.email ~ '^scale-\\d+@scale.test$'`, [o.branches]);
    // One row per branch and working local day, with the day's random draws.
    await client.query(`create temp table scale_day on commit drop as
      select sb.id as branch_id, sb.organization_id, sb.regional_office_id, sb.time_zone, sb.latitude, sb.longitude, sb.n, d::date as day,
        ((d::date + wsd.opens_at) at time zone sb.time_zone) as opens, ((d::date + wsd.closes_at) at time zone sb.time_zone) as closes,
        ((d::date + '20:00'::time) at time zone sb.time_zone) as auto_close,
        random() as r1, random() as r2, random() as r3, random() as r4,
        (select w.user_id from works_in w where w.branch_office_id = sb.id order by w.user_id limit 1) as manager,
        (select w.user_id from works_in w where w.branch_office_id = sb.id order by w.user_id offset 1 limit 1) as staff
      from scale_branch sb
      join branch_offices b on b.id = sb.id
      cross join generate_series(((now() at time zone 'UTC')::date - $1::int)::timestamp, ((now() at time zone 'UTC')::date - 1)::timestamp, interval '1 day') d
      join week_schedule_days wsd on wsd.week_schedule_id = b.week_schedule_id and wsd.weekday = extract(isodow from d)
      where not exists (select 1 from holidays h where h.holiday_template_id = b.holiday_template_id and h.day = d::date)`, [o.days]);
    await client.query(`alter table scale_day add column open_at timestamptz, add column close_at timestamptz`);
    await step('working days drawn', `update scale_day set
      open_at = case when r1 < 0.02 then null else opens + make_interval(mins => case when r2 < 0.10 then 20 + (r3 * 20)::int when r2 < 0.18 then -6 - (r3 * 6)::int else -4 + (r3 * 13)::int end) end,
      close_at = case when r4 < 0.03 then auto_close else closes + make_interval(mins => case when r2 > 0.92 then 20 + (r3 * 25)::int when r2 > 0.84 then -6 - (r3 * 9)::int else -3 + (r3 * 15)::int end) end`);
    const punct = (at: string, sched: string) => `case when ${at} < ${sched} - interval '5 minutes' then 'early' when ${at} > ${sched} + interval '15 minutes' then 'late' else 'ontime' end`;
    const evCols = 'kind, organization_id, regional_office_id, branch_office_id, user_id, branch_action, notification_type, is_closed_by_system, security_alert, punctuality, latitude, longitude, message_content, payload, occurred_at, created_at';
    await step('events: openings', `insert into events (${evCols})
      select 'BRANCH_ACTION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), 'Open', null, false, false, ${punct('open_at', 'opens')}, latitude, longitude, null, '{}'::jsonb, open_at, open_at
      from scale_day where open_at is not null`);
    await step('events: not opened', `insert into events (${evCols})
      select 'NOTIFICATION', organization_id, regional_office_id, branch_id, manager, 'Not Opened', 0, false, false, null, latitude, longitude, null, '{}'::jsonb, opens + interval '15 minutes', opens + interval '15 minutes'
      from scale_day where open_at is null`);
    await step('events: closings', `insert into events (${evCols})
      select 'BRANCH_ACTION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), 'Close', null, r4 < 0.03, false,
        case when r4 < 0.03 then 'late' else ${punct('close_at', 'closes')} end, latitude, longitude, null, '{}'::jsonb, close_at, close_at
      from scale_day where open_at is not null`);
    await step('events: not closed', `insert into events (${evCols})
      select 'NOTIFICATION', organization_id, regional_office_id, branch_id, manager, 'Not Closed', 0, false, false, null, latitude, longitude, null, '{}'::jsonb, closes + interval '15 minutes', closes + interval '15 minutes'
      from scale_day where open_at is not null and r4 < 0.03`);
    await step('events: services (and re-openings)', `insert into events (${evCols})
      select 'BRANCH_ACTION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), a.action, null, false, false, null, latitude, longitude,
        case when a.action = 'Service' then 'Cash-in-transit delivery' end, '{}'::jsonb, open_at + a.after, open_at + a.after
      from scale_day cross join (values ('Service', interval '2 hours'), ('Open', interval '2 hours 40 minutes')) a(action, after)
      where open_at is not null and r3 < 0.15 and open_at + interval '3 hours' < closes`);
    await step('events: alarms', `insert into events (${evCols})
      select 'NOTIFICATION', organization_id, regional_office_id, branch_id, coalesce(staff, manager), k.action, k.type, false, k.alert, null, latitude, longitude, 'Scale incident', '{}'::jsonb,
        open_at + interval '3 hours', open_at + interval '3 hours'
      from scale_day join (values (0, 'Trouble', 2::smallint, false), (1, 'Panic', 10::smallint, true), (2, 'Alarm', 15::smallint, false), (3, 'Duress', 11::smallint, true)) k(i, action, type, alert)
        on k.i = (n % 4) where open_at is not null and r1 > 0.995`);
    await step('check-ins', `insert into check_ins (user_id, branch_office_id, check_in_at, check_out_at, checked_out_by, latitude, longitude, horizontal_accuracy, inside_geofence)
      select u.user_id, branch_id, open_at - interval '12 minutes', close_at + interval '6 minutes', u.user_id, latitude + 0.0003, longitude + 0.0003, 5 + (r2 * 20)::int, r3 > 0.05
      from scale_day cross join lateral (values (manager), (staff)) u(user_id) where open_at is not null and u.user_id is not null`);
    await step('events: check-ins and check-outs', `insert into events (${evCols})
      select k.kind, b.organization_id, b.regional_office_id, c.branch_office_id, c.user_id, k.action, null, false, false, null, c.latitude, c.longitude, null,
        jsonb_build_object('insideGeofence', c.inside_geofence, 'horizontalAccuracy', c.horizontal_accuracy), k.at, k.at
      from check_ins c join scale_branch b on b.id = c.branch_office_id
      cross join lateral (values ('CHECKIN', 'Check In', c.check_in_at), ('CHECKOUT', 'Check Out', c.check_out_at)) k(kind, action, at)`);
    await step('events: vault accesses', `insert into events (${evCols})
      select 'VAULT_ACCESS', organization_id, regional_office_id, branch_id, coalesce(staff, manager), case when a.action = 'OPEN' then 'Vault Open' else 'Vault Close' end,
        null, false, false, null, latitude, longitude, null, jsonb_build_object('vaultName', 'Main vault', 'action', a.action), open_at + a.after, open_at + a.after
      from scale_day cross join (values ('OPEN', interval '5 minutes'), ('CLOSE', interval '45 minutes')) a(action, after)
      where open_at is not null and n % 10 = 0`);
    await step('timers', `insert into timers (user_id, branch_office_id, timer_for_action, started_at, duration_seconds, expires_at, stopped_at, safe_stopped, alerted)
      select coalesce(staff, manager), branch_id, 'Night deposit', close_at + interval '10 minutes', 3600, close_at + interval '70 minutes',
        case when r2 < 0.9 then close_at + make_interval(mins => 20 + (r3 * 30)::int) end, r2 < 0.9, r2 >= 0.9
      from scale_day where open_at is not null and r1 > 0.95`);
    await step('timer pings', `insert into timer_pings (timer_id, at, latitude, longitude, horizontal_accuracy)
      select t.id, t.started_at + make_interval(mins => p * 10), b.latitude + p * 0.0002, b.longitude, 8
      from timers t join scale_branch b on b.id = t.branch_office_id cross join generate_series(0, 2) p`);
    await step('surveys', `insert into surveys (organization_id, name, description, notify_recomandation, non_notify_recomandation, questions)
      select id, 'Scale opening survey', 'Checks before opening', 'Call the security office', 'Carry on',
        '[{"QuestionId":1,"Question":"Is the entrance intact?","Answers":[{"Option":"Yes"},{"Option":"No","EndSurveyWithNotification":true}]}]'::jsonb
      from scale_org`);
    await step('submitted surveys', `insert into submitted_surveys (survey_id, user_id, branch_office_id, organization_id, answers, end_with_notification, created_at)
      select (select id from surveys where organization_id = d.organization_id limit 1), coalesce(staff, manager), branch_id, organization_id,
        jsonb_build_array(jsonb_build_object('QuestionId', 1, 'Answer', case when r4 < 0.02 then 'No' else 'Yes' end)), r4 < 0.02, open_at - interval '3 minutes'
      from scale_day d where open_at is not null and r3 > 0.9`);
    await step('branch states', `update branch_offices b set branch_action = 'Close', branch_action_at = now() from scale_branch sb where sb.id = b.id`);
    const t = performance.now();
    await client.query('commit');
    console.log(`${'commit'.padEnd(44)} ${''.padStart(10)}       ${((performance.now() - t) / 1000).toFixed(1).padStart(7)} s`);
    await step('analyze', 'analyze');
    const counts = await client.query(`select (select count(*) from events)::bigint as events, (select count(*) from branch_offices)::int as branches,
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
