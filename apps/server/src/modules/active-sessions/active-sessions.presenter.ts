/** The one JSON shape of an active session (spec §3 Active session, without Token). */
import type { ActiveSession, SessionWorksIn, TaskingInfo } from '@vigil/contract';
import type { ActiveTaskRow, SessionRow, WorksInRow } from './active-sessions.repository.js';

/** Presents a TaskingInfo (spec §3). */
export function presentTasking(t: ActiveTaskRow): TaskingInfo {
  return {
    TaskId: t.taskId,
    BranchOfficeId: t.branchOfficeId,
    BranchOfficeName: t.branchOfficeName,
    TemplateName: t.templateName,
    TaskingType: t.taskingType,
    Status: t.status,
    ItemsDone: t.itemsDone,
    ItemsTotal: t.itemsTotal,
    StartedAt: t.startedAt ? t.startedAt.toISOString() : null,
  };
}

/** Presents one session; never reads or returns a token. */
export function presentSession(
  s: SessionRow,
  worksIn: WorksInRow[],
  tasking: ActiveTaskRow | null,
  flags: { canEnd: boolean; isCurrent: boolean },
): ActiveSession {
  const w: SessionWorksIn[] = worksIn.map((x) => ({
    RegionalOfficeId: x.regionalOfficeId,
    RegionalOfficeName: x.regionalOfficeName,
    BranchOfficeId: x.branchOfficeId,
    BranchOfficeName: x.branchOfficeName,
    SecurityOfficeId: x.securityOfficeId,
    SecurityOfficeName: x.securityOfficeName,
  }));
  return {
    SessionId: s.sessionId,
    SessionType: s.sessionType,
    Date: s.createdAt.toISOString(),
    UserId: s.userId,
    Name: s.name,
    Surname: s.surname,
    RoleId: s.roleId,
    RoleName: s.roleName,
    OrganizationId: s.organizationId,
    OrganizationName: s.organizationName,
    PhoneNumber: s.phoneNumber,
    Email: s.email,
    UtcTimestamp: s.lastSeenAt.toISOString(),
    WorksIn: w,
    TaskingInfo: tasking ? presentTasking(tasking) : null,
    IsVideoChatRunning: false,
    BranchOfficeName: w.find((x) => x.BranchOfficeName)?.BranchOfficeName ?? null,
    RegionalOfficeName: w.find((x) => x.RegionalOfficeName)?.RegionalOfficeName ?? null,
    LastLogin: s.lastLogin ? s.lastLogin.toISOString() : null,
    CanEnd: flags.canEnd,
    IsCurrent: flags.isCurrent,
  };
}
