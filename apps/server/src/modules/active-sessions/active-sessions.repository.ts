/** SQL of the active sessions list (spec §3 Active session): sessions, WorksIn, the branches' active tasks. */
import { sql, type SQL } from 'drizzle-orm';
import { ACTIVE_TASK_STATUSES, type TaskingType, type TaskStatus } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';

export interface SessionRow {
  sessionId: number;
  sessionType: string;
  createdAt: Date;
  lastSeenAt: Date;
  userId: number;
  name: string;
  surname: string;
  roleId: number;
  roleName: string;
  organizationId: number | null;
  organizationName: string | null;
  phoneNumber: string | null;
  email: string;
  lastLogin: Date | null;
}

/** Open sessions (not ended, not expired) of users matching `userScope` (a condition on `users u`), newest activity first. */
export async function openSessions(db: Db, userScope: SQL): Promise<SessionRow[]> {
  const list = await rows<SessionRow>(
    db,
    sql`select s.id as "sessionId", s.session_type as "sessionType", s.created_at as "createdAt", s.last_seen_at as "lastSeenAt",
      u.id as "userId", u.name, u.surname, u.role_id as "roleId", r.role_name_display as "roleName",
      u.organization_id as "organizationId", o.name as "organizationName", u.phone_number as "phoneNumber", u.email,
      u.last_login as "lastLogin"
      from sessions s join users u on u.id = s.user_id
      left join roles r on r.id = u.role_id left join organizations o on o.id = u.organization_id
      where s.ended_at is null and s.expires_at > now() and not s.is_admin and ${userScope}
      order by s.last_seen_at desc, s.id desc limit 2000`,
  );
  return list.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    lastSeenAt: new Date(r.lastSeenAt),
    lastLogin: r.lastLogin == null ? null : new Date(r.lastLogin),
  }));
}

export interface WorksInRow {
  userId: number;
  regionalOfficeId: number | null;
  regionalOfficeName: string | null;
  branchOfficeId: number | null;
  branchOfficeName: string | null;
  securityOfficeId: number | null;
  securityOfficeName: string | null;
}

/** WorksIn of the users (a branch's region is given with the branch). */
export async function worksInOf(db: Db, userIds: readonly number[]): Promise<WorksInRow[]> {
  if (userIds.length === 0) return [];
  return rows<WorksInRow>(
    db,
    sql`select w.user_id as "userId", coalesce(w.regional_office_id, b.regional_office_id) as "regionalOfficeId", f.name as "regionalOfficeName",
      w.branch_office_id as "branchOfficeId", b.name as "branchOfficeName", w.security_office_id as "securityOfficeId", so.name as "securityOfficeName"
      from works_in w left join branch_offices b on b.id = w.branch_office_id
      left join offices f on f.id = coalesce(w.regional_office_id, b.regional_office_id)
      left join security_offices so on so.id = w.security_office_id
      where w.user_id in (${sql.join(
        userIds.map((i) => sql`${i}::int`),
        sql`, `,
      )}) order by w.user_id, b.name nulls last, f.name nulls last`,
  );
}

export interface ActiveTaskRow {
  taskId: number;
  branchOfficeId: number;
  branchOfficeName: string;
  templateName: string;
  taskingType: TaskingType;
  status: TaskStatus;
  itemsDone: number;
  itemsTotal: number;
  startedAt: Date | null;
}

/** The newest active task (ACTIVATED, RUNNING, PAUSED) of each branch, with its items done / total. */
export async function activeTasksOf(db: Db, branchIds: readonly number[]): Promise<ActiveTaskRow[]> {
  if (branchIds.length === 0) return [];
  const list = await rows<ActiveTaskRow>(
    db,
    sql`select distinct on (k.branch_office_id) k.id as "taskId", k.branch_office_id as "branchOfficeId", b.name as "branchOfficeName",
      k.template_name as "templateName", k.tasking_type as "taskingType", k.status, k.started_at as "startedAt",
      (select count(*)::int from task_items i where i.task_id = k.id and i.ended_at is not null) as "itemsDone",
      (select count(*)::int from task_items i where i.task_id = k.id) as "itemsTotal"
      from tasks k join branch_offices b on b.id = k.branch_office_id
      where k.branch_office_id in (${sql.join(
        branchIds.map((i) => sql`${i}::int`),
        sql`, `,
      )}) and k.status in (${sql.join(
        ACTIVE_TASK_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
      order by k.branch_office_id, k.id desc`,
  );
  return list.map((r) => ({
    ...r,
    itemsDone: Number(r.itemsDone),
    itemsTotal: Number(r.itemsTotal),
    startedAt: r.startedAt ? new Date(r.startedAt) : null,
  }));
}
