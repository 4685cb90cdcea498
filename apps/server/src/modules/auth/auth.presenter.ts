/** JSON shapes of spec §3 "Login result" and "Session" (UserInfos). */
import { MOBILE_VERSIONS, WEB_VERSION_LABEL, roleById, type LoginResult, type UserInfos } from '@vigil/contract';

export interface SessionUserRow {
  userId: number;
  roleId: number;
  email: string;
  name: string;
  surname: string;
  phoneNumber: string | null;
  langId: string;
  organizationId: number | null;
  organizationName: string | null;
  mustChangePassword: boolean;
}

/**
 * The session's UserInfos (spec §3). `lastEventId` is the event log's position now
 * (app.dispatcher.cursor; UserInfos.LastEventId).
 */
export function presentUserInfos(u: SessionUserRow, token: string, lastEventId: number): UserInfos {
  const role = roleById(u.roleId);
  return {
    Token: token,
    UserId: u.userId,
    Email: u.email,
    RoleId: u.roleId,
    RoleName: role?.RoleName ?? String(u.roleId),
    RoleNameDisplay: role?.RoleNameDisplay ?? String(u.roleId),
    Name: u.name,
    Surname: u.surname,
    PhoneNumber: u.phoneNumber,
    LangId: u.langId,
    OrganizationId: u.organizationId,
    OrganizationName: u.organizationName,
    MustChangePassword: u.mustChangePassword,
    LastEventId: lastEventId,
  };
}

export function presentLoginResult(
  u: SessionUserRow,
  token: string,
  opts: { isAdmin: boolean; securityOffices: { Id: number; Name: string }[]; lastEventId: number },
): LoginResult {
  const infos = presentUserInfos(u, token, opts.lastEventId);
  return {
    AppVersions: { Web: WEB_VERSION_LABEL, Android: MOBILE_VERSIONS.android, Ios: MOBILE_VERSIONS.ios },
    NotesCategory: [],
    SecurityOffices: opts.securityOffices,
    SipUri: null,
    Units: { Distance: 'm', Duration: 's' },
    UserInfos: infos,
    UserProfile: {
      Name: u.name,
      Surname: u.surname,
      Email: u.email,
      PhoneNumber: u.phoneNumber,
      RoleId: u.roleId,
      RoleNameDisplay: infos.RoleNameDisplay,
    },
    UserSettings: { LangId: u.langId, NotificationsEnabled: true },
    DeviceInfos: null,
    IsAdmin: opts.isAdmin,
  };
}
