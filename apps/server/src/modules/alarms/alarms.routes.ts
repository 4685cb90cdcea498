/**
 * Console branch actions and the shared alarm workflow:
 * - POST /api/client/setbranchmode case SET-BRANCH-MODE (spec §7; §4 open/close/service).
 * - POST /api/client/managealarms case ACKNOWLEDGE (first acknowledgement wins, shown on every
 *   console through an ALARM-ACK event) and ADD-NOTE (an ALARM-NOTE event). Their payloads are the
 *   objects the notification row shows (Acknowledged, Notes), made by the same presenter.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  ErrorCode,
  ZManageAlarmsRequest,
  ZSetBranchModeRequest,
  type AlarmAcknowledgedPayload,
  type AlarmNotePayload,
} from '@vigil/contract';
import { alarmAcknowledgements, alarmNotes, events, EventKind } from '../../db/schema/index.js';
import { branchScope } from '../../plugins/authorization.js';
import { AppError } from '../../plugins/errors.js';
import { requireClient } from '../../plugins/session.js';
import { branchOffices } from '../../db/schema/index.js';
import { writeAudit } from '../audit/audit.service.js';
import { withEvents } from '../realtime/event-log.js';
import { presentAcknowledgement, presentNote } from '../notifications/notification.presenter.js';
import { branchAction } from '../mobile/mobile.service.js';
import { punctualityOf } from '../mobile/punctuality.js';

export async function alarmsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/client/setbranchmode', { preValidation: requireClient, schema: { body: ZSetBranchModeRequest } }, async (req) => {
    const body = await branchAction(
      app,
      req.auth!,
      { branchOfficeId: req.body.branchOfficeId, action: req.body.mode },
      { source: 'console', punctuality: punctualityOf(app.db) },
    );
    await writeAudit(app.db, {
      actorUserId: req.auth!.userId,
      action: 'set-branch-mode',
      entity: 'branch_offices',
      entityId: req.body.branchOfficeId,
      after: { mode: req.body.mode },
      ip: req.ip,
    });
    return { success: true, body };
  });

  app.post('/api/client/managealarms', { preValidation: requireClient, schema: { body: ZManageAlarmsRequest } }, async (req) => {
    const auth = req.auth!;
    const input = req.body;
    // The alarm must be a notification of a branch in the caller's scope.
    const [alarm] = await app.db
      .select({ e: events })
      .from(events)
      .innerJoin(branchOffices, eq(branchOffices.id, events.branchOfficeId))
      .where(and(eq(events.id, input.notificationId), eq(events.kind, EventKind.Notification), branchScope(auth)))
      .limit(1);
    if (!alarm) throw new AppError(404, ErrorCode.AlarmNotFound);
    const e = alarm.e;
    const common = {
      organizationId: e.organizationId,
      regionalOfficeId: e.regionalOfficeId,
      branchOfficeId: e.branchOfficeId,
      userId: auth.userId,
      isTestNotification: e.isTestNotification,
    };
    if (input.case === 'ACKNOWLEDGE') {
      const { result } = await withEvents(app, async (tx, emit) => {
        const inserted = await tx
          .insert(alarmAcknowledgements)
          .values({ eventId: e.id, userId: auth.userId })
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
            ...common,
            kind: EventKind.AlarmAcknowledged,
            branchAction: e.branchAction,
            payload: {
              NotificationId: e.id,
              Acknowledged: presentAcknowledgement({ userId: auth.userId, name: auth.name, surname: auth.surname, at: ack.acknowledgedAt }),
            } satisfies AlarmAcknowledgedPayload,
          },
        ]);
        await writeAudit(tx, { actorUserId: auth.userId, action: 'acknowledge-alarm', entity: 'events', entityId: e.id, ip: req.ip });
        return { acknowledged: true, AcknowledgedBy: auth.userId, AcknowledgedAtUTC: ack.acknowledgedAt.toISOString() };
      });
      return { success: true, body: result };
    }
    const { result } = await withEvents(app, async (tx, emit) => {
      const [note] = await tx.insert(alarmNotes).values({ eventId: e.id, userId: auth.userId, note: input.note }).returning();
      await emit([
        {
          ...common,
          kind: EventKind.AlarmNote,
          branchAction: e.branchAction,
          payload: {
            NotificationId: e.id,
            Note: presentNote({ id: note!.id, note: note!.note, name: auth.name, surname: auth.surname, at: note!.createdAt }),
          } satisfies AlarmNotePayload,
        },
      ]);
      await writeAudit(tx, {
        actorUserId: auth.userId,
        action: 'add-alarm-note',
        entity: 'events',
        entityId: e.id,
        after: { note: input.note },
        ip: req.ip,
      });
      return { NoteId: note!.id };
    });
    return { success: true, body: result };
  });
}
