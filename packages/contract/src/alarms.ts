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
export interface AlarmDispositions {
  OrganizationId: number;
  Dispositions: string[];
}
