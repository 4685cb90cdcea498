/**
 * Alarms: what the app raises and how the console handles it (spec §9 notification types; §4
 * notifications; the alarm panel: a shared acknowledgement, first one wins, and notes). The live
 * side of an acknowledgement and a note is in realtime.ts (ALARM-ACK, ALARM-NOTE), their fetched
 * side in the notification row (notifications.ts): both carry the same objects.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import { zId } from './numbers.js';
import { notificationCategory } from './constants.js';
import type { NotificationRow } from './notifications.js';
import type { SocketEvent } from './realtime.js';
import { ZBranchOfficeRow } from './branches.js';
import { ZOfficeSchedule } from './fields.js';
import { ZNotificationRow } from './notifications.js';
import { ZSecurityPhrase } from './security-phrases.js';

/**
 * Alarms raised from the app, with their spec §9 notification types: Panic 10, Duress 11 and
 * Emergency 12 (emergency family), Trouble 2 and Alarm 15 (alarm family).
 */
export const ALARM_TYPES = {
  PANIC: { branchAction: 'Panic', notificationType: 10, securityAlert: true },
  DURESS: { branchAction: 'Duress', notificationType: 11, securityAlert: true },
  EMERGENCY: { branchAction: 'Emergency', notificationType: 12, securityAlert: true },
  TROUBLE: { branchAction: 'Trouble', notificationType: 2, securityAlert: false },
  ALARM: { branchAction: 'Alarm', notificationType: 15, securityAlert: false },
} as const;

/**
 * The dispositions an organisation starts with (issue 13, acknowledging safely): codes the console
 * translates (`alarms.dispositions.<code>`); an organisation admin may add free-text entries, shown
 * as written.
 */
export const DEFAULT_DISPOSITIONS = ['false-alarm', 'test', 'police-dispatched', 'resolved-on-site'] as const;

/** Longest disposition text, and most entries in an organisation's list. */
export const DISPOSITION_MAX = 80;
export const DISPOSITIONS_MAX = 20;

/** Messages of the acknowledgement rules (feature catalogue alarms.*.json). */
export const AlarmKey = {
  /** 'Choose a disposition to acknowledge a panic, duress or emergency alarm' (400, field disposition). */
  DispositionRequired: 'alarms.errors.dispositionRequired',
  /** 'This disposition is not in the organisation's list' (400, field disposition). */
  DispositionUnknown: 'alarms.errors.dispositionUnknown',
  /** 'Write a note to acknowledge a panic, duress or emergency alarm' (400, field note). */
  NoteRequired: 'alarms.errors.noteRequired',
  /** 'Each disposition may be listed only once' (400, field dispositions). */
  DispositionRepeated: 'alarms.errors.dispositionRepeated',
} as const;

/**
 * True when acknowledging the alarm needs a disposition and a note: panic, duress and emergency
 * (spec §9: types 10, 11, 12; panic by the words panic or duress). The server enforces it.
 */
export function needsDisposition(notificationType: number | null | undefined, branchAction?: string | null): boolean {
  const c = notificationCategory(notificationType, branchAction);
  return c === 'panic' || c === 'emergency';
}

const zDisposition = z.string().trim().min(1, { error: ValidationKey.Required }).max(DISPOSITION_MAX, { error: ValidationKey.Max });
const zNote = z.string().trim().max(2000, { error: ValidationKey.Max });

/**
 * POST /api/client/managealarms (ours; the alarm panel):
 * - ACKNOWLEDGE an alarm notification in scope (the first acknowledgement wins; a later one
 *   answers who was first). Panic, duress and emergency need `disposition` (one of the
 *   organisation's list) and a non-empty `note` (400 alarms.errors.dispositionRequired /
 *   dispositionUnknown / noteRequired); for other alarms both are optional and kept when given.
 * - ADD-NOTE to it.
 * - GET-DISPOSITIONS of an organisation in the caller's scope → `{Dispositions: string[]}`.
 * - UPDATE-DISPOSITIONS (organisation admin 2; dealer 12 naming `organizationId`): replaces the
 *   list (1..20 entries of 1..80 characters, each once).
 * 404 errors.alarmNotFound for an alarm outside the caller's scope; 403 for an organisation.
 */
export const ZManageAlarmsRequest = z.discriminatedUnion('case', [
  z.object({
    case: z.literal('ACKNOWLEDGE'),
    notificationId: zId(),
    disposition: zDisposition.optional(),
    note: zNote.optional(),
  }),
  z.object({
    case: z.literal('ADD-NOTE'),
    notificationId: zId(),
    note: z.string().trim().min(1, { error: ValidationKey.Required }).max(2000, { error: ValidationKey.Max }),
  }),
  z.object({ case: z.literal('GET-DISPOSITIONS'), organizationId: zId() }),
  z.object({
    case: z.literal('UPDATE-DISPOSITIONS'),
    organizationId: zId().optional(),
    dispositions: z.array(zDisposition).min(1, { error: ValidationKey.Required }).max(DISPOSITIONS_MAX, { error: ValidationKey.Max }),
  }),
]);

/** Answer body of GET-DISPOSITIONS and UPDATE-DISPOSITIONS: the organisation's list, in order. */
export const ZAlarmDispositions = z.strictObject({
  OrganizationId: z.number(),
  Dispositions: z.array(z.string()),
});
export type AlarmDispositions = z.output<typeof ZAlarmDispositions>;

// ---- The incident view (issue 13: /alarm/:id) -------------------------------------------------

/** Most timeline entries an incident answers (oldest first); `TimelineTruncated` says when more exist. */
export const INCIDENT_TIMELINE_MAX = 1000;

/** Formats of getalarmincident: the JSON view, or the timeline as a file for the investigation. */
export const INCIDENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type IncidentFormat = (typeof INCIDENT_FORMATS)[number];

/**
 * POST /api/client/getalarmincident (ours; issue 13 incident view): one alarm notification of a
 * branch in the caller's scope with its branch, the people there now, the organisation's current
 * security phrases (roles that may read them), the figures and the timeline. `format` 'csv' or
 * 'pdf' answers the timeline as a file (Content-Disposition attachment, `incident-<id>.<ext>`),
 * texts in the request's language. 404 errors.alarmNotFound for an alarm outside the caller's
 * scope (or not a notification); 400 for a bad id or format.
 */
export const ZAlarmIncidentRequest = z.object({
  alarmId: zId(),
  format: z.enum(INCIDENT_FORMATS).default('json'),
});
export type AlarmIncidentRequest = z.input<typeof ZAlarmIncidentRequest>;

/** A security office watching the branch: the branch's own (`OwnOffice`) or one monitoring its organisation. */
export const ZIncidentSecurityOffice = z.strictObject({
  SecurityOfficeId: z.number(),
  Name: z.string(),
  /** E.164, or null. */
  PhoneNumber: z.string().nullable(),
  OwnOffice: z.boolean(),
});
export type IncidentSecurityOffice = z.output<typeof ZIncidentSecurityOffice>;

/** The branch of an incident: its board row, its schedule (HH:mm branch-local) and its security offices. */
export const ZIncidentBranch = z.strictObject({
  ...ZBranchOfficeRow.shape,
  ...ZOfficeSchedule.shape,
  ...{
    SecurityOffices: z.array(ZIncidentSecurityOffice),
  },
});
export type IncidentBranch = z.output<typeof ZIncidentBranch>;

/** Someone at the branch now: checked in (not checked out) and/or signed in (an open web or app session). */
export const ZIncidentPerson = z.strictObject({
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  /** Spec §6 role id (the console translates it, roles.<id>); RoleName as stored. */
  RoleId: z.number(),
  RoleName: z.string(),
  /** E.164, or null. */
  PhoneNumber: z.string().nullable(),
  /** When the open check-in began (UTC ISO), null when not checked in. */
  CheckedInAtUTC: z.string().nullable(),
  /** Sessions open now ('WEB', 'MOBILE', …), empty when not signed in. */
  SessionTypes: z.array(z.string()),
  /** Last activity of a session (UTC ISO), null when not signed in. */
  LastSeenUTC: z.string().nullable(),
});
export type IncidentPerson = z.output<typeof ZIncidentPerson>;

/**
 * The figures of an alarm (UTC ISO instants; seconds between consecutive steps, null while a step
 * has not happened): signal — when it happened on the device (the event's time); shown — when the
 * server logged it and the consoles could show it; acknowledged — the first acknowledgement;
 * closed — the acknowledgement that gave a disposition (an alarm acknowledged without one stays
 * open for the figures).
 */
export const ZIncidentFigures = z.strictObject({
  SignalAtUTC: z.string(),
  ShownAtUTC: z.string(),
  AcknowledgedAtUTC: z.string().nullable(),
  ClosedAtUTC: z.string().nullable(),
  SignalToShownSeconds: z.number(),
  ShownToAcknowledgedSeconds: z.number().nullable(),
  AcknowledgedToClosedSeconds: z.number().nullable(),
});
export type IncidentFigures = z.output<typeof ZIncidentFigures>;

/** getalarmincident answer body (format 'json'). */
export const ZAlarmIncident = z.strictObject({
  /** The alarm as the notification lists give it, with its acknowledgement and notes. */
  Alarm: ZNotificationRow,
  Branch: ZIncidentBranch,
  People: z.array(ZIncidentPerson),
  /** The current phrases (security roles 5, 8 and organisation admins); null for roles that may not read them. */
  Phrases: z.array(ZSecurityPhrase).nullable(),
  Figures: ZIncidentFigures,
  /**
   * Every event at the branch from the alarm on (the alarm first), as the socket sends them: the
   * event log, acknowledgements, notes, check-ins, chats and calls (security roles), ENS messages;
   * timer pings and ENS delivery states left out. Oldest first, at most INCIDENT_TIMELINE_MAX.
   */
  Timeline: z.array(z.custom<SocketEvent>((v) => typeof v === 'object' && v !== null)),
  TimelineTruncated: z.boolean(),
});
export type AlarmIncident = z.output<typeof ZAlarmIncident>;

/** Catalogue keys (under branchActions.) of the BranchActions the console translates. */
const BRANCH_ACTION_KEYS: Record<string, string> = {
  open: 'open',
  close: 'close',
  service: 'service',
  panic: 'panic',
  duress: 'duress',
  trouble: 'trouble',
  alarm: 'alarm',
  emergency: 'emergency',
  'not opened': 'notOpened',
  'not closed': 'notClosed',
  survey: 'survey',
};

/** Catalogue key (under branchActions.) of a BranchAction, or null to show the raw text. */
export function branchActionKey(action: string | null | undefined): string | null {
  if (!action) return null;
  return BRANCH_ACTION_KEYS[action.trim().toLowerCase()] ?? null;
}

/** A catalogue lookup with i18next interpolation (the console's `t`, the server's `translate`). */
export type IncidentTranslate = (key: string, vars?: Record<string, string | number>) => string;

/** The texts of one timeline entry, in the language of `t`: what happened, who, and the details. */
export interface IncidentEntryText {
  What: string;
  Who: string;
  Details: string;
}

/** Plain text of sanitised chat HTML (tags dropped, the common entities decoded). */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The label of a disposition: a default code translated (alarms.dispositions.*), an organisation's own entry as written. */
export function dispositionText(t: IncidentTranslate, d: string): string {
  return (DEFAULT_DISPOSITIONS as readonly string[]).includes(d) ? t(`alarms.dispositions.${d}`) : d;
}

/**
 * What a timeline entry says (issue 13 incident view; the page, the CSV and the PDF all use it):
 * `What` the action or kind (alarms.incident.kinds.*, branchActions.*), `Who` the person it is
 * about or by, `Details` the note, disposition, message or state. Keys under alarms.incident.
 */
export function incidentEntryText(e: SocketEvent, t: IncidentTranslate): IncidentEntryText {
  const person = [e.Name, e.Surname].filter(Boolean).join(' ');
  const action = (a: string | null) => {
    const k = branchActionKey(a);
    return k ? t(`branchActions.${k}`) : (a ?? '');
  };
  const kind = t(`alarms.incident.kinds.${e.type}`);
  switch (e.type) {
    case 'NOTIFICATION':
    case 'BRANCH-ACTION':
      return { What: action(e.BranchAction) || kind, Who: person, Details: e.MessageContent ?? '' };
    case 'ALARM-ACK': {
      const a = e.Payload.Acknowledged;
      const parts = [t('alarms.incident.details.ackOf', { id: e.Payload.NotificationId })];
      if (a.Disposition) parts.push(t('alarms.ackDisposition', { disposition: dispositionText(t, a.Disposition) }));
      if (a.Note) parts.push(a.Note);
      return { What: kind, Who: a.Name, Details: parts.join(' · ') };
    }
    case 'ALARM-NOTE':
      return {
        What: kind,
        Who: e.Payload.Note.By,
        Details: `${e.Payload.Note.Note} (${t('alarms.incident.details.noteOn', { id: e.Payload.NotificationId })})`,
      };
    case 'START':
      return {
        What: kind,
        Who: person,
        Details: t('alarms.incident.details.timer', {
          action: e.Payload.timerForAction,
          minutes: Math.round(e.Payload.durationSeconds / 60),
        }),
      };
    case 'STOP-CHECKINOUT-PINGS':
      return {
        What: kind,
        Who: person,
        Details: t(e.Payload.safeStopped ? 'alarms.incident.details.timerSafe' : 'alarms.incident.details.timerLate'),
      };
    case 'VAULT-ACCESS':
      return { What: kind, Who: person, Details: `${e.Payload.vaultName} · ${t(`alarms.incident.details.vault.${e.Payload.action}`)}` };
    case 'CHAT-SESSION':
      return { What: kind, Who: person, Details: t(`alarms.incident.details.chat.${e.Payload.change}`) };
    case 'CHAT-MESSAGE': {
      const m = e.Payload.Message;
      const from = [m.FromName, m.FromSurname].filter(Boolean).join(' ');
      return { What: kind, Who: from || person, Details: plainText(m.MsgContent) };
    }
    case 'VIDEO-CALL':
      return { What: kind, Who: person, Details: t(`alarms.incident.details.call.${e.Payload.change}`) };
    case 'TASK':
      return {
        What: kind,
        Who: person,
        Details: `${e.Payload.TemplateName} · ${t(`alarms.incident.details.task.${e.Payload.Step}`)} (${e.Payload.Done}/${e.Payload.Total})`,
      };
    case 'EMERGENCY-NOTIFICATION':
      return { What: kind, Who: person, Details: [e.Payload.MessageTitle, e.MessageContent].filter(Boolean).join(' — ') };
    default:
      return { What: kind, Who: person, Details: e.MessageContent ?? '' };
  }
}

/** Whole seconds from `a` to `b` (UTC ISO), or null when either is missing. */
function secondsBetween(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  return Math.round((Date.parse(b) - Date.parse(a)) / 1000);
}

/**
 * The figures of an alarm (IncidentFigures) from its row and the instant it was logged (UTC ISO):
 * closed is the acknowledgement that gave a disposition. The server answers them; the incident
 * page recomputes them when a live ALARM-ACK arrives.
 */
export function incidentFigures(
  alarm: Pick<NotificationRow, 'NotificationTimeAddedUTC' | 'Acknowledged'>,
  shownAtUTC: string,
): IncidentFigures {
  const signal = alarm.NotificationTimeAddedUTC;
  const acknowledged = alarm.Acknowledged?.AtUTC ?? null;
  const closed = alarm.Acknowledged?.Disposition ? alarm.Acknowledged.AtUTC : null;
  return {
    SignalAtUTC: signal,
    ShownAtUTC: shownAtUTC,
    AcknowledgedAtUTC: acknowledged,
    ClosedAtUTC: closed,
    SignalToShownSeconds: secondsBetween(signal, shownAtUTC) ?? 0,
    ShownToAcknowledgedSeconds: secondsBetween(shownAtUTC, acknowledged),
    AcknowledgedToClosedSeconds: secondsBetween(acknowledged, closed),
  };
}

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/managealarms. */
export const ZManagealarmsBody = z.union([
  z.strictObject({ acknowledged: z.boolean(), AcknowledgedBy: z.number(), AcknowledgedAtUTC: z.string() }),
  z.strictObject({ NoteId: z.number() }),
  ZAlarmDispositions,
]);
export type ManagealarmsBody = z.output<typeof ZManagealarmsBody>;
