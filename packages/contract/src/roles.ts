/**
 * Roles, login rights and the console menu per role, as data (spec §6 Roles and permissions,
 * §2 Shell "Menu by role id"). Read by the web shell (which links to show) and by the server's
 * authorization (who may sign in where).
 */

/** Role ids used by the service (spec §6). */
export const RoleId = {
  PlatformAdmin: 1,
  OrganizationAdmin: 2,
  SecurityOfficer: 5,
  BranchManager: 6,
  BranchStaff: 7,
  SecurityOperator: 8,
  RegionalManager: 9,
  TravelingStaff: 10,
  NonRetailExecutive: 11,
  Dealer: 12,
  NonRetailEmployee: 13,
} as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];

/** A role row (spec §3 Role: Id, RoleName, RoleNameDisplay, OrderWeight). */
export interface RoleDefinition {
  Id: RoleId;
  /** Stable machine name. */
  RoleName: string;
  /** English display name; the UI shows the catalogue text `roles.<Id>`. */
  RoleNameDisplay: string;
  OrderWeight: number;
  /** May sign in to the web console (spec §6: roles 2, 5, 6, 8, 9, 12; role 1 only at /admin/login). */
  webLogin: boolean;
  /** May sign in to the mobile app (spec §6: roles 6, 7, 9, 10, 11, 13). */
  mobileLogin: boolean;
  /** Security-office role: video/chat user, "security user" in the emergency dialog (spec §6). */
  securityOffice: boolean;
}

export const ROLES: readonly RoleDefinition[] = [
  {
    Id: 1,
    RoleName: 'PLATFORM_ADMIN',
    RoleNameDisplay: 'Platform Administrator',
    OrderWeight: 1,
    webLogin: true,
    mobileLogin: false,
    securityOffice: false,
  },
  {
    Id: 2,
    RoleName: 'ORGANIZATION_ADMIN',
    RoleNameDisplay: 'Organization Administrator',
    OrderWeight: 2,
    webLogin: true,
    mobileLogin: false,
    securityOffice: false,
  },
  { Id: 12, RoleName: 'DEALER', RoleNameDisplay: 'Dealer', OrderWeight: 3, webLogin: true, mobileLogin: false, securityOffice: false },
  {
    Id: 5,
    RoleName: 'SECURITY_OFFICER',
    RoleNameDisplay: 'Security Officer',
    OrderWeight: 4,
    webLogin: true,
    mobileLogin: false,
    securityOffice: true,
  },
  {
    Id: 8,
    RoleName: 'SECURITY_OPERATOR',
    RoleNameDisplay: 'Security Operator',
    OrderWeight: 5,
    webLogin: true,
    mobileLogin: false,
    securityOffice: true,
  },
  {
    Id: 9,
    RoleName: 'REGIONAL_MANAGER',
    RoleNameDisplay: 'Regional Manager',
    OrderWeight: 6,
    webLogin: true,
    mobileLogin: true,
    securityOffice: false,
  },
  {
    Id: 6,
    RoleName: 'BRANCH_MANAGER',
    RoleNameDisplay: 'Branch Manager',
    OrderWeight: 7,
    webLogin: true,
    mobileLogin: true,
    securityOffice: false,
  },
  {
    Id: 7,
    RoleName: 'BRANCH_STAFF',
    RoleNameDisplay: 'Branch Staff',
    OrderWeight: 8,
    webLogin: false,
    mobileLogin: true,
    securityOffice: false,
  },
  {
    Id: 10,
    RoleName: 'TRAVELING_STAFF',
    RoleNameDisplay: 'Traveling Staff',
    OrderWeight: 9,
    webLogin: false,
    mobileLogin: true,
    securityOffice: false,
  },
  {
    Id: 11,
    RoleName: 'NON_RETAIL_EXECUTIVE',
    RoleNameDisplay: 'Non-Retail Executive',
    OrderWeight: 10,
    webLogin: false,
    mobileLogin: true,
    securityOffice: false,
  },
  {
    Id: 13,
    RoleName: 'NON_RETAIL_EMPLOYEE',
    RoleNameDisplay: 'Non-Retail Employee',
    OrderWeight: 11,
    webLogin: false,
    mobileLogin: true,
    securityOffice: false,
  },
];

/** The role row for an id, or undefined for an unknown id. */
export function roleById(id: number): RoleDefinition | undefined {
  return ROLES.find((r) => r.Id === id);
}

/** Roles that may use the client console (spec §6 "Web login is allowed for roles 2, 5, 6, 8, 9, 12"). */
export const CLIENT_WEB_ROLES: readonly number[] = [2, 5, 6, 8, 9, 12];
/** Roles that may only use the mobile app (spec §6). */
export const MOBILE_ONLY_ROLES: readonly number[] = [7, 10, 11, 13];
/** Security-office roles: video users with the Console menu item (spec §2 Shell, §6). */
export const SECURITY_ROLES: readonly number[] = [5, 8];

/** A menu entry: a link (path) or a group of links (spec §2 Shell; groups and sub-groups). */
export interface MenuItem {
  /** Catalogue key under `menu.` for the label. */
  key: string;
  path?: string;
  children?: MenuItem[];
}

const item = (key: string, path: string): MenuItem => ({ key, path });

/** Report paths: the reports group is expanded when the current path is one of these (spec §2 Shell). */
export const REPORT_PATHS = [
  '/reports',
  '/daily',
  '/activities',
  '/checkinout',
  '/timerreports',
  '/surveyreports',
  '/reports/logaccess',
  '/chatrecordings',
  '/videorecordings',
  '/chatrecording',
  '/videorecording',
] as const;

/** True when `pathname` is a report path (or below one). */
export function isReportPath(pathname: string): boolean {
  return REPORT_PATHS.some((p) => pathname === p || pathname.startsWith(p + '/'));
}

const R = {
  daily: item('daily', '/daily'),
  activities: item('activities', '/activities'),
  checkinout: item('checkinout', '/checkinout'),
  timer: item('timerreports', '/timerreports'),
  survey: item('surveyreports', '/surveyreports'),
  vaulttrak: item('vaulttrak', '/reports/logaccess'),
  chatRecordings: item('chatrecordings', '/chatrecordings'),
  videoRecordings: item('videorecordings', '/videorecordings'),
};
const dashboard = item('dashboard', '/');
const mainoffice = item('mainoffice', '/mainoffice');
const regions = item('regions', '/regions');
const locations = item('locations', '/branches');
const securityOffices = item('securityoffices', '/security-offices');
const employees = item('employees', '/employees');
const taskList = item('tasklist', '/task-list');
const surveyList = item('surveylist', '/survey-list');
const clients = item('clients', '/clients');
const reportsGroup = (children: MenuItem[]): MenuItem => ({ key: 'reports', children });

/**
 * The drawer menu for a role, in order (spec §2 Shell "Menu by role id"). Unknown roles get the
 * "other roles" menu; mobile-only roles never reach the console.
 */
export function menuForRole(roleId: number): MenuItem[] {
  switch (roleId) {
    case 1:
      return [
        item('adminEmployees', '/admin/employees'),
        item('adminClients', '/admin/clients'),
        item('adminSecurityOffices', '/admin/security-offices'),
      ];
    case 2:
    case 12: {
      const reports = reportsGroup([R.daily, R.activities, R.checkinout, R.timer, R.survey, R.vaulttrak]);
      const rest = [mainoffice, regions, locations, securityOffices, employees, taskList, surveyList];
      return roleId === 12 ? [dashboard, reports, clients, ...rest] : [dashboard, reports, ...rest];
    }
    case 5:
    case 8: {
      const reports = reportsGroup([R.daily, R.activities, R.checkinout, R.timer, R.chatRecordings, R.videoRecordings]);
      return roleId === 5
        ? [dashboard, reports, regions, locations, employees, securityOffices]
        : [dashboard, reports, regions, locations, securityOffices];
    }
    default:
      return [
        dashboard,
        reportsGroup([R.daily, R.activities, R.checkinout, R.survey, R.vaulttrak]),
        regions,
        locations,
        employees,
        taskList,
        surveyList,
        securityOffices,
      ];
  }
}

/** Every path a role's menu links to (flattened), for route guards and tests. */
export function menuPaths(roleId: number): string[] {
  const out: string[] = [];
  const walk = (items: MenuItem[]) =>
    items.forEach((i) => {
      if (i.path) out.push(i.path);
      if (i.children) walk(i.children);
    });
  walk(menuForRole(roleId));
  return out;
}

/**
 * Named role groups (spec §6), so code says which group it means instead of listing role ids.
 * Every server permission check and every web condition on roles reads one of these.
 */
export const RoleGroup = {
  /** May use the client console (spec §6: roles 2, 5, 6, 8, 9, 12). */
  ClientWeb: CLIENT_WEB_ROLES,
  /** May sign in to the mobile app (spec §6: roles 6, 7, 9, 10, 11, 13). */
  Mobile: [6, 7, 9, 10, 11, 13] as readonly number[],
  /** Mobile only: no web session (spec §6: roles 7, 10, 11, 13). */
  MobileOnly: MOBILE_ONLY_ROLES,
  /** Security-office roles: chat and video users (spec §6: roles 5, 8). */
  Security: SECURITY_ROLES,
  /** Organisation administrators: the organisation admin and the dealer acting on the selected one (roles 2, 12). */
  OrganizationAdmins: [2, 12] as readonly number[],
  /** Roles whose scope is whole organisations (2, 12 and the monitoring security office's 5, 8). */
  OrganizationWide: [2, 5, 8, 12] as readonly number[],
  /** Managers scoped to offices: the branch manager (6) and the regional manager (9). */
  Managers: [6, 9] as readonly number[],
  /** Console roles with the task lists (spec §6: 2, 12 and the other web roles 6, 9; not 5 and 8). */
  TaskLists: [2, 6, 9, 12] as readonly number[],
} as const;

/** True when `roleId` belongs to `group` (one of {@link RoleGroup}). */
export function inRoleGroup(group: readonly number[], roleId: number): boolean {
  return group.includes(roleId);
}
