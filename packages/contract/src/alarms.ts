/**
 * Alarms: what the app raises and how the console handles it (spec §9 notification types; §4
 * notifications; the alarm panel: a shared acknowledgement, first one wins, and notes). The live
 * side of an acknowledgement and a note is in realtime.ts (ALARM-ACK, ALARM-NOTE), their fetched
 * side in the notification row (notifications.ts): both carry the same objects.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import { zId } from './numbers.js';

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
 * POST /api/client/managealarms (ours; the alarm panel): ACKNOWLEDGE an alarm notification in
 * scope (the first acknowledgement wins; a later one answers who was first) or ADD-NOTE to it.
 * 404 errors.alarmNotFound outside the caller's scope.
 */
export const ZManageAlarmsRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('ACKNOWLEDGE'), notificationId: zId() }),
  z.object({
    case: z.literal('ADD-NOTE'),
    notificationId: zId(),
    note: z.string().trim().min(1, { error: ValidationKey.Required }).max(2000, { error: ValidationKey.Max }),
  }),
]);
