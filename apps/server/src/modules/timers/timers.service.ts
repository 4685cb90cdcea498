/**
 * The timers running now (spec §4 Timers, docs/API.md "Timers" gettimers): what a console opened in
 * the middle of a lone-worker timer needs before the socket's START / CHECKINOUT /
 * STOP-CHECKINOUT-PINGS events keep it live. Scope as the socket's: a timer at a branch by
 * branchScope, one of no branch by its user's organisation (organizationIdsSubquery).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { RunningTimer } from '@vigil/contract';
import { rows } from '../../db/client.js';
import { branchOffices } from '../../db/schema/index.js';
import { branchScope, organizationIdsSubquery } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Every running (not stopped) timer in the caller's scope, soonest expiry first, each with its
 * latest `app.config.timerTrailPings` pings oldest first. Never throws for scope: out of scope is absent.
 */
export async function runningTimers(app: FastifyInstance, auth: AuthContext): Promise<RunningTimer[]> {
  const found = await rows<{
    id: number;
    action: string;
    userId: number;
    name: string;
    surname: string;
    branchId: number | null;
    branchName: string | null;
    orgId: number | null;
    startedAt: Date | string;
    duration: number;
    expiresAt: Date | string;
    alerted: boolean;
  }>(
    app.db,
    sql`select t.id, t.timer_for_action as action, t.user_id as "userId", u.name, u.surname,
          t.branch_office_id as "branchId", b.name as "branchName", coalesce(b.organization_id, u.organization_id) as "orgId",
          t.started_at as "startedAt", t.duration_seconds as duration, t.expires_at as "expiresAt", t.alerted
        from timers t join users u on u.id = t.user_id
        left join ${branchOffices} b on b.id = t.branch_office_id
        where t.stopped_at is null
          and ((t.branch_office_id is not null and t.branch_office_id in (select ${branchOffices.id} from ${branchOffices} where ${branchScope(auth)}))
            or (t.branch_office_id is null and u.organization_id in (${organizationIdsSubquery(auth)})))
        order by t.expires_at, t.id`,
  );
  if (found.length === 0) return [];
  const ids = `{${found.map((t) => t.id).join(',')}}`;
  const pings = await rows<{ timerId: number; lat: number; lng: number; acc: number | null; at: Date | string }>(
    app.db,
    sql`select p.timer_id as "timerId", p.latitude as lat, p.longitude as lng, p.horizontal_accuracy as acc, p.at
        from (select timer_id, latitude, longitude, horizontal_accuracy, at, id,
                row_number() over (partition by timer_id order by at desc, id desc) as n
              from timer_pings where timer_id = any(${ids}::int[])) p
        where p.n <= ${app.config.timerTrailPings}
        order by p.timer_id, p.at, p.id`,
  );
  const trails = new Map<number, RunningTimer['Trail']>();
  for (const p of pings) {
    const list = trails.get(p.timerId) ?? [];
    list.push({ Latitude: p.lat, Longitude: p.lng, HorizontalAccuracy: p.acc, AtUTC: iso(p.at) });
    trails.set(p.timerId, list);
  }
  return found.map((t) => {
    const trail = trails.get(t.id) ?? [];
    return {
      TimerId: t.id,
      TimerForAction: t.action,
      UserId: t.userId,
      Name: t.name,
      Surname: t.surname,
      BranchOfficeId: t.branchId,
      BranchOfficeName: t.branchName,
      OrganizationId: t.orgId,
      StartedAtUTC: iso(t.startedAt),
      DurationSeconds: t.duration,
      ExpiresAtUTC: iso(t.expiresAt),
      Alerted: t.alerted,
      LastPingUTC: trail.length ? trail[trail.length - 1]!.AtUTC : iso(t.startedAt),
      Trail: trail,
    };
  });
}
