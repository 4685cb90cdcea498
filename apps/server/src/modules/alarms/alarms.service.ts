/**
 * The shared alarm workflow (spec §7 managealarms): ACKNOWLEDGE — the first acknowledgement wins
 * and is shown on every console through an ALARM_ACK event — and ADD-NOTE (an ALARM_NOTE event).
 * The alarm must be a notification of a branch in the caller's scope (404 errors.alarmNotFound).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type AlarmAcknowledgedPayload, type AlarmNotePayload } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { alarmAcknowledgements, alarmNotes, branchOffices, events, EventKind } from '../../db/schema/index.js';
import { branchScope } from '../../plugins/authorization.js';
import { AppError } from '../../plugins/errors.js';
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

/**
 * ACKNOWLEDGE: the first acknowledgement of an alarm wins (an ALARM_ACK event, audited); a later
 * one changes nothing and answers who acknowledged first and when (UTC ISO).
 */
export async function acknowledgeAlarm(app: FastifyInstance, a: Actor, notificationId: number) {
  const e = await alarmInScope(app.db, a.auth, notificationId);
  const { result } = await withEvents(app, async (tx, emit) => {
    const inserted = await tx
      .insert(alarmAcknowledgements)
      .values({ eventId: e.id, userId: a.auth.userId })
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
          }),
        } satisfies AlarmAcknowledgedPayload,
      },
    ]);
    await writeAudit(tx, { actorUserId: a.auth.userId, action: 'acknowledge-alarm', entity: 'events', entityId: e.id, ip: a.ip });
    return { acknowledged: true, AcknowledgedBy: a.auth.userId, AcknowledgedAtUTC: ack.acknowledgedAt.toISOString() };
  });
  return result;
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
