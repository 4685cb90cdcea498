/**
 * Emergency notification service, ENS (spec §2 Emergency notification dialog, §3 ENS notification
 * and ENS message template, §5 Emergency send, §6 who chooses client/region/location, §7
 * manageensmessagetemplates, NOTIFY-EMEGREGENCY, getnotifications ENS list, §8 emergency send
 * failure). Delivery per recipient and channel (app, e-mail, SMS) is ours: docs/API.md "ENS".
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';

/** Catalogue keys of ENS errors and messages (packages/i18n ens.*.json). */
export const EnsKey = {
  /** Spec §5: at least one employee selected. */
  NoRecipients: 'ens.errors.noRecipients',
  /** A toUsersId id that is not an employee of the chosen branch: nothing is sent. */
  ForeignRecipient: 'ens.errors.foreignRecipient',
  /** organizationId / regionId do not match the chosen branch. */
  BranchMismatch: 'ens.errors.branchMismatch',
  /** fromUserId is not the signed-in user. */
  WrongSender: 'ens.errors.wrongSender',
  TemplateNotFound: 'ens.errors.templateNotFound',
  NotFound: 'ens.errors.notFound',
  ToUsersIdFormat: 'ens.errors.toUsersIdFormat',
  Sent: 'ens.messages.sent',
} as const;

/** Delivery channels of notificationMethod ALL: the mobile app, e-mail and SMS. */
export const ENS_CHANNELS = ['app', 'email', 'sms'] as const;
export type EnsChannel = (typeof ENS_CHANNELS)[number];

/**
 * Status of one delivery (recipient × channel): queued → sending → sent → delivered → read → replied
 * (read and replied only on the app channel); failed after the last attempt; skipped when the
 * recipient has no address for the channel (no phone number).
 */
export const ENS_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'read', 'replied', 'failed', 'skipped'] as const;
export type EnsDeliveryStatus = (typeof ENS_DELIVERY_STATUSES)[number];

/** A recipient's answer in the app: "I am safe" or "I need help" (help raises an Emergency alarm). */
export const ENS_REPLIES = ['safe', 'help'] as const;
export type EnsReply = (typeof ENS_REPLIES)[number];

const ZId = z.coerce.number().int().positive();

/**
 * toUsersId (spec §7): a brace-wrapped list of user ids, "{12,13,14}". An array of ids is accepted
 * too. "{}" or an empty list answers 400 ens.errors.noRecipients (spec §5).
 */
export const ZToUsersId = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\{\s*(\d+\s*(,\s*\d+\s*)*)?\}$/, { error: EnsKey.ToUsersIdFormat })
      .transform((s) =>
        s
          .slice(1, -1)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .map(Number),
      ),
    z.array(ZId),
  ])
  .transform((ids) => [...new Set(ids)])
  .refine((ids) => ids.length > 0, { error: EnsKey.NoRecipients })
  .refine((ids) => ids.length <= 5000, { error: V.Max });

const ZShortMsg = z.string().trim().min(1, { error: V.Required }).max(120, { error: V.Max });
const ZTemplateDescription = z.string().trim().min(1, { error: V.Required }).max(2000, { error: V.Max });

/** NOTIFY-EMEGREGENCY (spelled so, spec §7): the emergency send. `notificationMethod` is always ALL (spec §9). */
export const ZNotifyEmergencyRequest = z.object({
  case: z.literal('NOTIFY-EMEGREGENCY'),
  organizationId: ZId.nullish(),
  regionId: ZId.nullish(),
  branchId: ZId,
  fromUserId: ZId.nullish(),
  toUsersId: ZToUsersId,
  /** The message body (the template's description, possibly edited), 1–2000 characters. */
  message: z.string().trim().min(1, { error: V.Required }).max(2000, { error: V.Max }),
  notificationMethod: z.literal('ALL').default('ALL'),
  msgtemplateid: ZId.nullish(),
});
export type NotifyEmergencyRequest = z.infer<typeof ZNotifyEmergencyRequest>;

/**
 * POST /api/client/manageensmessagetemplates (spec §7: templates for a branchId, send emergency;
 * the template management cases are ours, roles 2 and 12 only).
 */
export const ZManageEnsMessageTemplatesRequest = z.discriminatedUnion('case', [
  /** The templates usable at a branch in scope (its organisation's). */
  z.object({ case: z.literal('GET-ENS-MESSAGE-TEMPLATES'), branchId: ZId }),
  /** Every template of the organisation (org admins; a dealer names the organisation). */
  z.object({ case: z.literal('GET-ALL-ENS-MESSAGE-TEMPLATES'), organizationId: ZId.nullish() }),
  z.object({
    case: z.literal('ADD-ENS-MESSAGE-TEMPLATE'),
    organizationId: ZId.nullish(),
    ShortMsg: ZShortMsg,
    Description: ZTemplateDescription,
  }),
  z.object({
    case: z.literal('UPDATE-ENS-MESSAGE-TEMPLATE'),
    MessageTemplateId: ZId,
    ShortMsg: ZShortMsg,
    Description: ZTemplateDescription,
  }),
  z.object({ case: z.literal('DELETE-ENS-MESSAGE-TEMPLATE'), MessageTemplateId: ZId }),
  ZNotifyEmergencyRequest,
]);
export type ManageEnsMessageTemplatesRequest = z.infer<typeof ZManageEnsMessageTemplatesRequest>;

/** ENS message template (spec §3). */
export const ZEnsMessageTemplate = z.strictObject({
  MessageTemplateId: z.number(),
  ShortMsg: z.string(),
  Description: z.string(),
  OrganizationId: z.number(),
});
export type EnsMessageTemplate = z.output<typeof ZEnsMessageTemplate>;

/** Answer of NOTIFY-EMEGREGENCY: resflag (spec §7) and what was recorded. */
export const ZNotifyEmergencyResult = z.strictObject({
  resflag: z.boolean(),
  EnsId: z.number(),
  Recipients: z.number(),
  Deliveries: z.number(),
});
export type NotifyEmergencyResult = z.output<typeof ZNotifyEmergencyResult>;

/** One delivery of a recipient on one channel. Instants UTC ISO. */
export const ZEnsChannelState = z.strictObject({
  Status: z.enum(ENS_DELIVERY_STATUSES),
  Attempts: z.number(),
  AtUTC: z.string().nullable(),
  Error: z.string().nullable(),
});
export type EnsChannelState = z.output<typeof ZEnsChannelState>;

/** Counts of an ENS notification (live in ENS-STATUS events). */
export const ZEnsCounts = z.strictObject({
  Recipients: z.number(),
  Read: z.number(),
  Safe: z.number(),
  Help: z.number(),
  /** Recipients who have not answered. */
  NoAnswer: z.number(),
  /** Deliveries (recipient × channel) that failed for good. */
  Failed: z.number(),
  /** Deliveries still queued or being sent. */
  Pending: z.number(),
});
export type EnsCounts = z.output<typeof ZEnsCounts>;

/** A recipient of an ENS notification (spec §3 "recipient details"). */
export const ZEnsRecipient = z.strictObject({
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  LangId: z.string(),
  /** The furthest state reached over all channels (replied > read > delivered > sent > queued). */
  Status: z.enum(ENS_DELIVERY_STATUSES),
  Reply: z.enum(ENS_REPLIES).nullable(),
  ReadAtUTC: z.string().nullable(),
  RepliedAtUTC: z.string().nullable(),
  Channels: z.record(z.enum(ENS_CHANNELS), ZEnsChannelState),
});
export type EnsRecipient = z.output<typeof ZEnsRecipient>;

/** ENS notification (spec §3): a row of the ENS list; the detail adds `Recipients`. */
export const ZEnsNotification = z.strictObject({
  Id: z.number(),
  OrganizationId: z.number(),
  OrganizationName: z.string(),
  BranchAction: z.literal('ENS'),
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  /** The sender. */
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  /** The console user who sent it (same person as UserId), with role. */
  SentBy: z.strictObject({
    UserId: z.number(),
    Name: z.string(),
    Surname: z.string(),
    RoleId: z.number(),
  }),
  SecurityOfficeId: z.number().nullable(),
  SecurityOfficeName: z.string().nullable(),
  MessageTemplateId: z.number().nullable(),
  MessageTitle: z.string(),
  MessageContent: z.string(),
  TimeSentUtc: z.string(),
  BranchTimezone: z.string(),
  BranchDst: z.boolean(),
  Counts: ZEnsCounts,
  Recipients: z.array(ZEnsRecipient).optional(),
});
export type EnsNotification = z.output<typeof ZEnsNotification>;

/** POST /api/client/getnotifications ENS cases (handled by the ens module). */
export const ZEnsListRequest = z.object({
  case: z.literal('GET-ENS-NOTIFICATIONS'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const ZEnsDetailRequest = z.object({ case: z.literal('GET-ENS-NOTIFICATION-DETAILS'), ensId: ZId });

// ---------------------------------------------------------------------------------------------
// Mobile: ENS (docs/API.md "Mobile: ENS")

/** An ENS message in the app's inbox (GET /api/mobile/ens). */
export const ZEnsInboxItem = z.strictObject({
  EnsId: z.number(),
  MessageTitle: z.string(),
  MessageContent: z.string(),
  TimeSentUtc: z.string(),
  BranchOfficeId: z.number(),
  BranchOfficeName: z.string(),
  From: z.strictObject({
    Name: z.string(),
    Surname: z.string(),
  }),
  ReadAtUTC: z.string().nullable(),
  Reply: z.enum(ENS_REPLIES).nullable(),
  RepliedAtUTC: z.string().nullable(),
});
export type EnsInboxItem = z.output<typeof ZEnsInboxItem>;

/** POST /api/mobile/ens/read. */
export const ZEnsReadRequest = z.object({ ensId: ZId });
/** POST /api/mobile/ens/reply: "safe" or "help". A later reply replaces an earlier one; "help" raises an Emergency alarm once per recipient. */
export const ZEnsReplyRequest = z.object({ ensId: ZId, reply: z.enum(ENS_REPLIES) });

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/manageensmessagetemplates. */
export const ZManageensmessagetemplatesBody = z.union([
  z.strictObject({ templates: z.array(ZEnsMessageTemplate), template: z.undefined().optional() }),
  z.strictObject({ template: ZEnsMessageTemplate, templates: z.undefined().optional() }),
  z.strictObject({ MessageTemplateId: z.number() }),
  ZNotifyEmergencyResult,
]);
export type ManageensmessagetemplatesBody = z.output<typeof ZManageensmessagetemplatesBody>;

/** Answer body of GET /api/mobile/ens. */
export const ZMobileEnsBody = z.strictObject({ ensobject: z.array(ZEnsInboxItem) });
export type MobileEnsBody = z.output<typeof ZMobileEnsBody>;

/** Answer body of POST /api/mobile/ens/read. */
export const ZMobileEnsReadBody = z.strictObject({ EnsId: z.number(), ReadAtUTC: z.string() });
export type MobileEnsReadBody = z.output<typeof ZMobileEnsReadBody>;

/** Answer body of POST /api/mobile/ens/reply. */
export const ZMobileEnsReplyBody = z.strictObject({
  EnsId: z.number(),
  Reply: z.enum(['safe', 'help']),
  RepliedAtUTC: z.string(),
  AlarmNotificationId: z.number().nullable(),
});
export type MobileEnsReplyBody = z.output<typeof ZMobileEnsReplyBody>;
