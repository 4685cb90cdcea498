/**
 * ENS JSON shapes (contract ens.ts): the list row and detail (spec §3 ENS notification), a
 * recipient's per-channel states, and the mobile inbox item. One presenter per shape, used by REST
 * and by the ENS-STATUS socket payloads alike.
 */
import { DateTime } from 'luxon';
import {
  ENS_CHANNELS,
  type EnsChannel,
  type EnsChannelState,
  type EnsCounts,
  type EnsDeliveryStatus,
  type EnsInboxItem,
  type EnsNotification,
  type EnsRecipient,
} from '@vigil/contract';
import { iso } from '../../lib/zone-time.js';
import type { EnsNotificationRow, InboxRow, RecipientStateRow } from './ens.repository.js';

const isoOrNull = (v: string | Date | null | undefined) => (v == null ? null : iso(v));

/** Whether `zone` observes daylight saving time at `at` (spec §3 BranchDst). */
function inDst(zone: string, at: Date): boolean {
  const dt = DateTime.fromJSDate(at, { zone });
  return dt.isValid ? dt.isInDST : false;
}

/** A row of the ENS list (getnotifications GET-ENS-NOTIFICATIONS) or, with `recipients`, the detail. */
export function presentEnsNotification(r: EnsNotificationRow, counts: EnsCounts, recipients?: RecipientStateRow[]): EnsNotification {
  const sentAt = new Date(iso(r.sent_at));
  return {
    Id: r.id,
    OrganizationId: r.organization_id,
    OrganizationName: r.organization_name,
    BranchAction: 'ENS',
    RegionalOfficeId: r.regional_office_id,
    RegionalOfficeName: r.regional_office_name,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_office_name,
    UserId: r.from_user_id ?? 0,
    Name: r.sender_name ?? '',
    Surname: r.sender_surname ?? '',
    SentBy: { UserId: r.from_user_id ?? 0, Name: r.sender_name ?? '', Surname: r.sender_surname ?? '', RoleId: r.sender_role_id ?? 0 },
    SecurityOfficeId: r.security_office_id,
    SecurityOfficeName: r.security_office_name,
    MessageTemplateId: r.message_template_id,
    MessageTitle: r.message_title,
    MessageContent: r.message_content,
    TimeSentUtc: sentAt.toISOString(),
    BranchTimezone: r.time_zone,
    BranchDst: inDst(r.time_zone, sentAt),
    Counts: counts,
    ...(recipients ? { Recipients: recipients.map(presentRecipient) } : {}),
  };
}

/** Order of delivery states, furthest last (a recipient's Status is its furthest channel's). */
const PROGRESS: EnsDeliveryStatus[] = ['skipped', 'failed', 'queued', 'sending', 'sent', 'delivered', 'read', 'replied'];

/** A recipient with its per-channel states (spec §3 recipient details). */
export function presentRecipient(r: RecipientStateRow): EnsRecipient {
  const channels = Object.fromEntries(
    ENS_CHANNELS.map((c) => [c, { Status: 'skipped', Attempts: 0, AtUTC: null, Error: null } satisfies EnsChannelState]),
  ) as Record<EnsChannel, EnsChannelState>;
  for (const d of r.deliveries ?? []) {
    channels[d.channel] = { Status: d.status, Attempts: d.attempts, AtUTC: isoOrNull(d.at), Error: d.error };
  }
  const status = ENS_CHANNELS.map((c) => channels[c].Status).reduce((a, b) => (PROGRESS.indexOf(b) > PROGRESS.indexOf(a) ? b : a));
  return {
    UserId: r.user_id,
    Name: r.name,
    Surname: r.surname,
    Email: r.email,
    PhoneNumber: r.phone_number,
    LangId: r.lang_id,
    Status: status,
    Reply: r.reply,
    ReadAtUTC: isoOrNull(r.read_at),
    RepliedAtUTC: isoOrNull(r.replied_at),
    Channels: channels,
  };
}

/** An ENS message of the mobile inbox (GET /api/mobile/ens). */
export function presentInboxItem(r: InboxRow): EnsInboxItem {
  return {
    EnsId: r.ens_id,
    MessageTitle: r.message_title,
    MessageContent: r.message_content,
    TimeSentUtc: iso(r.sent_at),
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_office_name,
    From: { Name: r.sender_name ?? '', Surname: r.sender_surname ?? '' },
    ReadAtUTC: isoOrNull(r.read_at),
    Reply: r.reply,
    RepliedAtUTC: isoOrNull(r.replied_at),
  };
}
