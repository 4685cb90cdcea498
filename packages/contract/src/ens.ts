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
export interface EnsMessageTemplate {
  MessageTemplateId: number;
  ShortMsg: string;
  Description: string;
  OrganizationId: number;
}

/** Answer of NOTIFY-EMEGREGENCY: resflag (spec §7) and what was recorded. */
export interface NotifyEmergencyResult {
  resflag: boolean;
  EnsId: number;
  Recipients: number;
  Deliveries: number;
}

/** One delivery of a recipient on one channel. Instants UTC ISO. */
export interface EnsChannelState {
  Status: EnsDeliveryStatus;
  Attempts: number;
  AtUTC: string | null;
  Error: string | null;
}

/** Counts of an ENS notification (live in ENS-STATUS events). */
export interface EnsCounts {
  Recipients: number;
  Read: number;
  Safe: number;
  Help: number;
  /** Recipients who have not answered. */
  NoAnswer: number;
  /** Deliveries (recipient × channel) that failed for good. */
  Failed: number;
  /** Deliveries still queued or being sent. */
  Pending: number;
}

/** A recipient of an ENS notification (spec §3 "recipient details"). */
export interface EnsRecipient {
  UserId: number;
  Name: string;
  Surname: string;
  Email: string;
  PhoneNumber: string | null;
  LangId: string;
  /** The furthest state reached over all channels (replied > read > delivered > sent > queued). */
  Status: EnsDeliveryStatus;
  Reply: EnsReply | null;
  ReadAtUTC: string | null;
  RepliedAtUTC: string | null;
  Channels: Record<EnsChannel, EnsChannelState>;
}

/** ENS notification (spec §3): a row of the ENS list; the detail adds `Recipients`. */
export interface EnsNotification {
  Id: number;
  OrganizationId: number;
  OrganizationName: string;
  BranchAction: 'ENS';
  RegionalOfficeId: number | null;
  RegionalOfficeName: string | null;
  BranchOfficeId: number;
  BranchOfficeName: string;
  /** The sender. */
  UserId: number;
  Name: string;
  Surname: string;
  /** The console user who sent it (same person as UserId), with role. */
  SentBy: { UserId: number; Name: string; Surname: string; RoleId: number };
  SecurityOfficeId: number | null;
  SecurityOfficeName: string | null;
  MessageTemplateId: number | null;
  MessageTitle: string;
  MessageContent: string;
  TimeSentUtc: string;
  BranchTimezone: string;
  BranchDst: boolean;
  Counts: EnsCounts;
  Recipients?: EnsRecipient[];
}

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
export interface EnsInboxItem {
  EnsId: number;
  MessageTitle: string;
  MessageContent: string;
  TimeSentUtc: string;
  BranchOfficeId: number;
  BranchOfficeName: string;
  From: { Name: string; Surname: string };
  ReadAtUTC: string | null;
  Reply: EnsReply | null;
  RepliedAtUTC: string | null;
}

/** POST /api/mobile/ens/read. */
export const ZEnsReadRequest = z.object({ ensId: ZId });
/** POST /api/mobile/ens/reply: "safe" or "help". A later reply replaces an earlier one; "help" raises an Emergency alarm once per recipient. */
export const ZEnsReplyRequest = z.object({ ensId: ZId, reply: z.enum(ENS_REPLIES) });
