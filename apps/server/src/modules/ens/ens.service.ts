/**
 * Emergency notification service (spec §2 dialog, §5 at least one employee, §6 who chooses what,
 * §7 manageensmessagetemplates / NOTIFY-EMEGREGENCY / the ENS list; docs/API.md "ENS" and
 * "Mobile: ENS").
 *
 * A send is one transaction: the notification, one recipient row per person and one delivery row
 * per person and channel (app, email, sms), the EMERGENCY-NOTIFICATION event (which is the app's
 * push: it lists every recipient) and the audit entry. When it commits, every delivery is recorded;
 * the e-mail and SMS rows are jobs the delivery workers (ens-delivery.ts) take from the database,
 * on any server process, after any restart. Nothing outside the database happens in the request.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ALARM_TYPES,
  EnsKey,
  EventKind,
  inRoleGroup,
  RoleGroup,
  type EnsChannel,
  type EnsDeliveryStatus,
  type EnsReply,
  type EnsStatusChange,
  type EnsStatusPayload,
  type NotifyEmergencyRequest,
  type NotifyEmergencyResult,
  type EnsNotificationsBody,
} from '@vigil/contract';
import { translate } from '@vigil/i18n';
import { rows, type Db } from '../../db/client.js';
import { branchOffices, ensDeliveries, ensMessageTemplates, ensNotifications, ensRecipients } from '../../db/schema/index.js';
import { assertCanManage, targetOrganization } from '../../plugins/authorization.js';
import { AppError, badRequest, forbidden } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { noteBoardChange } from '../../lib/board-changes.js';
import { writeAudit } from '../audit/audit.service.js';
import { branchEventBase, moveBranchStatus } from '../branches/branch-mode.service.js';
import { branchInScope } from '../branches/branches.repository.js';
import { listBranchEmployees } from '../employees/employees.repository.js';
import { withEvents, type NewEvent } from '../realtime/event-log.js';
import {
  countsOf,
  findTemplate,
  inboxOf,
  listNotifications,
  listTemplates,
  recipientStates,
  recipientsByIds,
  securityOfficeOf,
} from './ens.repository.js';
import { presentEnsNotification, presentInboxItem } from './ens.presenter.js';

/** Wakes this process's ENS delivery worker (set by background-jobs when it runs one). */
const wakers = new WeakMap<FastifyInstance, () => void>();
/** Registers the function that wakes the delivery worker of `app`'s process. */
export function onEnsQueued(app: FastifyInstance, wake: () => void): void {
  wakers.set(app, wake);
}

// ---------------------------------------------------------------------------------------------
// Templates

/** The templates usable at a branch in scope: its organisation's (404 for a branch outside scope). */
export async function templatesForBranch(app: FastifyInstance, auth: AuthContext, branchId: number) {
  const b = await branchInScope(app.db, auth, branchId);
  return listTemplates(app.db, b.organizationId);
}

/** Every template of the organisation managed by the caller (roles 2 and 12; 403 otherwise). */
export async function allTemplates(app: FastifyInstance, auth: AuthContext, organizationId: number | null | undefined) {
  assertCanManage(auth);
  return listTemplates(app.db, await targetOrganization(app.db, auth, organizationId));
}

/** A template of an organisation the caller manages (404 otherwise). */
async function manageableTemplate(app: FastifyInstance, auth: AuthContext, id: number) {
  assertCanManage(auth);
  const t = await findTemplate(app.db, id);
  if (!t) throw new AppError(404, EnsKey.TemplateNotFound);
  try {
    await targetOrganization(app.db, auth, t.organizationId);
  } catch {
    throw new AppError(404, EnsKey.TemplateNotFound);
  }
  return t;
}

/** Adds a template (audited). */
export async function addTemplate(
  app: FastifyInstance,
  auth: AuthContext,
  input: { organizationId?: number | null; ShortMsg: string; Description: string },
) {
  assertCanManage(auth);
  const organizationId = await targetOrganization(app.db, auth, input.organizationId);
  return app.db.transaction(async (tx) => {
    const [t] = await tx
      .insert(ensMessageTemplates)
      .values({ organizationId, shortMsg: input.ShortMsg, description: input.Description, createdBy: auth.userId })
      .returning();
    await writeAudit(tx as unknown as Db, {
      actorUserId: auth.userId,
      action: 'add-ens-template',
      entity: 'ens_message_templates',
      entityId: t!.id,
      after: t,
    });
    return { MessageTemplateId: t!.id, ShortMsg: t!.shortMsg, Description: t!.description, OrganizationId: organizationId };
  });
}

/** Changes a template's title and text (audited). */
export async function updateTemplate(
  app: FastifyInstance,
  auth: AuthContext,
  input: { MessageTemplateId: number; ShortMsg: string; Description: string },
) {
  const before = await manageableTemplate(app, auth, input.MessageTemplateId);
  return app.db.transaction(async (tx) => {
    const [t] = await tx
      .update(ensMessageTemplates)
      .set({ shortMsg: input.ShortMsg, description: input.Description })
      .where(eq(ensMessageTemplates.id, before.id))
      .returning();
    await writeAudit(tx as unknown as Db, {
      actorUserId: auth.userId,
      action: 'update-ens-template',
      entity: 'ens_message_templates',
      entityId: before.id,
      before,
      after: t,
    });
    return { MessageTemplateId: t!.id, ShortMsg: t!.shortMsg, Description: t!.description, OrganizationId: t!.organizationId };
  });
}

/** Deletes a template (kept for the notifications that used it; audited). */
export async function deleteTemplate(app: FastifyInstance, auth: AuthContext, id: number) {
  const before = await manageableTemplate(app, auth, id);
  await app.db.transaction(async (tx) => {
    await tx.update(ensMessageTemplates).set({ deletedAt: new Date() }).where(eq(ensMessageTemplates.id, before.id));
    await writeAudit(tx as unknown as Db, {
      actorUserId: auth.userId,
      action: 'delete-ens-template',
      entity: 'ens_message_templates',
      entityId: before.id,
      before,
    });
  });
  return { MessageTemplateId: before.id };
}

// ---------------------------------------------------------------------------------------------
// Sending

/** The title of a send without template: the message's first line, at most 120 characters. */
function titleOf(message: string): string {
  const first = message.split('\n')[0]!.trim();
  return first.length > 120 ? `${first.slice(0, 119)}…` : first;
}

/**
 * NOTIFY-EMEGREGENCY: records the send and every delivery in one transaction.
 * @throws 404 branch outside the caller's scope; 400 ens.errors.branchMismatch (organizationId or
 * regionId not the branch's), ens.errors.templateNotFound, ens.errors.foreignRecipient (an id that
 * does not work at the branch or its region: nothing is recorded); 403 ens.errors.wrongSender.
 */
export async function sendEmergency(
  app: FastifyInstance,
  auth: AuthContext,
  input: NotifyEmergencyRequest,
): Promise<NotifyEmergencyResult> {
  if (input.fromUserId && input.fromUserId !== auth.userId) throw forbidden(EnsKey.WrongSender);
  const b = await branchInScope(app.db, auth, input.branchId);
  if (input.organizationId && input.organizationId !== b.organizationId) throw badRequest(EnsKey.BranchMismatch, 'organizationId');
  if (input.regionId && input.regionId !== b.regionalOfficeId) throw badRequest(EnsKey.BranchMismatch, 'regionId');
  let title = titleOf(input.message);
  if (input.msgtemplateid) {
    const t = await findTemplate(app.db, input.msgtemplateid);
    if (!t || t.organizationId !== b.organizationId) throw badRequest(EnsKey.TemplateNotFound, 'msgtemplateid');
    title = t.shortMsg;
  }
  const staff = new Set((await listBranchEmployees(app.db, { id: b.id, regionalOfficeId: b.regionalOfficeId })).map((e) => e.UserId));
  if (input.toUsersId.some((id) => !staff.has(id))) throw badRequest(EnsKey.ForeignRecipient, 'toUsersId');
  const people = await recipientsByIds(app.db, input.toUsersId);
  const securityOfficeId = inRoleGroup(RoleGroup.Security, auth.roleId) ? await securityOfficeOf(app.db, auth.userId) : b.securityOfficeId;
  const at = new Date();

  const { result } = await withEvents(app, async (tx, emit) => {
    const [n] = await tx
      .insert(ensNotifications)
      .values({
        organizationId: b.organizationId,
        regionalOfficeId: b.regionalOfficeId,
        branchOfficeId: b.id,
        fromUserId: auth.userId,
        securityOfficeId,
        messageTemplateId: input.msgtemplateid ?? null,
        messageTitle: title,
        messageContent: input.message,
        sentAt: at,
      })
      .returning({ id: ensNotifications.id });
    const ensId = n!.id;
    // Set-based: one statement for the recipients, one for their deliveries (no row passes through Node).
    const idArray = sql.raw(`'{${people.map((p) => p.id).join(',')}}'::int[]`);
    const recs = await rows<{ userId: number }>(
      tx,
      sql`insert into ens_recipients (notification_id, user_id, lang_id)
        select ${ensId}, u.id, u.lang_id from users u where u.id = any(${idArray}) order by u.id
        returning user_id as "userId"`,
    );
    const deliveries = await rows<{ n: number }>(
      tx,
      sql`with added as (insert into ens_deliveries (notification_id, recipient_id, user_id, channel, address, status, status_at, next_attempt_at)
        select r.notification_id, r.id, r.user_id, c.channel,
          case c.channel when 'app' then null when 'email' then u.email else u.phone_number end,
          case when c.channel = 'app' then 'sent' when c.channel = 'sms' and u.phone_number is null then 'skipped' else 'queued' end,
          ${at}, ${at}
        from ens_recipients r join users u on u.id = r.user_id cross join (values ('app'), ('email'), ('sms')) as c(channel)
        where r.notification_id = ${ensId} order by r.id, c.channel
        returning 1) select count(*)::int as n from added`,
    );
    const [eventId] = await emit([
      {
        kind: EventKind.EmergencyNotification,
        organizationId: b.organizationId,
        regionalOfficeId: b.regionalOfficeId,
        branchOfficeId: b.id,
        userId: auth.userId,
        branchAction: 'ENS',
        isTestNotification: b.testMode,
        messageContent: input.message,
        occurredAt: at,
        audience: 'all',
        recipientUserIds: recs.map((r) => r.userId),
        payload: { EnsId: ensId, MessageTitle: title, MessageTemplateId: input.msgtemplateid ?? null, Recipients: recs.length },
      },
    ]);
    await tx.update(ensNotifications).set({ eventId: eventId! }).where(eq(ensNotifications.id, ensId));
    await writeAudit(tx, {
      actorUserId: auth.userId,
      action: 'send-ens',
      entity: 'ens_notifications',
      entityId: ensId,
      after: { branchOfficeId: b.id, recipients: recs.length, title },
    });
    return { resflag: true, EnsId: ensId, Recipients: recs.length, Deliveries: deliveries[0]!.n };
  });
  wakers.get(app)?.();
  return result;
}

// ---------------------------------------------------------------------------------------------
// Status events

/** Where an ENS notification's events go: its organisation, region and branch. */
async function notificationRoute(db: Db, ensId: number) {
  const [n] = await db
    .select({
      id: ensNotifications.id,
      organizationId: ensNotifications.organizationId,
      regionalOfficeId: ensNotifications.regionalOfficeId,
      branchOfficeId: ensNotifications.branchOfficeId,
      messageTitle: ensNotifications.messageTitle,
    })
    .from(ensNotifications)
    .where(eq(ensNotifications.id, ensId));
  return n;
}

/**
 * The ENS-STATUS event of `changes` to notification `ensId` (read inside `tx`, after the changes,
 * so its counts are those the change committed).
 */
export async function statusEvent(tx: Db, ensId: number, changes: EnsStatusChange[]): Promise<NewEvent> {
  const n = (await notificationRoute(tx, ensId))!;
  const counts = (await countsOf(tx, [ensId])).get(ensId)!;
  return {
    kind: EventKind.EnsStatus,
    organizationId: n.organizationId,
    regionalOfficeId: n.regionalOfficeId,
    branchOfficeId: n.branchOfficeId,
    userId: changes.length === 1 ? changes[0]!.UserId : null,
    branchAction: 'ENS',
    audience: 'all',
    payload: { EnsId: ensId, Changes: changes, Counts: counts } satisfies EnsStatusPayload,
  };
}

/** Moves `userId`'s app delivery of `ensId` to `status` unless it is already there or further; true when it moved. */
async function advanceApp(tx: Db, ensId: number, userId: number, status: EnsDeliveryStatus, from: EnsDeliveryStatus[], at: Date) {
  const moved = await tx
    .update(ensDeliveries)
    .set({ status, statusAt: at })
    .where(
      and(
        eq(ensDeliveries.notificationId, ensId),
        eq(ensDeliveries.userId, userId),
        eq(ensDeliveries.channel, 'app' satisfies EnsChannel),
        inArray(ensDeliveries.status, from),
      ),
    )
    .returning({ id: ensDeliveries.id });
  return moved.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Lists

/** getnotifications GET-ENS-NOTIFICATIONS: ENS notifications of branches in scope, newest first, with counts. */
export async function ensList(app: FastifyInstance, auth: AuthContext, page: { offset: number; limit: number }) {
  const list = await listNotifications(app.db, auth, page);
  const counts = await countsOf(
    app.db,
    list.map((r) => r.id),
  );
  return list.map((r) => presentEnsNotification(r, counts.get(r.id)!));
}

/** getnotifications GET-ENS-NOTIFICATION-DETAILS: one ENS notification in scope with every recipient's states (404 otherwise). */
export async function ensDetail(app: FastifyInstance, auth: AuthContext, ensId: number) {
  const [r] = await listNotifications(app.db, auth, { offset: 0, limit: 1, id: ensId });
  if (!r) throw new AppError(404, EnsKey.NotFound);
  const [counts, recipients] = await Promise.all([countsOf(app.db, [ensId]), recipientStates(app.db, ensId)]);
  return presentEnsNotification(r, counts.get(ensId)!, recipients);
}

// ---------------------------------------------------------------------------------------------
// Mobile

/**
 * GET /api/mobile/ens: the user's last 100 ENS messages. App deliveries still `sent` become
 * `delivered` (the app has them now), with an ENS-STATUS event per notification.
 */
export async function mobileInbox(app: FastifyInstance, auth: AuthContext) {
  const at = new Date();
  await withEvents(app, async (tx, emit) => {
    const moved = await tx
      .update(ensDeliveries)
      .set({ status: 'delivered', statusAt: at })
      .where(and(eq(ensDeliveries.userId, auth.userId), eq(ensDeliveries.channel, 'app'), eq(ensDeliveries.status, 'sent')))
      .returning({ ensId: ensDeliveries.notificationId });
    const change = { UserId: auth.userId, Channel: 'app' as const, Status: 'delivered' as const, AtUTC: at.toISOString() };
    const events = [];
    for (const ensId of new Set(moved.map((m) => m.ensId))) events.push(await statusEvent(tx, ensId, [change]));
    if (events.length) await emit(events);
  });
  return (await inboxOf(app.db, auth.userId)).map(presentInboxItem);
}

/** The caller's recipient row of `ensId` (404 ens.errors.notFound when the caller is not a recipient). */
async function ownRecipient(tx: Db, auth: AuthContext, ensId: number) {
  const [r] = await tx
    .select()
    .from(ensRecipients)
    .where(and(eq(ensRecipients.notificationId, ensId), eq(ensRecipients.userId, auth.userId)))
    .for('update');
  if (!r) throw new AppError(404, EnsKey.NotFound);
  return r;
}

/** POST /api/mobile/ens/read: the recipient opened the message (first time only: read time and an ENS-STATUS event). */
export async function mobileRead(app: FastifyInstance, auth: AuthContext, ensId: number) {
  const at = new Date();
  const { result } = await withEvents(app, async (tx, emit) => {
    const r = await ownRecipient(tx, auth, ensId);
    if (r.readAt) return { EnsId: ensId, ReadAtUTC: r.readAt.toISOString() };
    await tx.update(ensRecipients).set({ readAt: at }).where(eq(ensRecipients.id, r.id));
    await advanceApp(tx, ensId, auth.userId, 'read', ['sent', 'delivered'], at);
    await emit([await statusEvent(tx, ensId, [{ UserId: auth.userId, Channel: 'app', Status: 'read', AtUTC: at.toISOString() }])]);
    return { EnsId: ensId, ReadAtUTC: at.toISOString() };
  });
  return result;
}

/**
 * POST /api/mobile/ens/reply: "safe" or "help". A later reply replaces an earlier one. The first
 * "help" of a recipient raises an Emergency alarm (spec §9 type 12) at the notification's branch,
 * in the same transaction: the alarm panel shows it like any emergency.
 */
export async function mobileReply(app: FastifyInstance, auth: AuthContext, ensId: number, reply: EnsReply) {
  const at = new Date();
  const { result } = await withEvents(app, async (tx, emit) => {
    const r = await ownRecipient(tx, auth, ensId);
    const raiseAlarm = reply === 'help' && r.helpEventId == null;
    await tx
      .update(ensRecipients)
      .set({ reply, repliedAt: at, readAt: r.readAt ?? at })
      .where(eq(ensRecipients.id, r.id));
    await advanceApp(tx, ensId, auth.userId, 'replied', ['sent', 'delivered', 'read', 'replied'], at);
    const events: NewEvent[] = [
      await statusEvent(tx, ensId, [{ UserId: auth.userId, Channel: 'app', Status: 'replied', Reply: reply, AtUTC: at.toISOString() }]),
    ];
    let alarmIndex = -1;
    if (raiseAlarm) {
      const n = (await notificationRoute(tx, ensId))!;
      const [b] = await tx.select().from(branchOffices).where(eq(branchOffices.id, n.branchOfficeId));
      const t = ALARM_TYPES.EMERGENCY;
      for (const w of moveBranchStatus(b!.id, [t.branchAction], at)) await w(tx);
      alarmIndex = events.length;
      events.push({
        ...branchEventBase(b!, auth, at),
        kind: EventKind.Notification,
        branchAction: t.branchAction,
        notificationType: t.notificationType,
        securityAlert: t.securityAlert,
        messageContent: translate('en', 'ens.alarm.help', { name: `${auth.name} ${auth.surname}`, title: n.messageTitle }),
        payload: { ensId },
      });
    }
    const ids = await emit(events);
    if (alarmIndex >= 0) await tx.update(ensRecipients).set({ helpEventId: ids[alarmIndex]! }).where(eq(ensRecipients.id, r.id));
    return { EnsId: ensId, Reply: reply, RepliedAtUTC: at.toISOString(), AlarmNotificationId: alarmIndex >= 0 ? ids[alarmIndex]! : null };
  });
  if (result.AlarmNotificationId != null) noteBoardChange(); // committed: see moveBranchStatus
  return result;
}

/**
 * getnotifications ENS cases (handed to the notifications routes by app.ts): GET-ENS-NOTIFICATIONS
 * → `{ temp_ens_notificationobject: EnsNotification[] }`; GET-ENS-NOTIFICATION-DETAILS →
 * `{ temp_ens_notificationobject: EnsNotification }` with Recipients.
 */
export async function ensNotificationsCase(
  app: FastifyInstance,
  auth: AuthContext,
  input: { case: 'GET-ENS-NOTIFICATIONS'; offset: number; limit: number } | { case: 'GET-ENS-NOTIFICATION-DETAILS'; ensId: number },
): Promise<EnsNotificationsBody> {
  if (input.case === 'GET-ENS-NOTIFICATIONS') return { temp_ens_notificationobject: await ensList(app, auth, input) };
  return { temp_ens_notificationobject: await ensDetail(app, auth, input.ensId) };
}
