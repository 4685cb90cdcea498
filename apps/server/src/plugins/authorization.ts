/**
 * Server-side scope rules (ARCHITECTURE.md Authorization), all of them in this one file: which
 * organisations, regions, branches, security offices and employees a signed-in user may see, who
 * may write offices and employees, and which organisation a write acts on. The role comes from the
 * database row behind the session, never from the client.
 *
 * - role 2: its organisation. role 12 (dealer): the organisations it is assigned to.
 * - roles 5, 8: organisations monitored by the security office(s) they work in.
 * - role 9: branches of its region(s). role 6: its branch(es).
 * - mobile-only roles 7, 10, 11, 13 (mobile API only): the branches and regions they work in.
 * - writes of offices and employees: roles 2 and 12 (RoleGroup.OrganizationAdmins).
 * - task lists (spec §6): templates of the organisations in scope are read by roles 2, 12, 6, 9
 *   (RoleGroup.TaskLists; 5 and 8 have none) and written by 2 and 12; tasks are activated, cleared
 *   and force-ended by those roles at branches in their branch scope; mobile roles run the tasks of
 *   their branches. A template, branch or task outside the scope answers 404.
 *
 * Outside the scope a call answers 403 (organisations, writes) or 404 where existence itself is
 * private (branches, employees); nothing else is revealed.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { inRoleGroup, ManagementKey, RoleGroup, RoleId, StatusId } from '@vigil/contract';
import { rows, type Db } from '../db/client.js';
import { branchOffices, offices, organizationDealers, securityOffices, users } from '../db/schema/index.js';
import { badRequest, forbidden, notFound } from './errors.js';
import type { AuthContext } from './session.js';

/**
 * Whose scope: the signed-in user, or for a statement compiled once per role its user id and
 * organisation as placeholders (branches.repository.ts branchInScope; an organisation that is null
 * stays null: it changes the statement's shape).
 */
export type ScopeSubject = Pick<AuthContext, 'roleId'> & { organizationId: number | null | Placeholder; userId: number | Placeholder };

/** SQL condition: `branch_offices` rows the user may see. */
export function branchScope(auth: ScopeSubject): SQL {
  const b = branchOffices;
  switch (auth.roleId) {
    case RoleId.OrganizationAdmin:
      return auth.organizationId == null ? sql`false` : sql`${b.organizationId} = ${auth.organizationId}`;
    case RoleId.Dealer:
    case RoleId.SecurityOfficer:
    case RoleId.SecurityOperator:
      return sql`${b.organizationId} in (${organizationIdsSubquery(auth)})`;
    case RoleId.RegionalManager:
      return sql`${b.regionalOfficeId} in (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null)`;
    case RoleId.BranchManager:
      return sql`${b.id} in (select branch_office_id from works_in where user_id = ${auth.userId} and branch_office_id is not null)`;
    case RoleId.BranchStaff:
    case RoleId.TravelingStaff:
    case RoleId.NonRetailExecutive:
    case RoleId.NonRetailEmployee:
      return sql`(${b.id} in (select branch_office_id from works_in where user_id = ${auth.userId} and branch_office_id is not null)
        or ${b.regionalOfficeId} in (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null))`;
    default:
      return sql`false`;
  }
}

/** SQL subquery: ids of organisations the user may see (whole or in part). */
export function organizationIdsSubquery(auth: ScopeSubject): SQL {
  switch (auth.roleId) {
    case RoleId.OrganizationAdmin:
    case RoleId.BranchManager:
    case RoleId.BranchStaff:
    case RoleId.RegionalManager:
    case RoleId.TravelingStaff:
    case RoleId.NonRetailExecutive:
    case RoleId.NonRetailEmployee:
      return auth.organizationId == null ? sql`select null::int where false` : sql`select ${auth.organizationId}::int`;
    case RoleId.Dealer:
      return sql`select organization_id from organization_dealers where user_id = ${auth.userId}`;
    case RoleId.SecurityOfficer:
    case RoleId.SecurityOperator:
      return sql`select os.organization_id from organization_security_offices os
        join works_in w on w.security_office_id = os.security_office_id where w.user_id = ${auth.userId}`;
    default:
      return sql`select null::int where false`;
  }
}

/** 403 unless the organisation is in the user's scope (existence of others is not revealed). */
export async function assertOrganizationInScope(db: Db, auth: AuthContext, organizationId: number): Promise<void> {
  const found = await rows<{ ok: number }>(db, sql`select 1 as ok where ${organizationId}::int in (${organizationIdsSubquery(auth)})`);
  if (found.length === 0) throw forbidden();
}

/** SQL condition on `offices` (regional offices) the user may see. */
export function regionScope(auth: AuthContext): SQL {
  switch (auth.roleId) {
    case RoleId.RegionalManager:
      return sql`${offices.id} in (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null)`;
    case RoleId.BranchManager:
      return sql`${offices.id} in (select b.regional_office_id from branch_offices b join works_in w on w.branch_office_id = b.id where w.user_id = ${auth.userId})`;
    default:
      return sql`${offices.organizationId} in (${organizationIdsSubquery(auth)})`;
  }
}

/**
 * SQL condition on `security_offices` a user may see: security-office staff (5, 8) their own
 * offices, others the offices monitoring their organisations; null auth = platform admin (all).
 */
export function securityOfficeScope(auth: AuthContext | null): SQL {
  if (!auth) return sql`true`;
  if (inRoleGroup(RoleGroup.Security, auth.roleId)) {
    return sql`${securityOffices.id} in (select security_office_id from works_in where user_id = ${auth.userId} and security_office_id is not null)`;
  }
  return sql`${securityOffices.id} in (select security_office_id from organization_security_offices where organization_id in (${organizationIdsSubquery(auth)}))`;
}

/** SQL condition on `users u` (aliased u): employees the user may see. Platform admins are never listed. */
export function employeeScope(auth: AuthContext): SQL {
  const notAdmin = sql`u.role_id <> ${RoleId.PlatformAdmin}`;
  switch (auth.roleId) {
    case RoleId.OrganizationAdmin:
      // An equality (not `in (select …)`), so the (organization_id, surname, name, id) index gives the list order.
      return auth.organizationId == null ? sql`false` : sql`${notAdmin} and u.organization_id = ${auth.organizationId}`;
    case RoleId.Dealer:
      return sql`${notAdmin} and u.organization_id in (${organizationIdsSubquery(auth)})`;
    case RoleId.SecurityOfficer:
    case RoleId.SecurityOperator:
      // Staff of the user's security offices, and only of organisations those offices monitor.
      return sql`${notAdmin} and u.id in (select w2.user_id from works_in w2 where w2.security_office_id in
        (select security_office_id from works_in where user_id = ${auth.userId} and security_office_id is not null))
        and (u.organization_id is null or u.organization_id in (${organizationIdsSubquery(auth)}))`;
    case RoleId.RegionalManager:
      return sql`${notAdmin} and u.id in (select w2.user_id from works_in w2 left join branch_offices b2 on b2.id = w2.branch_office_id
        where coalesce(w2.regional_office_id, b2.regional_office_id) in
        (select regional_office_id from works_in where user_id = ${auth.userId} and regional_office_id is not null))`;
    case RoleId.BranchManager:
      return sql`${notAdmin} and u.id in (select w2.user_id from works_in w2 where w2.branch_office_id in
        (select branch_office_id from works_in where user_id = ${auth.userId} and branch_office_id is not null))`;
    default:
      return sql`false`;
  }
}

/**
 * SQL condition on `users` shown as the staff of a security office (its row's admins): the
 * platform admin (null auth) sees all; others see the office's own security staff (roles 5 and 8,
 * who belong to no organisation) and employees they may see anyway (employeeScope). An employee
 * of another organisation linked to the same office is never shown (issue 12 finding 6).
 */
export function securityOfficeStaffScope(auth: AuthContext | null): SQL {
  if (!auth) return sql`true`;
  return sql`((${users.roleId} in (${RoleId.SecurityOfficer}, ${RoleId.SecurityOperator}) and ${users.organizationId} is null)
    or ${users.id} in (select u.id from users u where ${employeeScope(auth)}))`;
}

/** Roles that manage their organisation's offices and employees: organisation admin (2) and dealer (12). */
export function canManage(auth: AuthContext): boolean {
  return inRoleGroup(RoleGroup.OrganizationAdmins, auth.roleId);
}

/** 403 unless the caller manages offices (checked before anything is looked up, so nothing leaks). */
export function assertCanManage(auth: AuthContext): void {
  if (!canManage(auth)) throw forbidden();
}

/**
 * The organisation a write acts on: the organisation admin's own; for a dealer the requested one
 * (required: 400 management.errors.organizationRequired; in its scope, else 403). Another
 * organisation answers 403.
 */
export async function targetOrganization(db: Db, auth: AuthContext, requested: number | null | undefined): Promise<number> {
  if (auth.roleId === RoleId.Dealer) {
    if (!requested) throw badRequest(ManagementKey.OrganizationRequired, 'organizationId');
    await assertOrganizationInScope(db, auth, requested);
    return requested;
  }
  if (auth.organizationId == null) throw forbidden();
  if (requested && requested !== auth.organizationId) throw forbidden();
  return auth.organizationId;
}

/**
 * The user `employeeId` if the caller may manage its account: an organisation admin (2) of the
 * user's organisation, or a dealer (12) assigned to it; never the caller itself.
 * @throws 404 otherwise (existence is private).
 */
export async function manageableUser(
  db: Db,
  auth: AuthContext,
  employeeId: number,
): Promise<{ id: number; statusId: number; organizationId: number }> {
  const [u] = await db
    .select({ id: users.id, statusId: users.statusId, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, employeeId))
    .limit(1);
  if (!u || u.organizationId == null || u.id === auth.userId) throw notFound();
  if (auth.roleId === RoleId.OrganizationAdmin && auth.organizationId === u.organizationId)
    return { ...u, organizationId: u.organizationId };
  if (auth.roleId === RoleId.Dealer) {
    const [d] = await db
      .select({ n: organizationDealers.userId })
      .from(organizationDealers)
      .where(and(eq(organizationDealers.organizationId, u.organizationId), eq(organizationDealers.userId, auth.userId)))
      .limit(1);
    if (d) return { ...u, organizationId: u.organizationId };
  }
  throw notFound();
}

/**
 * Whether the caller may act on another user's check-in at a branch in its scope (check out
 * someone else): the managers of branches and regions (RoleGroup.Managers, roles 6 and 9).
 */
export function mayActForOthersAtBranch(auth: Pick<AuthContext, 'roleId'>): boolean {
  return inRoleGroup(RoleGroup.Managers, auth.roleId);
}

/** Whether the user is a chat user of the consoles: the security-office roles 5 and 8 (spec §6). */
export function isChatUser(auth: Pick<AuthContext, 'roleId'>): boolean {
  return inRoleGroup(RoleGroup.Security, auth.roleId);
}

/** 403 unless the caller is a console chat user (roles 5, 8); checked before anything is looked up. */
export function assertChatUser(auth: AuthContext): void {
  if (!isChatUser(auth)) throw forbidden();
}

/**
 * SQL condition on `chat_sessions c` (aliased c) a console user may see (spec §7 Chat calls): the
 * mobile sessions of branches of organisations monitored by the caller's security offices (roles
 * 5, 8 only), and the officer-to-officer sessions it takes part in. Every other role: none.
 */
export function chatSessionScope(auth: AuthContext): SQL {
  if (!isChatUser(auth)) return sql`false`;
  return sql`((c.kind = 'mobile' and c.organization_id in (${organizationIdsSubquery(auth)}))
    or (c.kind = 'console' and ${auth.userId}::int in (c.caller_user_id, c.peer_user_id)))`;
}

/** SQL condition on `chat_sessions c`: the mobile caller's own sessions. */
export function callerChatScope(auth: Pick<AuthContext, 'userId'>): SQL {
  return sql`(c.kind = 'mobile' and c.caller_user_id = ${auth.userId})`;
}

/**
 * SQL condition on `users u`: the security officers (roles 5, 8) working in the caller's security
 * offices, the caller excluded (the Console dialog, startchatso).
 */
export function consoleOfficerScope(auth: AuthContext): SQL {
  if (!isChatUser(auth)) return sql`false`;
  return sql`u.id <> ${auth.userId} and u.role_id in (${sql.join(
    RoleGroup.Security.map((r) => sql`${r}::int`),
    sql`, `,
  )}) and u.id in (select w2.user_id from works_in w2 where w2.security_office_id in
      (select security_office_id from works_in where user_id = ${auth.userId} and security_office_id is not null))`;
}

/** Whether the user is a video user of the consoles: the security-office roles 5 and 8 (spec §6). */
export function isVideoUser(auth: Pick<AuthContext, 'roleId'>): boolean {
  return inRoleGroup(RoleGroup.Security, auth.roleId);
}

/** 403 unless the caller is a console video user (roles 5, 8); checked before anything is looked up. */
export function assertVideoUser(auth: AuthContext): void {
  if (!isVideoUser(auth)) throw forbidden();
}

/**
 * SQL condition on `calls k` (aliased k) a console user may see (spec §6, issue 15): the calls of
 * branches of organisations monitored by the caller's security offices (roles 5, 8 only). Every
 * other role: none.
 */
export function callScope(auth: AuthContext): SQL {
  if (!isVideoUser(auth)) return sql`false`;
  return sql`k.organization_id in (${organizationIdsSubquery(auth)})`;
}

/** SQL condition on `calls k`: the mobile caller's own calls. */
export function callerCallScope(auth: Pick<AuthContext, 'userId'>): SQL {
  return sql`k.caller_user_id = ${auth.userId}::int`;
}

/**
 * SQL condition on `users u`: who may receive a transfer of a call of organisation
 * `organizationId`: another security officer (roles 5, 8) of a security office monitoring it.
 * (Being online is checked by the caller against presence.)
 */
export function callTransferTargetScope(auth: AuthContext, organizationId: number): SQL {
  if (!isVideoUser(auth)) return sql`false`;
  return sql`u.id <> ${auth.userId}::int and u.status_id = ${StatusId.Active} and u.role_id in (${sql.join(
    RoleGroup.Security.map((r) => sql`${r}::int`),
    sql`, `,
  )}) and u.id in (select w.user_id from works_in w join organization_security_offices os
      on os.security_office_id = w.security_office_id where os.organization_id = ${organizationId}::int)`;
}

/** 403 unless the role has the task lists (spec §6: 2, 12, 6, 9; roles 5 and 8 have none). */
export function assertTaskListRole(auth: Pick<AuthContext, 'roleId'>): void {
  if (!inRoleGroup(RoleGroup.TaskLists, auth.roleId)) throw forbidden();
}

/**
 * SQL condition on `task_list_templates` (aliased t): templates of the organisations in the
 * user's scope; library templates (no organisation) are never in it.
 */
export function templateScope(auth: ScopeSubject): SQL {
  return sql`t.organization_id in (${organizationIdsSubquery(auth)})`;
}

/**
 * The template `templateId` if it belongs to an organisation in scope, for a write also one the
 * caller manages (roles 2 and 12). @throws 404 otherwise (existence is private), 403 for a role
 * without the task lists.
 */
export async function templateInScope(db: Db, auth: AuthContext, templateId: number, write: boolean): Promise<{ organizationId: number }> {
  assertTaskListRole(auth);
  if (write) assertCanManage(auth);
  const [t] = await rows<{ organizationId: number }>(
    db,
    sql`select t.organization_id as "organizationId" from task_list_templates t where t.id = ${templateId} and ${templateScope(auth)}`,
  );
  if (!t) throw notFound();
  return t;
}

/** SQL condition on `tasks` (aliased k): tasks run at branches in the user's branch scope. */
export function taskScope(auth: ScopeSubject): SQL {
  return sql`k.branch_office_id in (select ${branchOffices.id} from ${branchOffices} where ${branchScope(auth)})`;
}

/**
 * SQL condition on `surveys` (aliased sv): surveys a user may see (surveys feature, spec §6: no
 * survey list for 5 and 8). Roles 2 and 12: their organisations' surveys; managers (6, 9): surveys
 * assigned to a branch in their scope; everybody else: none.
 */
export function surveyScope(auth: AuthContext): SQL {
  if (inRoleGroup(RoleGroup.OrganizationAdmins, auth.roleId)) return sql`sv.organization_id in (${organizationIdsSubquery(auth)})`;
  if (inRoleGroup(RoleGroup.Managers, auth.roleId)) {
    return sql`sv.id in (select sb.survey_id from survey_branches sb join branch_offices on branch_offices.id = sb.branch_office_id where ${branchScope(auth)})`;
  }
  return sql`false`;
}

/** 403 unless the caller may build, schedule and assign surveys: roles 2 and 12 (RoleGroup.OrganizationAdmins). */
export function assertCanManageSurveys(auth: AuthContext): void {
  if (!inRoleGroup(RoleGroup.OrganizationAdmins, auth.roleId)) throw forbidden();
}

/**
 * 403 unless the caller may add or delete a branch's external survey users: roles 2 and 12, and
 * the managers (6, 9) of the branch (the branch itself is then checked against branchScope).
 */
export function assertCanManageExternalUsers(auth: AuthContext): void {
  if (!inRoleGroup(RoleGroup.OrganizationAdmins, auth.roleId) && !inRoleGroup(RoleGroup.Managers, auth.roleId)) throw forbidden();
}

/**
 * SQL condition on `users u`: staff who may be chosen for a survey of `organizationId` — to take
 * it in the app (`take`: active users of the organisation with a mobile role) or to be notified
 * (`notify`: active users of the organisation who use the console: roles 2, 6, 9).
 */
export function surveyPeopleScope(organizationId: number, purpose: 'take' | 'notify'): SQL {
  const roles = purpose === 'take' ? RoleGroup.Mobile : [RoleId.OrganizationAdmin, RoleId.BranchManager, RoleId.RegionalManager];
  return sql`u.organization_id = ${organizationId} and u.status_id = ${StatusId.Active} and u.role_id in (${sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

/**
 * Security phrases (spec §3 Security phrase): how the caller may use the phrases of
 * `requested` organisation. Organisation admins (2; 12 naming the organisation) manage them
 * (`manage: true`, expired ones included); the monitoring security offices' roles 5 and 8 read the
 * current phrases of an organisation their offices monitor (`organizationId` required: 400
 * management.errors.organizationRequired). Every other role, and an organisation out of scope: 403.
 */
export async function phraseOrganization(
  db: Db,
  auth: AuthContext,
  requested: number | null | undefined,
): Promise<{ organizationId: number; manage: boolean }> {
  if (canManage(auth)) return { organizationId: await targetOrganization(db, auth, requested), manage: true };
  if (!isChatUser(auth)) throw forbidden();
  if (!requested) throw badRequest(ManagementKey.OrganizationRequired, 'organizationId');
  await assertOrganizationInScope(db, auth, requested);
  return { organizationId: requested, manage: false };
}

/**
 * SQL condition on `security_phrases p` (aliased p) a user may read: admins (2, 12) every phrase of
 * the organisations they manage; roles 5, 8 the current phrases (no expiry, or expiring after
 * `now`) of organisations their offices monitor; everybody else none.
 */
export function phraseScope(auth: AuthContext, now: Date): SQL {
  if (canManage(auth)) return sql`p.organization_id in (${organizationIdsSubquery(auth)})`;
  if (!isChatUser(auth)) return sql`false`;
  return sql`p.organization_id in (${organizationIdsSubquery(auth)}) and (p.expires_at is null or p.expires_at > ${now.toISOString()}::timestamptz)`;
}
