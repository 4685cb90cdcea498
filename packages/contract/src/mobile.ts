/**
 * The mobile API (not shown by the spec; our design, documented in docs/API.md "Mobile API").
 * Calls are POST /api/mobile/* with `Authorization: Bearer <token>` from /api/mobile/login.
 * Actions that change a branch are confirmed with the user's 4-digit PIN; entering the panic
 * (duress) code instead performs the action the same way and raises a silent duress alarm.
 * Coordinates are WGS 84 degrees; accuracy and radii are metres; durations seconds.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import { zId } from './numbers.js';
import { cleanText } from './text.js';
import { ZTask } from './task-lists.js';

const ZPin = z.string().regex(/^\d{4}$/, { error: 'validation.pinFormat' });
const ZLat = z.number().min(-90).max(90);
const ZLng = z.number().min(-180).max(180);
const ZId = zId();

/** POST /api/mobile/login: e-mail and password (spec §5 Login rules); answers the bearer token and the user's branches. */
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
/** POST /api/mobile/branchaction: open, close or service a branch (spec §4), confirmed by PIN or panic code. */
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

/** Longest alarm message kept, characters (longer ones are cut, not refused). */
export const ALARM_MESSAGE_MAX = 1000;
/** Longest alarm message read at all (the body limit bounds it anyway). */
export const ALARM_MESSAGE_INPUT_MAX = 20_000;

/** POST /api/mobile/alarm: an alarm raised from the app at a branch; `type` is one of ALARM_TYPES (alarms.ts). */
export const ZAlarmRequest = z.object({
  branchOfficeId: ZId,
  type: z.enum(['PANIC', 'DURESS', 'EMERGENCY', 'TROUBLE', 'ALARM']),
  latitude: ZLat.optional(),
  longitude: ZLng.optional(),
  /**
   * Free text. Never refused (losing a panic is the worst failure, issue 12 finding 7): NUL and
   * lone surrogates are cleaned and the text is cut to ALARM_MESSAGE_MAX characters.
   */
  message: z
    .string()
    .max(ALARM_MESSAGE_INPUT_MAX)
    .transform((v) => cleanText(v).trim().slice(0, ALARM_MESSAGE_MAX))
    .optional(),
});

/** POST /api/mobile/checkin: a check-in at a branch, with the device's position and accuracy (metres). */
export const ZCheckInRequest = z.object({
  branchOfficeId: ZId,
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000),
});
/** POST /api/mobile/checkout: ends a check-in. */
export const ZCheckOutRequest = z.object({
  checkInId: ZId,
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000),
});

/** POST /api/mobile/timer/start: a personal (lone-worker) timer (spec §3 Timer report row). */
export const ZTimerStartRequest = z.object({
  timerForAction: z.string().trim().min(1).max(100),
  /** Seconds until the timer raises an alarm unless stopped (1 minute to 24 hours). */
  durationSeconds: z.number().int().min(60).max(86_400),
  branchOfficeId: ZId.optional(),
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000).optional(),
});
/** POST /api/mobile/timer/ping: a location ping of a running timer. */
export const ZTimerPingRequest = z.object({
  timerId: ZId,
  latitude: ZLat,
  longitude: ZLng,
  horizontalAccuracy: z.number().min(0).max(100_000).optional(),
});
/** POST /api/mobile/timer/stop: stops a timer, confirmed by PIN (the panic code raises a silent duress alarm). */
export const ZTimerStopRequest = z.object({ timerId: ZId, pin: ZPin, latitude: ZLat.optional(), longitude: ZLng.optional() });

/** POST /api/mobile/vaultaccess: a vault opened or closed at a branch, confirmed by PIN (or panic code); VaultTrak (spec §7 log-access reports). */
export const ZVaultAccessRequest = z.object({
  branchOfficeId: ZId,
  vaultName: z.string().trim().min(1, ValidationKey.Required).max(80),
  action: z.enum(['OPEN', 'CLOSE']),
  pin: z.string().regex(/^\d{4}$/, ValidationKey.PinFormat),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type VaultAccessRequest = z.infer<typeof ZVaultAccessRequest>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/mobile/login. */
export const ZMobileLoginBody = z.strictObject({
  Token: z.string(),
  UserId: z.number(),
  RoleId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  LangId: z.string(),
  GeofenceValidation: z.boolean(),
  MustChangePassword: z.boolean(),
  /** The event log's position at sign-in: the app's first socket init sends it as lastEventId (as the console's UserInfos.LastEventId). */
  LastEventId: z.number().int().min(0),
  Branches: z.array(
    z.strictObject({
      BranchOfficeId: z.number(),
      Name: z.string(),
      Code: z.string(),
      Latitude: z.number().nullable(),
      Longitude: z.number().nullable(),
      GeofenceRadius: z.number(),
      BranchTimeZone: z.string(),
    }),
  ),
});
export type MobileLoginBody = z.output<typeof ZMobileLoginBody>;

/** Answer body of POST /api/mobile/branchaction. */
export const ZMobileBranchactionBody = z.strictObject({
  Task: ZTask.nullable(),
  NotificationId: z.number(),
  BranchOfficeId: z.number(),
  BranchAction: z.enum(['Service', 'Open', 'Close']),
  At: z.string(),
});
export type MobileBranchactionBody = z.output<typeof ZMobileBranchactionBody>;

/** Answer body of POST /api/mobile/alarm. */
export const ZMobileAlarmBody = z.strictObject({ NotificationId: z.number(), At: z.string() });
export type MobileAlarmBody = z.output<typeof ZMobileAlarmBody>;

/** Answer body of POST /api/mobile/checkin. */
export const ZMobileCheckinBody = z.strictObject({
  CheckInId: z.number(),
  InsideGeofence: z.boolean().nullable(),
  Distance: z.number().nullable(),
});
export type MobileCheckinBody = z.output<typeof ZMobileCheckinBody>;

/** Answer body of POST /api/mobile/checkout. */
export const ZMobileCheckoutBody = z.strictObject({ CheckInId: z.number(), CheckOut: z.string() });
export type MobileCheckoutBody = z.output<typeof ZMobileCheckoutBody>;

/** Answer body of POST /api/mobile/timer/start. */
export const ZMobileTimerStartBody = z.strictObject({ TimerId: z.number(), ExpiresAtUTC: z.string() });
export type MobileTimerStartBody = z.output<typeof ZMobileTimerStartBody>;

/** Answer body of POST /api/mobile/timer/ping. */
export const ZMobileTimerPingBody = z.strictObject({ TimerId: z.number() });
export type MobileTimerPingBody = z.output<typeof ZMobileTimerPingBody>;

/** Answer body of POST /api/mobile/timer/stop. */
export const ZMobileTimerStopBody = z.strictObject({ TimerId: z.number(), SafeStopped: z.boolean() });
export type MobileTimerStopBody = z.output<typeof ZMobileTimerStopBody>;

/** Answer body of POST /api/mobile/vaultaccess. */
export const ZMobileVaultaccessBody = z.strictObject({
  NotificationId: z.number(),
  BranchOfficeId: z.number(),
  VaultName: z.string(),
  Action: z.enum(['OPEN', 'CLOSE']),
  At: z.string(),
});
export type MobileVaultaccessBody = z.output<typeof ZMobileVaultaccessBody>;
