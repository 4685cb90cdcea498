/**
 * ENS SQL (docs/API.md "ENS"): templates, the list and detail of sent notifications in scope,
 * counts, the mobile inbox, and the delivery queue's claim (FOR UPDATE SKIP LOCKED).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EnsChannel, EnsCounts, EnsDeliveryStatus, EnsReply } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { ensMessageTemplates, users, worksIn } from '../../db/schema/index.js';
import { branchScope } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';

/** Templates of an organisation (not deleted), by title. */
export function listTemplates(db: Db, organizationId: number) {
  return db
    .select({
      MessageTemplateId: ensMessageTemplates.id,
      ShortMsg: ensMessageTemplates.shortMsg,
      Description: ensMessageTemplates.description,
      OrganizationId: ensMessageTemplates.organizationId,
    })
    .from(ensMessageTemplates)
    .where(and(eq(ensMessageTemplates.organizationId, organizationId), isNull(ensMessageTemplates.deletedAt)))
    .orderBy(ensMessageTemplates.shortMsg, ensMessageTemplates.id);
}

/** One template (not deleted), or undefined. */
export async function findTemplate(db: Db, id: number) {
  const [t] = await db
    .select()
    .from(ensMessageTemplates)
    .where(and(eq(ensMessageTemplates.id, id), isNull(ensMessageTemplates.deletedAt)))
    .limit(1);
  return t;
}

/** The people `ids` with what delivery needs: names, e-mail, phone (E.164) and language. */
export function recipientsByIds(db: Db, ids: number[]) {
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      phoneNumber: users.phoneNumber,
      langId: users.langId,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The first security office a user works in (for a security user's send), or null. */
export async function securityOfficeOf(db: Db, userId: number): Promise<number | null> {
  const [w] = await db
    .select({ id: worksIn.securityOfficeId })
    .from(worksIn)
    .where(and(eq(worksIn.userId, userId), sql`${worksIn.securityOfficeId} is not null`))
    .limit(1);
  return w?.id ?? null;
}

interface CountsRow {
  notification_id: number;
  recipients: number;
  read: number;
  safe: number;
  help: number;
  no_answer: number;
  failed: number;
  pending: number;
}

const toCounts = (r: CountsRow | undefined): EnsCounts => ({
  Recipients: r?.recipients ?? 0,
  Read: r?.read ?? 0,
  Safe: r?.safe ?? 0,
  Help: r?.help ?? 0,
  NoAnswer: r?.no_answer ?? 0,
  Failed: r?.failed ?? 0,
  Pending: r?.pending ?? 0,
});

/** Counts of each notification of `ids` (spec §3 recipient details, summed). */
export async function countsOf(db: Db, ids: number[]): Promise<Map<number, EnsCounts>> {
  if (ids.length === 0) return new Map();
  const idList = sql.join(
    ids.map((i) => sql`${i}::int`),
    sql`, `,
  );
  const list = await rows<CountsRow>(
    db,
    sql`select r.notification_id, count(*)::int as recipients,
          count(*) filter (where r.read_at is not null)::int as read,
          count(*) filter (where r.reply = 'safe')::int as safe,
          count(*) filter (where r.reply = 'help')::int as help,
          count(*) filter (where r.reply is null)::int as no_answer,
          coalesce(max(d.failed), 0)::int as failed,
          coalesce(max(d.pending), 0)::int as pending
        from ens_recipients r
        left join (select notification_id,
            count(*) filter (where status = 'failed') as failed,
            count(*) filter (where status in ('queued', 'sending')) as pending
          from ens_deliveries where notification_id in (${idList}) group by notification_id) d on d.notification_id = r.notification_id
        where r.notification_id in (${idList})
        group by r.notification_id`,
  );
  return new Map(ids.map((id) => [id, toCounts(list.find((r) => Number(r.notification_id) === id))]));
}

/** A notification row as the list and the detail read it. */
export interface EnsNotificationRow {
  id: number;
  organization_id: number;
  organization_name: string;
  regional_office_id: number | null;
  regional_office_name: string | null;
  branch_office_id: number;
  branch_office_name: string;
  time_zone: string;
  from_user_id: number | null;
  sender_name: string | null;
  sender_surname: string | null;
  sender_role_id: number | null;
  security_office_id: number | null;
  security_office_name: string | null;
  message_template_id: number | null;
  message_title: string;
  message_content: string;
  sent_at: string | Date;
}

const notificationSelect = sql`select n.id, n.organization_id, o.name as organization_name, n.regional_office_id, r.name as regional_office_name,
    n.branch_office_id, branch_offices.name as branch_office_name, branch_offices.time_zone, n.from_user_id, s.name as sender_name, s.surname as sender_surname,
    s.role_id as sender_role_id, n.security_office_id, so.name as security_office_name, n.message_template_id, n.message_title,
    n.message_content, n.sent_at
  from ens_notifications n
  join organizations o on o.id = n.organization_id
  join branch_offices on branch_offices.id = n.branch_office_id
  left join offices r on r.id = n.regional_office_id
  left join users s on s.id = n.from_user_id
  left join security_offices so on so.id = n.security_office_id`;

/** ENS notifications of branches in the caller's scope, newest first (`id` set: that one only). branchScope names `branch_offices` unaliased. */
export function listNotifications(db: Db, auth: AuthContext, page: { offset: number; limit: number; id?: number }) {
  return rows<EnsNotificationRow>(
    db,
    sql`${notificationSelect}
      where ${branchScope(auth)} ${page.id ? sql`and n.id = ${page.id}` : sql``}
      order by n.sent_at desc, n.id desc offset ${page.offset} limit ${page.limit}`,
  );
}

/** A recipient with the state of each of its deliveries. */
export interface RecipientStateRow {
  user_id: number;
  name: string;
  surname: string;
  email: string;
  phone_number: string | null;
  lang_id: string;
  reply: EnsReply | null;
  read_at: string | Date | null;
  replied_at: string | Date | null;
  deliveries: { channel: EnsChannel; status: EnsDeliveryStatus; attempts: number; at: string; error: string | null }[];
}

/** Every recipient of notification `id` with its deliveries, by surname and name. */
export function recipientStates(db: Db, id: number) {
  return rows<RecipientStateRow>(
    db,
    sql`select u.id as user_id, u.name, u.surname, u.email, u.phone_number, r.lang_id, r.reply, r.read_at, r.replied_at,
        (select json_agg(json_build_object('channel', d.channel, 'status', d.status, 'attempts', d.attempts, 'at', d.status_at, 'error', d.last_error))
           from ens_deliveries d where d.recipient_id = r.id) as deliveries
      from ens_recipients r join users u on u.id = r.user_id
      where r.notification_id = ${id}
      order by u.surname, u.name, u.id`,
  );
}

/** An ENS message of the mobile inbox. */
export interface InboxRow {
  ens_id: number;
  message_title: string;
  message_content: string;
  sent_at: string | Date;
  branch_office_id: number;
  branch_office_name: string;
  sender_name: string | null;
  sender_surname: string | null;
  read_at: string | Date | null;
  reply: EnsReply | null;
  replied_at: string | Date | null;
}

/** The last 100 ENS messages sent to `userId`, newest first. */
export function inboxOf(db: Db, userId: number) {
  return rows<InboxRow>(
    db,
    sql`select n.id as ens_id, n.message_title, n.message_content, n.sent_at, n.branch_office_id, b.name as branch_office_name,
        s.name as sender_name, s.surname as sender_surname, r.read_at, r.reply, r.replied_at
      from ens_recipients r
      join ens_notifications n on n.id = r.notification_id
      join branch_offices b on b.id = n.branch_office_id
      left join users s on s.id = n.from_user_id
      where r.user_id = ${userId}
      order by n.sent_at desc, n.id desc limit 100`,
  );
}

/** A claimed e-mail or SMS delivery, with what its message needs. */
export interface ClaimedDelivery {
  id: number;
  notification_id: number;
  user_id: number;
  channel: 'email' | 'sms';
  address: string;
  attempts: number;
  lang_id: string;
  name: string;
  message_title: string;
  message_content: string;
  branch_name: string;
  sender: string | null;
}

/**
 * Claims up to `limit` due e-mail/SMS deliveries: queued ones whose time has come, and ones being
 * sent whose lease ran out (their worker died). Each becomes `sending` with one more attempt and a
 * lease of `leaseMs`; rows another worker holds are skipped (FOR UPDATE SKIP LOCKED).
 */
export function claimDue(db: Db, limit: number, leaseMs: number) {
  return rows<ClaimedDelivery>(
    db,
    sql`with claimed as (
        update ens_deliveries d set status = 'sending', attempts = d.attempts + 1,
          next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
        where d.id in (select id from ens_deliveries where status in ('queued', 'sending') and next_attempt_at <= now()
          order by next_attempt_at, id limit ${limit} for update skip locked)
        returning d.id, d.notification_id, d.recipient_id, d.user_id, d.channel, d.address, d.attempts)
      select c.id, c.notification_id, c.user_id, c.channel, c.address, c.attempts, r.lang_id, u.name,
        n.message_title, n.message_content, b.name as branch_name, s.name || ' ' || s.surname as sender
      from claimed c
      join ens_recipients r on r.id = c.recipient_id
      join users u on u.id = c.user_id
      join ens_notifications n on n.id = c.notification_id
      join branch_offices b on b.id = n.branch_office_id
      left join users s on s.id = n.from_user_id
      order by c.id`,
  );
}
