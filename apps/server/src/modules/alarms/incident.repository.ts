/**
 * SQL of the incident view (issue 13; POST /api/client/getalarmincident): the security offices
 * watching a branch, the people there now, the alarm's logging instant and the events at the
 * branch from the alarm on. Scope is checked by the service before any of these is read.
 */
import { sql } from 'drizzle-orm';
import { EventKind } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { EVENT_ROW_COLUMNS, type EventRow } from '../realtime/event.presenter.js';

export interface SecurityOfficeRaw {
  id: number;
  name: string;
  phone_number: string | null;
  own: boolean;
}

/** The branch's own security office and those monitoring its organisation, the branch's own first. */
export function watchingOffices(db: Db, branchOfficeId: number): Promise<SecurityOfficeRaw[]> {
  return rows<SecurityOfficeRaw>(
    db,
    sql`select so.id, so.name, so.phone_number, coalesce(so.id = b.security_office_id, false) as own
        from branch_offices b join security_offices so
          on so.id = b.security_office_id
          or so.id in (select security_office_id from organization_security_offices where organization_id = b.organization_id)
        where b.id = ${branchOfficeId}
        order by 4 desc, so.name, so.id`,
  );
}

export interface PersonRaw {
  id: number;
  name: string;
  surname: string;
  role_id: number;
  role_name: string | null;
  phone_number: string | null;
  checked_in_at: Date | string | null;
  session_types: string[] | null;
  last_seen: Date | string | null;
}

/**
 * The people at a branch now, as the server knows it: an open check-in there (not checked out),
 * or an open session (web or app; not ended, not expired, not an admin session) of a user who
 * works at the branch. Checked-in people first (earliest first), then by surname and name.
 */
export function peopleAt(db: Db, branchOfficeId: number): Promise<PersonRaw[]> {
  return rows<PersonRaw>(
    db,
    sql`with here as (
          select c.user_id, min(c.check_in_at) as checked_in_at from check_ins c
          where c.branch_office_id = ${branchOfficeId} and c.check_out_at is null group by c.user_id
        ), signed as (
          select s.user_id, array_agg(distinct s.session_type) as session_types, max(s.last_seen_at) as last_seen from sessions s
          where s.ended_at is null and s.expires_at > now() and not s.is_admin
            and s.user_id in (select w.user_id from works_in w where w.branch_office_id = ${branchOfficeId})
          group by s.user_id
        )
        select u.id, u.name, u.surname, u.role_id, r.role_name_display as role_name, u.phone_number, here.checked_in_at,
          signed.session_types, signed.last_seen
        from users u left join roles r on r.id = u.role_id
        left join here on here.user_id = u.id left join signed on signed.user_id = u.id
        where here.user_id is not null or signed.user_id is not null
        order by here.checked_in_at nulls last, u.surname, u.name, u.id
        limit 500`,
  );
}

/** When the alarm's row was written to the log (the instant consoles could show it). */
export async function loggedAt(db: Db, eventId: number): Promise<Date> {
  const [r] = await rows<{ created_at: Date | string }>(db, sql`select created_at from events where id = ${eventId}`);
  return new Date(r!.created_at);
}

/** An event kind as an SQL literal (a contract constant, never user text). */
const kind = (k: string) => sql.raw(`'${k}'`);

/**
 * Events at branch `branchOfficeId` with id ≥ `fromId` (the alarm and everything logged after it),
 * oldest first, at most `limit`, that a console of the caller receives (dispatcher.ts `receives`:
 * audience 'all', 'security' too for `security`, or the caller named as a recipient); timer pings
 * and ENS delivery states left out (the timeline names the timer and the message once).
 */
export function branchEventsFrom(
  db: Db,
  branchOfficeId: number,
  fromId: number,
  opts: { security: boolean; userId: number; limit: number },
): Promise<EventRow[]> {
  const audiences = opts.security ? `{all,security}` : `{all}`;
  return rows<EventRow>(
    db,
    sql`select ${EVENT_ROW_COLUMNS}
        from events e left join users u on u.id = e.user_id
        where e.branch_office_id = ${branchOfficeId} and e.id >= ${fromId}
          and e.kind not in (${kind(EventKind.TimerPing)}, ${kind(EventKind.EnsStatus)})
          and (e.audience = any(${audiences}::text[]) or ${opts.userId}::int = any(e.recipient_user_ids))
        order by e.id
        limit ${opts.limit}`,
  );
}
