/** Business constants and limits (spec §9). Units are in the names: ms, px, digits, characters. */
export const PRODUCT_NAME_DEFAULT = 'Vigil';
/** Release label shown in the drawer (spec §9: release v25.07.2, web label v25.7.2). */
export const WEB_VERSION_LABEL = 'v25.7.2';
export const RELEASE = 'v25.07.2';
/** Share of requests traced when error reporting is on (spec §9 "Error-reporting trace sample rate 0.5"). */
export const ERROR_TRACE_SAMPLE_RATE = 0.5;
/**
 * GET /errorreporting (public): how the console reports its errors. `dsn` null = error reporting
 * is off (the default; the server's SENTRY_DSN turns it on for both sides).
 */
export interface ErrorReportingSettings {
  dsn: string | null;
  tracesSampleRate: number;
  release: string;
  environment: string | null;
}
/** Mobile app versions shown in the drawer; cut at the first '+' or '(' (spec §9). */
export const MOBILE_VERSIONS = { android: '25.7.1+412', ios: '25.7.1 (388)' } as const;
export function cutVersion(v: string): string {
  return v.split(/[+(]/)[0]!.trim();
}
export const DRAWER_WIDTH_PX = 260;
export const MOBILE_BREAKPOINT_PX = 960;
export const EMERGENCY_DIALOG_WIDTH_PX = 900;
/** Left offset of the notification alert list with the drawer open, and closed (spec §9). */
export const ALERT_OFFSET_DRAWER_OPEN_PX = 272;
export const ALERT_OFFSET_DRAWER_CLOSED_PX = 12;
export const PIN_DIGITS = 4;
export const PASSWORD_MIN_LENGTH = 8;
export const SESSION_TOKEN_MIN_LENGTH = 8;
export const SESSION_TYPE_WEB = 'WEB';
/** Lazy page groups time out after this (spec §2 Session gate, §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A dashboard reload on tab return after the tab was hidden longer than this (spec §9). */
export const TAB_HIDDEN_RELOAD_MS = 60_000;
/** Window resize handling is debounced by this (spec §9). */
export const RESIZE_DEBOUNCE_MS = 250;
/** Page (list) height: window height minus this (spec §9)… */
export const PAGE_HEIGHT_OFFSET_PX = 350;
/** …or PAGE_HEIGHT_SMALL_PX when the window is this tall or less (spec §9). */
export const PAGE_HEIGHT_SMALL_WINDOW_PX = 555;
export const PAGE_HEIGHT_SMALL_PX = 200;
/** The user-selection list appears this long after load (spec §9)… */
export const USER_SELECT_DELAY_MS = 500;
/** …and is at most this tall, scrolling beyond (spec §9). */
export const USER_SELECT_MAX_HEIGHT_PX = 500;
/** Range picker span either way from today (spec §9: 100 years). */
export const DATE_RANGE_SPAN_YEARS = 100;
/** Alert sound length on Trouble, Panic, Alert or Alarm actions (spec §9). */
export const ALERT_SOUND_MS = 2_000;
export const INCIDENT_PAGE_LIMIT = 200;
export const PROFILE_IMAGE_MAX_BYTES = 700 * 1024;
/** Date format used by every date value on the wire (spec §5). */
export const DATE_FORMAT = 'yyyy-MM-dd';
/** Date-range presets in order; index 6 is Custom in the profile catalogue (spec §2 Shared widgets, §9). */
export const DATE_RANGE_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'thisWeek',
  'lastWeek',
  'last30Days',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];
/**
 * The second (profile) date-range catalogue (spec §2 Shared widgets, §9 "Profile date presets"):
 * today, yesterday, this week, last week, this month, last month, and Custom at index 6, which
 * enables the From Date and To Date pickers.
 */
export const PROFILE_DATE_PRESETS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type ProfileDatePreset = (typeof PROFILE_DATE_PRESETS)[number];
/** Index of Custom in PROFILE_DATE_PRESETS (spec §9). */
export const PROFILE_CUSTOM_PRESET_INDEX = 6;

/** Notification types (spec §9): 0 anomaly; 2 and 15 alarm; 10, 11, 12 emergency. */
export const NOTIFICATION_TYPES = { anomaly: [0], alarm: [2, 15], emergency: [10, 11, 12] } as const;
export type NotificationCategory = 'anomaly' | 'alarm' | 'emergency' | 'panic' | 'other';
/** Category of a notification: panic is recognised by the words panic or duress (spec §9). */
export function notificationCategory(type: number | null | undefined, branchAction?: string | null): NotificationCategory {
  if (branchAction && /panic|duress/i.test(branchAction)) return 'panic';
  if (type == null) return 'other';
  if ((NOTIFICATION_TYPES.anomaly as readonly number[]).includes(type)) return 'anomaly';
  if ((NOTIFICATION_TYPES.alarm as readonly number[]).includes(type)) return 'alarm';
  if ((NOTIFICATION_TYPES.emergency as readonly number[]).includes(type)) return 'emergency';
  return 'other';
}

/** Office / user status ids and their labels (spec §4: ACTIVE → Active, PENDING → Pending, else Inactive). */
export const StatusId = { Active: 1, Pending: 2, Inactive: 3 } as const;
export type StatusLabel = 'Active' | 'Pending' | 'Inactive';
export function statusLabel(status: string | number | null | undefined): StatusLabel {
  if (status === 'ACTIVE' || status === StatusId.Active) return 'Active';
  if (status === 'PENDING' || status === StatusId.Pending) return 'Pending';
  return 'Inactive';
}

/** Branch board status (spec §2 colours: open green, close grey, service orange, alarm red). */
export type BranchStatus = 'open' | 'closed' | 'service' | 'alarm';
export const BRANCH_STATUS_COLORS: Record<BranchStatus, string> = {
  open: '#2e7d32',
  closed: '#757575',
  service: '#ed6c02',
  alarm: '#d32f2f',
};
export const PRIMARY_COLOR = '#1565c0';

/**
 * The board status that a branch's last BranchAction gives (spec §2 colours, §4 map status).
 * Open/Close/Service move the status; panic, duress, trouble, alarm and emergency make it alarm;
 * a null action (never used) is closed.
 */
export function branchStatusOf(branchAction: string | null | undefined): BranchStatus {
  if (!branchAction) return 'closed';
  const a = branchAction.toLowerCase();
  if (/panic|duress|trouble|alarm|emergency|alert/.test(a)) return 'alarm';
  if (a.startsWith('open')) return 'open';
  if (a.startsWith('serv')) return 'service';
  return 'closed';
}

/** True when a notification's BranchAction moves the map status (spec §4: not "Not …", not Chat/Video emergencies). */
export function movesMapStatus(branchAction: string): boolean {
  if (branchAction.startsWith('Not ')) return false;
  if (/^(chat|video)\b/i.test(branchAction)) return false;
  return true;
}
