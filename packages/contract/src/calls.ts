/**
 * Video calls and incidents (spec §3 Phone/video call, Incident / video recording; §4 Phone call
 * status; §6 roles 5 and 8 are the video users; §7 getincidents {filter, offset 0, limit 200}; §9
 * incident page limit 200). A mobile user (roles 6, 7, 9, 10, 11, 13) calls the security office
 * for one of its branches; every operator console (roles 5 and 8) of the security offices
 * monitoring the branch's organisation rings; the first to answer takes the call (first-wins);
 * it may transfer it to another online operator, end it and close it out. Every call is an
 * incident that keeps the caller's profile as it was at call time.
 *
 * A call is stored in one of the states of CALL_STATES; what a console shows is the spec §4
 * status seen from that console (callStatusFor). Console calls are `/api/client/<call>`; the mobile
 * calls are `/api/mobile/calls/*` (docs/API.md "Mobile: calls"). Instants UTC ISO, durations
 * seconds, coordinates WGS 84 degrees, accuracy metres, height centimetres, weight kilograms.
 */
import { z } from 'zod';
import { ValidationKey } from './errors.js';
import { zDay } from './dates.js';
import { INCIDENT_PAGE_LIMIT } from './constants.js';
import { ZReportBase } from './reports.js';
import { zInteger } from './numbers.js';

/**
 * Stored states: ringing (nobody answered), active (answered, talking), transfer (handed to
 * TransferTo, who may answer), ended (disconnected after an answer; not yet closed out), closed
 * (closed out by ClosedBy), missed (the caller hung up before anyone answered: removed everywhere).
 */
export const CALL_STATES = ['ringing', 'active', 'transfer', 'ended', 'closed', 'missed'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** Spec §4 Phone call status, as one console sees a call. */
export const CALL_STATUSES = ['new', 'transfer', 'active', 'ended', 'closeout', 'other-console', 'other-closeout'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** The fields of a call that decide its status for a viewer. */
export const ZCallStatusFields = z.strictObject({
  State: z.enum(CALL_STATES),
  AnsweredBy: z.number().nullable(),
  TransferTo: z.number().nullable(),
  ClosedBy: z.number().nullable(),
});
export type CallStatusFields = z.output<typeof ZCallStatusFields>;

/**
 * Spec §4: the status of `call` on the console of user `userId`: new while nobody answered;
 * active for the operator who answered (and holds it); transfer for the operator it was
 * transferred to; other-console for everyone else while it is answered or transferred; ended for
 * its operator once disconnected; closeout / other-closeout once closed out by this / another
 * operator. A missed call (caller hung up unanswered) is removed: null. An ended call is removed
 * from other consoles: null.
 */
export function callStatusFor(call: CallStatusFields, userId: number): CallStatus | null {
  switch (call.State) {
    case 'ringing':
      return 'new';
    case 'active':
      return call.AnsweredBy === userId ? 'active' : 'other-console';
    case 'transfer':
      return call.TransferTo === userId ? 'transfer' : 'other-console';
    case 'ended':
      return call.AnsweredBy === userId ? 'ended' : null;
    case 'closed':
      return call.ClosedBy === userId ? 'closeout' : 'other-closeout';
    case 'missed':
      return null;
  }
}

/** Spec §4: a call may be answered only if unanswered or transferred to the current operator, and not disconnected. */
export function mayAnswerCall(call: CallStatusFields, userId: number): boolean {
  return call.State === 'ringing' || (call.State === 'transfer' && call.TransferTo === userId);
}

/** Emergency contacts a mobile user keeps (spec §3 "three emergency contacts"). */
export const EMERGENCY_CONTACTS_MAX = 3;
/** Blood types accepted in the medical profile. */
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', '0+', '0-'] as const;
export type BloodType = (typeof BLOOD_TYPES)[number];

/** Catalogue keys of the call errors (packages/i18n/calls.*.json; spec §8 "Retrieval and saving errors … videos"). */
export const CallErrorCode = {
  /** 404: no such call in the caller's scope. */
  NotFound: 'calls.errors.notFound',
  /** 409: another operator answered first; `{{name}}` has it. */
  Taken: 'calls.errors.taken',
  /** 409: the call is disconnected (ended, closed or missed). */
  Disconnected: 'calls.errors.disconnected',
  /** 409: the change does not apply in the call's state. */
  WrongState: 'calls.errors.wrongState',
  /** 403: only the operator who holds the call may do that. */
  NotYours: 'calls.errors.notYours',
  /** 400: the transfer target is not an online operator of the call's security offices (or is yourself). */
  TransferTarget: 'calls.errors.transferTarget',
  /** 409: the caller already has a call in progress. */
  AlreadyCalling: 'calls.errors.alreadyCalling',
  /** 503: the recordings' S3 bucket cannot be reached (try again later). */
  StorageUnavailable: 'calls.errors.storageUnavailable',
  /** 500 fallback texts. */
  Retrieve: 'calls.errors.retrieve',
  Save: 'calls.errors.save',
} as const;
export type CallErrorCode = (typeof CallErrorCode)[keyof typeof CallErrorCode];

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZLat = z.coerce.number().min(-90).max(90);
const ZLng = z.coerce.number().min(-180).max(180);
const ZText = (max: number) => z.string().trim().max(max, { error: ValidationKey.Max });

/** A position of the caller during the call. */
export const ZCallLocation = z.strictObject({
  Latitude: z.number(),
  Longitude: z.number(),
  /** metres */
  HorizontalAccuracy: z.number().nullable(),
  AtUTC: z.string(),
});
export type CallLocation = z.output<typeof ZCallLocation>;

/** One hand-over of a call (transfer chain): from the operator who held it to the chosen one. */
export const ZCallTransfer = z.strictObject({
  FromUserId: z.number(),
  FromName: z.string(),
  ToUserId: z.number(),
  ToName: z.string(),
  AtUTC: z.string(),
});
export type CallTransfer = z.output<typeof ZCallTransfer>;

/** An emergency contact (spec §3 Incident). */
export const ZEmergencyContact = z.strictObject({
  Name: z.string(),
  Relationship: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  Email: z.string().nullable(),
});
export type EmergencyContact = z.output<typeof ZEmergencyContact>;

/** The medical information of a mobile user (spec §3 Incident: blood type, hearing impaired, height, weight, special). */
export const ZMedicalInfo = z.strictObject({
  BloodType: z.enum(BLOOD_TYPES).nullable(),
  HearingImpaired: z.boolean(),
  /** centimetres */
  HeightCm: z.number().nullable(),
  /** kilograms */
  WeightKg: z.number().nullable(),
  SpecialNotes: z.string().nullable(),
});
export type MedicalInfo = z.output<typeof ZMedicalInfo>;

/** A mobile user's medical profile and emergency contacts (at most three). */
export const ZMedicalProfile = z.strictObject({
  Medical: ZMedicalInfo,
  EmergencyContacts: z.array(ZEmergencyContact),
  /** UTC ISO; null when never saved. */
  UpdatedAtUTC: z.string().nullable(),
});
export type MedicalProfile = z.output<typeof ZMedicalProfile>;

/** The caller as the incident keeps it: the profile at call time (spec §3 Incident). */
export const ZCallerSnapshot = z.strictObject({
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  /** LangId, e.g. 'en', 'sq'. */
  Language: z.string(),
  OrganizationName: z.string().nullable(),
  Medical: ZMedicalInfo,
  EmergencyContacts: z.array(ZEmergencyContact),
});
export type CallerSnapshot = z.output<typeof ZCallerSnapshot>;

/**
 * A call as consoles and the app receive it (lists, events, details): spec §3 Phone/video call
 * (incident id, caller id, status, profile, locations, answeredBy, transferTo). `Status` is the
 * status for the user who asked (callStatusFor); in an event it is null and each console computes
 * its own from the other fields.
 */
export const ZCall = ZCallStatusFields.extend({
  /** The incident id (= call id). */
  IncidentId: z.number(),
  /** The incident's text id (UUID). */
  TextId: z.string(),
  Status: z.enum(CALL_STATUSES).nullable(),
  /** The caller's phone number as stored (E.164) and formatted for display. */
  CallerId: z.string().nullable(),
  cleanedCallerId: z.string().nullable(),
  formattedCallerId: z.string().nullable(),
  CallerUserId: z.number(),
  profile: z.strictObject({
    firstName: z.string(),
    lastName: z.string(),
  }),
  OrganizationId: z.number().nullable(),
  OrganizationName: z.string().nullable(),
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  BranchTimeZone: z.string().nullable(),
  BranchLatitude: z.number().nullable(),
  BranchLongitude: z.number().nullable(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  HorizontalAccuracy: z.number().nullable(),
  locations: z.array(ZCallLocation),
  /** Operator who holds (or last held) the call. */
  answeredBy: z.number().nullable(),
  AnsweredByName: z.string().nullable(),
  /** Operator the call is transferred to while State is 'transfer'. */
  transferTo: z.number().nullable(),
  TransferToName: z.string().nullable(),
  TransferChain: z.array(ZCallTransfer),
  StartTimeUTC: z.string(),
  AnsweredTimeUTC: z.string().nullable(),
  EndTimeUTC: z.string().nullable(),
  ClosedTimeUTC: z.string().nullable(),
  /** seconds from start to first answer (to now while ringing) */
  WaitingSeconds: z.number(),
  /** seconds from first answer to end (to now while talking); null until answered */
  TalkSeconds: z.number().nullable(),
  /** Who disconnected: 'caller' or 'console'; null while connected. */
  EndedBy: z.enum(['caller', 'console']).nullable(),
  AppVersion: z.string().nullable(),
  OS: z.string().nullable(),
  PhoneModel: z.string().nullable(),
});
export type Call = z.output<typeof ZCall>;

/**
 * spec §3 Incident / video recording: the call with the caller's profile as it was at call time,
 * the console answerer, answer time, time zone and the recording's media filename (null until
 * one is kept).
 */
export const ZIncident = ZCall.extend({
  MediaFilename: z.string().nullable(),
  /** UTC ISO: when the incident was opened (the call placed). */
  TimeStampUTC: z.string(),
  Caller: ZCallerSnapshot,
});
export type Incident = z.output<typeof ZIncident>;

/** The CALL event's payload: the call (Status null) and what changed. */
export const ZCallPayload = z.strictObject({
  call: ZCall,
  change: z.enum(['placed', 'answered', 'transferred', 'ended', 'closed', 'missed', 'located']),
});
export type CallPayload = z.output<typeof ZCallPayload>;

// ---- Requests --------------------------------------------------------------------------------

/** A call id in a request (IncidentId). */
export const ZCallIdRequest = z.object({ callId: ZId }).strict();
export type CallIdRequest = z.infer<typeof ZCallIdRequest>;

/** getcalls: the open calls of the caller's scope (no fields). */
export const ZGetCallsRequest = z.object({}).strict();

/** transfercall: hand the call held by the caller to another online operator. */
export const ZTransferCallRequest = z.object({ callId: ZId, toUserId: ZId }).strict();
export type TransferCallRequest = z.infer<typeof ZTransferCallRequest>;

/**
 * getincidents (spec §7 {filter, offset 0, limit 200}): `filter` is a search text (caller name,
 * email, branch or text id; '' for all), with optional YYYY-MM-DD dates (UTC, inclusive); `limit`
 * at most 200 (spec §9).
 */
export const ZGetIncidentsRequest = z
  .object({
    filter: ZText(200).optional().default(''),
    offset: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
    limit: z.coerce.number().int().min(1).max(INCIDENT_PAGE_LIMIT, { error: ValidationKey.Max }).optional().default(INCIDENT_PAGE_LIMIT),
    fromDate: zDay().optional(),
    toDate: zDay().optional(),
  })
  .strict();
export type GetIncidentsRequest = z.infer<typeof ZGetIncidentsRequest>;

/** getincidents' answer: the page, oldest last (newest first), and the total matching. */
export const ZIncidentsPage = z.strictObject({
  incidents: z.array(ZIncident),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type IncidentsPage = z.output<typeof ZIncidentsPage>;

/** Mobile calls/start: place a call for one of the caller's branches, with its position. */
export const ZMobileCallStartRequest = z
  .object({
    branchOfficeId: ZId,
    latitude: ZLat,
    longitude: ZLng,
    horizontalAccuracy: z.coerce.number().min(0).max(100_000).optional(),
    appVersion: ZText(40).optional(),
    os: ZText(60).optional(),
    phoneModel: ZText(80).optional(),
  })
  .strict();
export type MobileCallStartRequest = z.infer<typeof ZMobileCallStartRequest>;

/** Longest SDP accepted in a media offer, characters. */
export const CALL_SDP_MAX = 20_000;

/**
 * Media signalling (mobile calls/media, console callmedia): the client's offer SDP, with its
 * gathered candidates (no trickle); the answer is the server's SDP `{sdp}`.
 */
export const ZCallMediaRequest = z
  .object({
    callId: ZId,
    sdp: z.string().min(10, { error: ValidationKey.Required }).max(CALL_SDP_MAX, { error: ValidationKey.Max }),
  })
  .strict();
export type CallMediaRequest = z.infer<typeof ZCallMediaRequest>;

/**
 * Console media signalling over `/_socket` (docs/API.md "Call media"): after `ready`, the console
 * holding an active call sends its offer as `{type: 'call-media-offer', callId, sdp, lang?}`
 * (`lang` en | sq: the language of an error's description) and receives either
 * `CallMediaSocketAnswer` or `CallMediaSocketError` (the same checks and codes as HTTP callmedia).
 */
export const ZCallMediaSocketOffer = z
  .object({
    type: z.literal('call-media-offer'),
    callId: ZId,
    sdp: z.string().min(10, { error: ValidationKey.Required }).max(CALL_SDP_MAX, { error: ValidationKey.Max }),
    lang: z.string().max(10).optional(),
  })
  .strict();
export type CallMediaSocketOffer = z.infer<typeof ZCallMediaSocketOffer>;

/** The server's answer to a console's `call-media-offer` (SDP with the server's candidates). */
export const ZCallMediaSocketAnswer = z.strictObject({
  type: z.literal('call-media-answer'),
  callId: z.number(),
  sdp: z.string(),
});
export type CallMediaSocketAnswer = z.output<typeof ZCallMediaSocketAnswer>;

/**
 * A refused `call-media-offer`: `status` as HTTP callmedia would answer (400 bad offer, 403
 * calls.errors.notYours, 404 calls.errors.notFound, 409 calls.errors.wrongState / disconnected),
 * `code` the catalogue key and `description` its text; `callId` null when the message was unreadable.
 */
export const ZCallMediaSocketError = z.strictObject({
  type: z.literal('call-media-error'),
  callId: z.number().nullable(),
  status: z.number(),
  code: z.string(),
  description: z.string(),
});
export type CallMediaSocketError = z.output<typeof ZCallMediaSocketError>;

/** GET callrecording/:callId: the recording of a call (WebM, HTTP ranges). */
export const ZCallRecordingParams = z.object({ callId: ZId }).strict();

/** Mobile calls/location: a later position of the caller during the call. */
export const ZMobileCallLocationRequest = z
  .object({ callId: ZId, latitude: ZLat, longitude: ZLng, horizontalAccuracy: z.coerce.number().min(0).max(100_000).optional() })
  .strict();

const ZEmergencyContactInput = z
  .object({
    Name: ZText(100).min(1, { error: ValidationKey.Required }),
    Relationship: ZText(60).nullable().optional(),
    PhoneNumber: ZText(30).nullable().optional(),
    Email: z.email({ error: ValidationKey.Email }).max(254).nullable().optional(),
  })
  .strict();

/** Mobile medicalprofile: read the signed-in user's profile (no fields). */
export const ZMedicalProfileGetRequest = z.object({}).strict();

/** Mobile medicalprofile/update: the whole medical profile and up to three emergency contacts. */
export const ZMedicalProfileRequest = z
  .object({
    Medical: z
      .object({
        BloodType: z.enum(BLOOD_TYPES, { error: ValidationKey.Formatted }).nullable().optional(),
        HearingImpaired: z.boolean().optional(),
        HeightCm: z.number().min(30).max(272).nullable().optional(),
        WeightKg: z.number().min(1).max(650).nullable().optional(),
        SpecialNotes: ZText(1000).nullable().optional(),
      })
      .strict(),
    EmergencyContacts: z.array(ZEmergencyContactInput).max(EMERGENCY_CONTACTS_MAX, { error: ValidationKey.Max }),
  })
  .strict();
export type MedicalProfileRequest = z.infer<typeof ZMedicalProfileRequest>;

// ---- Video recordings report (spec §2 /videorecordings) --------------------------------------

/** Sort keys of the video recordings report. */
export const VIDEO_RECORDING_SORTS = ['start', 'waiting', 'talk', 'caller', 'branch'] as const;

/**
 * getvideorecordings (spec §2 /videorecordings, "Video recordings"): the finished calls (ended,
 * closed out or missed) of the caller's scope whose start falls on the branch-local days of
 * fromDate..toDate, a report like the others (filters, paging, sorting, CSV / XLSX). `search`
 * matches caller name, surname, e-mail, branch or text id; `userId` the caller or the operator who
 * answered. `limit` at most 200 (spec §9 incident page limit).
 */
export const ZVideoRecordingsRequest = ZReportBase.extend({
  case: z.literal('GET-VIDEO-RECORDINGS').default('GET-VIDEO-RECORDINGS'),
  search: ZText(100).optional(),
  sortBy: z.enum(VIDEO_RECORDING_SORTS).default('start'),
  limit: zInteger(1, INCIDENT_PAGE_LIMIT).default(50),
});
export type VideoRecordingsRequest = z.infer<typeof ZVideoRecordingsRequest>;

/** A row of the video recordings report: times UTC and branch-local (`…Local`), durations seconds and hh:mm:ss. */
export const ZVideoRecordingRow = z.strictObject({
  IncidentId: z.number(),
  TextId: z.string(),
  State: z.enum(CALL_STATES),
  StartTimeUTC: z.string(),
  StartTimeLocal: z.string(),
  CallerUserId: z.number(),
  CallerName: z.string(),
  OrganizationName: z.string().nullable(),
  RegionalOfficeName: z.string().nullable(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  BranchTimeZone: z.string().nullable(),
  WaitingSeconds: z.number(),
  TalkSeconds: z.number().nullable(),
  Waiting: z.string(),
  Talk: z.string(),
  AnsweredByName: z.string().nullable(),
  /** The hand-overs in order ('' when none): "A → B, B → C". */
  TransferChain: z.string(),
  /** True when a recording file is kept (GET callrecording/:callId serves it). */
  HasRecording: z.boolean(),
});
export type VideoRecordingRow = z.output<typeof ZVideoRecordingRow>;

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/getcalls. */
export const ZGetcallsBody = z.strictObject({ callobject: z.array(ZCall) });
export type GetcallsBody = z.output<typeof ZGetcallsBody>;

/** Answer body of POST /api/client/getcall, POST /api/client/answercall, POST /api/client/transfercall, POST /api/client/endcall, POST /api/client/closeoutcall. */
export const ZGetcallBody = z.strictObject({ incidentobject: ZIncident });
export type GetcallBody = z.output<typeof ZGetcallBody>;

/** Answer body of POST /api/client/callmedia, POST /api/mobile/calls/media. */
export const ZCallmediaBody = z.strictObject({ sdp: z.string() });
export type CallmediaBody = z.output<typeof ZCallmediaBody>;

/** Answer body of POST /api/client/getincidents. */
export const ZGetincidentsBody = z.strictObject({ incidentobject: ZIncidentsPage });
export type GetincidentsBody = z.output<typeof ZGetincidentsBody>;

/** Answer body of POST /api/client/getvideorecordings. */
export const ZGetvideorecordingsBody = z.strictObject({
  resultobject: z.array(ZVideoRecordingRow),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type GetvideorecordingsBody = z.output<typeof ZGetvideorecordingsBody>;

/** Answer body of POST /api/mobile/calls/start, POST /api/mobile/calls/hangup, POST /api/mobile/calls/status, POST /api/mobile/calls/location. */
export const ZMobileCallsStartBody = z.strictObject({ callobject: ZCall });
export type MobileCallsStartBody = z.output<typeof ZMobileCallsStartBody>;

/** Answer body of POST /api/mobile/medicalprofile, POST /api/mobile/medicalprofile/update. */
export const ZMobileMedicalprofileBody = z.strictObject({ medicalprofile: ZMedicalProfile });
export type MobileMedicalprofileBody = z.output<typeof ZMobileMedicalprofileBody>;
