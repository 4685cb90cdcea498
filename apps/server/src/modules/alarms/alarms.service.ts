/**
 * The shared alarm workflow (spec §7 managealarms): ACKNOWLEDGE — the first acknowledgement wins
 * and is shown on every console through an ALARM_ACK event; panic, duress and emergency need a
 * disposition from the organisation's list and a note (issue 13) — and ADD-NOTE (an ALARM_NOTE
 * event). The alarm must be a notification of a branch in the caller's scope (404
 * errors.alarmNotFound). GET-/UPDATE-DISPOSITIONS read and replace an organisation's list.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  AlarmKey,
  ErrorCode,
  needsDisposition,
  type AlarmAcknowledgedPayload,
  type AlarmDispositions,
  type AlarmNotePayload,
} from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { alarmAcknowledgements, alarmNotes, branchOffices, events, EventKind, organizations } from '../../db/schema/index.js';
import { assertCanManage, assertOrganizationInScope, branchScope, targetOrganization } from '../../plugins/authorization.js';
import { AppError, badRequest } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { withEvents } from '../realtime/event-log.js';
import { presentAcknowledgement, presentNote } from '../realtime/notification.presenter.js';

/** Who acts and from where (audit). */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

type Alarm = typeof events.$inferSelect;

/** The notification `notificationId` of a branch in scope. @throws 404 errors.alarmNotFound otherwise. */
async function alarmInScope(db: Db, auth: AuthContext, notificationId: number): Promise<Alarm> {
  const [alarm] = await db
    .select({ e: events })
    .from(events)
    .innerJoin(branchOffices, eq(branchOffices.id, events.branchOfficeId))
    .where(and(eq(events.id, notificationId), eq(events.kind, EventKind.Notification), branchScope(auth)))
    .limit(1);
  if (!alarm) throw new AppError(404, ErrorCode.AlarmNotFound);
  return alarm.e;
}

/** Where an alarm event belongs and who acts, for the events of its workflow. */
const eventBase = (e: Alarm, auth: AuthContext) => ({
  organizationId: e.organizationId,
  regionalOfficeId: e.regionalOfficeId,
  branchOfficeId: e.branchOfficeId,
  userId: auth.userId,
  isTestNotification: e.isTestNotification,
  branchAction: e.branchAction,
});

/** What an operator gives with an acknowledgement (both required for panic, duress and emergency). */
export interface AcknowledgeInput {
  disposition?: string | undefined;
  note?: string | undefined;
}

/** The organisation's disposition list (its defaults until an admin changes it). */
async function dispositionsOf(db: Db, organizationId: number): Promise<string[]> {
  const [o] = await db.select({ d: organizations.alarmDispositions }).from(organizations).where(eq(organizations.id, organizationId));
  return o?.d ?? [];
}

/**
 * ACKNOWLEDGE: the first acknowledgement of an alarm wins (an ALARM_ACK event, audited); a later
 * one changes nothing and answers who acknowledged first and when (UTC ISO). Panic, duress and
 * emergency are refused without a disposition of the organisation's list and a note: 400
 * alarms.errors.dispositionRequired / dispositionUnknown (field disposition) / noteRequired
 * (field note), checked before anything is written.
 */
export async function acknowledgeAlarm(app: FastifyInstance, a: Actor, notificationId: number, input: AcknowledgeInput = {}) {
  const e = await alarmInScope(app.db, a.auth, notificationId);
  const disposition = input.disposition?.trim() || null;
  const note = input.note?.trim() || null;
  if (needsDisposition(e.notificationType, e.branchAction)) {
    if (!disposition) throw badRequest(AlarmKey.DispositionRequired, 'disposition');
    if (!note) throw badRequest(AlarmKey.NoteRequired, 'note');
  }
  if (disposition && (e.organizationId == null || !(await dispositionsOf(app.db, e.organizationId)).includes(disposition)))
    throw badRequest(AlarmKey.DispositionUnknown, 'disposition');
  const { result } = await withEvents(app, async (tx, emit) => {
    const inserted = await tx
      .insert(alarmAcknowledgements)
      .values({ eventId: e.id, userId: a.auth.userId, disposition, note })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) {
      // Someone was first: answer who and when, change nothing.
      const [first] = await tx.select().from(alarmAcknowledgements).where(eq(alarmAcknowledgements.eventId, e.id));
      return { acknowledged: false, AcknowledgedBy: first!.userId, AcknowledgedAtUTC: first!.acknowledgedAt.toISOString() };
    }
    const ack = inserted[0]!;
    await emit([
      {
        ...eventBase(e, a.auth),
        kind: EventKind.AlarmAcknowledged,
        payload: {
          NotificationId: e.id,
          Acknowledged: presentAcknowledgement({
            userId: a.auth.userId,
            name: a.auth.name,
            surname: a.auth.surname,
            at: ack.acknowledgedAt,
            disposition,
            note,
          }),
        } satisfies AlarmAcknowledgedPayload,
      },
    ]);
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: 'acknowledge-alarm',
      entity: 'events',
      entityId: e.id,
      after: disposition || note ? { disposition, note } : undefined,
      ip: a.ip,
    });
    return { acknowledged: true, AcknowledgedBy: a.auth.userId, AcknowledgedAtUTC: ack.acknowledgedAt.toISOString() };
  });
  return result;
}

/** GET-DISPOSITIONS: the list of an organisation in the caller's scope (403 otherwise). */
export async function getDispositions(app: FastifyInstance, a: Actor, organizationId: number): Promise<AlarmDispositions> {
  await assertOrganizationInScope(app.db, a.auth, organizationId);
  return { OrganizationId: organizationId, Dispositions: await dispositionsOf(app.db, organizationId) };
}

/**
 * UPDATE-DISPOSITIONS: replaces the organisation's list (organisation admin 2 of its own; dealer 12
 * naming it; 403 otherwise). 400 alarms.errors.dispositionRepeated when an entry appears twice
 * (case-insensitive). Audited with before and after. Past acknowledgements keep their text.
 */
export async function updateDispositions(
  app: FastifyInstance,
  a: Actor,
  requested: number | undefined,
  dispositions: string[],
): Promise<AlarmDispositions> {
  assertCanManage(a.auth);
  const organizationId = await targetOrganization(app.db, a.auth, requested);
  const list = dispositions.map((d) => d.trim());
  if (new Set(list.map((d) => d.toLowerCase())).size !== list.length) throw badRequest(AlarmKey.DispositionRepeated, 'dispositions');
  await app.db.transaction(async (tx) => {
    const before = await dispositionsOf(tx, organizationId);
    await tx.update(organizations).set({ alarmDispositions: list }).where(eq(organizations.id, organizationId));
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: 'update-alarm-dispositions',
      entity: 'organizations',
      entityId: organizationId,
      before: { dispositions: before },
      after: { dispositions: list },
      ip: a.ip,
    });
  });
  return { OrganizationId: organizationId, Dispositions: list };
}

/** ADD-NOTE: a note on an alarm (an ALARM_NOTE event, audited). Answers `{NoteId}`. */
export async function addAlarmNote(app: FastifyInstance, a: Actor, notificationId: number, note: string) {
  const e = await alarmInScope(app.db, a.auth, notificationId);
  const { result } = await withEvents(app, async (tx, emit) => {
    const [row] = await tx.insert(alarmNotes).values({ eventId: e.id, userId: a.auth.userId, note }).returning();
    await emit([
      {
        ...eventBase(e, a.auth),
        kind: EventKind.AlarmNote,
        payload: {
          NotificationId: e.id,
          Note: presentNote({ id: row!.id, note: row!.note, name: a.auth.name, surname: a.auth.surname, at: row!.createdAt }),
        } satisfies AlarmNotePayload,
      },
    ]);
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: 'add-alarm-note',
      entity: 'events',
      entityId: e.id,
      after: { note },
      ip: a.ip,
    });
    return { NoteId: row!.id };
  });
  return result;
}
