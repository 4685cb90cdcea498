/**
 * The mobile API (not shown by the spec; our design, documented in docs/API.md "Mobile API").
 * Calls are POST /api/mobile/* with `Authorization: Bearer <token>` from /api/mobile/login.
 * Actions that change a branch are confirmed with the user's 4-digit PIN; entering the panic
 * (duress) code instead performs the action the same way and raises a silent duress alarm.
 * Coordinates are WGS 84 degrees; accuracy and radii are metres; durations seconds.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';

const ZPin = z.string().regex(/^\d{4}$/, { error: 'validation.pinFormat' });
const ZLat = z.number().min(-90).max(90);
const ZLng = z.number().min(-180).max(180);
const ZId = z.coerce.number().int().positive();

export const ZMobileLoginRequest = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: ValidationKey.LoginEmailRequired })
    .pipe(z.email({ error: ValidationKey.LoginEmailInvalid })),
  password: z.string().min(1, { error: ValidationKey.LoginPasswordRequired }),
  appVersion: z.string().max(40).optional(),
});

/** Branch actions of spec §4 (open, close, service). */
export const BRANCH_ACTIONS = { OPEN: 'Open', CLOSE: 'Close', SERVICE: 'Service' } as const;
export const ZBranchActionRequest = z.object({
  branchOfficeId: ZId,
  action: z.enum(['OPEN', 'CLOSE', 'SERVICE']),
  pin: ZPin,
  latitude: ZLat.optional(),
  longitude: ZLng.optional(),
  /** Checklist answers when the branch has a checklist (task lists are a later issue). */
  checklist: z
    .array(z.object({ TemplateDetailsAutoId: ZId, done: z.boolean() }))
    .max(200)
    .optional(),
});

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
export const ZAlarmRequest = z.object({
  branchOfficeId: ZId,
  type: z.enum(['PANIC', 'DURESS', 'EMERGENCY', 'TROUBLE', 'ALARM']),
  latitude: ZLat.optional(),
  longitude: ZLng.optional(),
  message: z.string().trim().max(1000).optional(),
});

export const ZCheckInRequest = z.object({
  branchOfficeId: ZId,
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000),
});
export const ZCheckOutRequest = z.object({
  checkInId: ZId,
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000),
});

export const ZTimerStartRequest = z.object({
  timerForAction: z.string().trim().min(1).max(100),
  /** Seconds until the timer raises an alarm unless stopped (1 minute to 24 hours). */
  durationSeconds: z.number().int().min(60).max(86_400),
  branchOfficeId: ZId.optional(),
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000).optional(),
});
export const ZTimerPingRequest = z.object({
  timerId: ZId,
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000).optional(),
});
export const ZTimerStopRequest = z.object({ timerId: ZId, pin: ZPin, latitude: ZLat.optional(), longitude: ZLng.optional() });

/** Console: POST /api/client/setbranchmode case SET-BRANCH-MODE (spec §7). */
export const ZSetBranchModeRequest = z.object({
  case: z.literal('SET-BRANCH-MODE'),
  branchOfficeId: ZId,
  mode: z.enum(['OPEN', 'CLOSE', 'SERVICE']),
});

/** Console alarm workflow: POST /api/client/managealarms. */
export const ZManageAlarmsRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('ACKNOWLEDGE'), notificationId: ZId }),
  z.object({
    case: z.literal('ADD-NOTE'),
    notificationId: ZId,
    note: z.string().trim().min(1, { error: ValidationKey.Required }).max(2000, { error: ValidationKey.Max }),
  }),
]);
