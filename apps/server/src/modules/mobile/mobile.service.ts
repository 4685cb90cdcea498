/**
 * Mobile actions (docs/API.md "Mobile API"): sign-in, alarms, check-in/out with geofence
 * validation, personal (lone-worker) timers and vault access (VaultTrak); the branch
 * open/close/service is the branches module's branch-mode service. Each writes its event row in
 * the same transaction as the change (event-log.ts), so the console sees exactly what was
 * committed.
 *
 * Duress: where a PIN is asked, the panic (duress) code performs the action exactly as the PIN
 * would and answers the same; the only difference is a silent Duress notification to the console.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALARM_TYPES, ErrorCode, inRoleGroup, RoleGroup, StatusId } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { branchOffices, checkIns, EventKind, sessions, timerPings, timers, users } from '../../db/schema/index.js';
import { branchScope, mayActForOthersAtBranch } from '../../plugins/authorization.js';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.js';
import { hashToken, newToken, type AuthContext } from '../../plugins/session.js';
import { noteBoardChange } from '../../lib/board-changes.js';
import { writeAudit } from '../audit/audit.service.js';
import { verifySecret } from '../auth/passwords.js';
import { checkPin } from '../auth/pin.service.js';
import { branchEventBase, moveBranchStatus } from '../branches/branch-mode.service.js';
import { branchInScope, type Branch } from '../branches/branches.repository.js';
import { commitWithEvents, withEvents, type NewEvent } from '../realtime/event-log.js';
import { insideGeofence } from './geofence.js';

/** Panic, duress, emergency, trouble or alarm from the app. No PIN: the user may be in danger. */
export async function raiseAlarm(
  app: FastifyInstance,
  auth: AuthContext,
  input: { branchOfficeId: number; type: keyof typeof ALARM_TYPES; latitude?: number; longitude?: number; message?: string },
) {
  const b = await branchInScope(app.db, auth, input.branchOfficeId);
  const t = ALARM_TYPES[input.type];
  const at = new Date();
  const ids = await commitWithEvents(app, moveBranchStatus(b.id, [t.branchAction], at), [
    {
      ...branchEventBase(b, auth, at),
      kind: EventKind.Notification,
      branchAction: t.branchAction,
      notificationType: t.notificationType,
      securityAlert: t.securityAlert,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      messageContent: input.message ?? null,
      payload: {},
    },
  ]);
  noteBoardChange(); // committed: see moveBranchStatus
  return { NotificationId: ids[0]!, At: at.toISOString() };
}

/** Check in at a branch; refused outside the geofence when the user's GeofenceValidation is on. */
export async function checkIn(
  app: FastifyInstance,
  auth: AuthContext,
  input: { branchOfficeId: number; latitude: number; longitude: number; horizontalAccuracy: number },
) {
  const b = await branchInScope(app.db, auth, input.branchOfficeId);
  const [u] = await app.db.select({ geofenceValidation: users.geofenceValidation }).from(users).where(eq(users.id, auth.userId));
  const fence =
    b.latitude != null && b.longitude != null
      ? insideGeofence({ latitude: b.latitude, longitude: b.longitude, geofenceRadius: b.geofenceRadius }, input)
      : null;
  if (u?.geofenceValidation && fence && !fence.inside) {
    throw new AppError(400, ErrorCode.OutsideGeofence, { distance: Math.round(fence.distance), radius: b.geofenceRadius });
  }
  const at = new Date();
  const { result } = await withEvents(app, async (tx, emit) => {
    const [ci] = await tx
      .insert(checkIns)
      .values({
        userId: auth.userId,
        branchOfficeId: b.id,
        checkInAt: at,
        latitude: input.latitude,
        longitude: input.longitude,
        horizontalAccuracy: input.horizontalAccuracy,
        insideGeofence: fence?.inside ?? null,
      })
      .returning({ id: checkIns.id });
    const [eventId] = await emit([
      {
        ...branchEventBase(b, auth, at),
        kind: EventKind.CheckIn,
        latitude: input.latitude,
        longitude: input.longitude,
        payload: { checkInId: ci!.id, horizontalAccuracy: input.horizontalAccuracy, insideGeofence: fence?.inside ?? null },
      },
    ]);
    await tx.update(checkIns).set({ checkInEventId: eventId! }).where(eq(checkIns.id, ci!.id));
    return { CheckInId: ci!.id, InsideGeofence: fence?.inside ?? null, Distance: fence ? Math.round(fence.distance) : null };
  });
  return result;
}

/** Check out of an open check-in (one's own, or as a manager of its branch). */
export async function checkOut(
  app: FastifyInstance,
  auth: AuthContext,
  input: { checkInId: number; latitude: number; longitude: number; horizontalAccuracy: number },
) {
  const [ci] = await app.db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.id, input.checkInId), isNull(checkIns.checkOutAt)))
    .limit(1);
  if (!ci) throw notFound();
  const b = await branchInScope(app.db, auth, ci.branchOfficeId);
  if (ci.userId !== auth.userId && !mayActForOthersAtBranch(auth)) throw notFound();
  const at = new Date();
  await withEvents(app, async (tx, emit) => {
    await tx.update(checkIns).set({ checkOutAt: at, checkedOutBy: auth.userId }).where(eq(checkIns.id, ci.id));
    await emit([
      {
        ...branchEventBase(b, auth, at),
        userId: ci.userId,
        kind: EventKind.CheckOut,
        latitude: input.latitude,
        longitude: input.longitude,
        payload: { checkInId: ci.id, checkedOutBy: auth.userId, horizontalAccuracy: input.horizontalAccuracy },
      },
    ]);
  });
  return { CheckInId: ci.id, CheckOut: at.toISOString() };
}

async function timerBranch(db: Db, auth: AuthContext, branchOfficeId: number | null | undefined): Promise<Branch | null> {
  return branchOfficeId ? branchInScope(db, auth, branchOfficeId) : null;
}

const timerBase = (b: Branch | null, auth: AuthContext, at: Date): Omit<NewEvent, 'kind'> => ({
  organizationId: b?.organizationId ?? auth.organizationId,
  regionalOfficeId: b?.regionalOfficeId ?? null,
  branchOfficeId: b?.id ?? null,
  userId: auth.userId,
  occurredAt: at,
  isTestNotification: b?.testMode ?? false,
});

/** Starts a personal timer; it raises an alarm at `expiresAt` unless stopped. */
export async function startTimer(
  app: FastifyInstance,
  auth: AuthContext,
  input: {
    timerForAction: string;
    durationSeconds: number;
    branchOfficeId?: number;
    latitude: number;
    longitude: number;
    horizontalAccuracy?: number;
  },
) {
  const b = await timerBranch(app.db, auth, input.branchOfficeId);
  const at = new Date();
  const expiresAt = new Date(at.getTime() + input.durationSeconds * 1000);
  const { result } = await withEvents(app, async (tx, emit) => {
    const [t] = await tx
      .insert(timers)
      .values({
        userId: auth.userId,
        branchOfficeId: b?.id ?? null,
        timerForAction: input.timerForAction,
        startedAt: at,
        durationSeconds: input.durationSeconds,
        expiresAt,
      })
      .returning({ id: timers.id });
    await tx.insert(timerPings).values({
      timerId: t!.id,
      at,
      latitude: input.latitude,
      longitude: input.longitude,
      horizontalAccuracy: input.horizontalAccuracy ?? null,
    });
    await emit([
      {
        ...timerBase(b, auth, at),
        kind: EventKind.TimerStart,
        latitude: input.latitude,
        longitude: input.longitude,
        payload: {
          timerId: t!.id,
          timerForAction: input.timerForAction,
          durationSeconds: input.durationSeconds,
          expiresAt: expiresAt.toISOString(),
        },
      },
    ]);
    return { TimerId: t!.id, ExpiresAtUTC: expiresAt.toISOString() };
  });
  return result;
}

async function ownRunningTimer(db: Db, auth: AuthContext, timerId: number) {
  const [t] = await db
    .select()
    .from(timers)
    .where(and(eq(timers.id, timerId), eq(timers.userId, auth.userId), isNull(timers.stoppedAt)))
    .limit(1);
  if (!t) throw notFound();
  return t;
}

/** A location ping of a running timer. */
export async function pingTimer(
  app: FastifyInstance,
  auth: AuthContext,
  input: { timerId: number; latitude: number; longitude: number; horizontalAccuracy?: number },
) {
  const t = await ownRunningTimer(app.db, auth, input.timerId);
  const b = t.branchOfficeId ? await branchInScope(app.db, auth, t.branchOfficeId) : null;
  const at = new Date();
  await withEvents(app, async (tx, emit) => {
    await tx.insert(timerPings).values({
      timerId: t.id,
      at,
      latitude: input.latitude,
      longitude: input.longitude,
      horizontalAccuracy: input.horizontalAccuracy ?? null,
    });
    await emit([
      {
        ...timerBase(b, auth, at),
        kind: EventKind.TimerPing,
        latitude: input.latitude,
        longitude: input.longitude,
        payload: { timerId: t.id, horizontalAccuracy: input.horizontalAccuracy ?? null },
      },
    ]);
  });
  return { TimerId: t.id };
}

/** Stops a timer safely (SafeStopped), confirmed by PIN; the panic code also raises a silent duress alarm. */
export async function stopTimer(
  app: FastifyInstance,
  auth: AuthContext,
  input: { timerId: number; pin: string; latitude?: number; longitude?: number },
) {
  const t = await ownRunningTimer(app.db, auth, input.timerId);
  const mode = await checkPin(app, auth.userId, input.pin);
  const b = t.branchOfficeId ? await branchInScope(app.db, auth, t.branchOfficeId) : null;
  const at = new Date();
  await withEvents(app, async (tx, emit) => {
    const stopped = await tx
      .update(timers)
      .set({ stoppedAt: at, safeStopped: !t.alerted })
      .where(and(eq(timers.id, t.id), isNull(timers.stoppedAt)))
      .returning({ id: timers.id });
    if (stopped.length === 0) throw notFound();
    await emit([
      {
        ...timerBase(b, auth, at),
        kind: EventKind.TimerStop,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        payload: { timerId: t.id, safeStopped: !t.alerted },
      },
    ]);
    if (mode === 'duress') {
      const fake = b ?? null;
      await emit([
        {
          ...timerBase(fake, auth, at),
          kind: EventKind.Notification,
          branchAction: ALARM_TYPES.DURESS.branchAction,
          notificationType: ALARM_TYPES.DURESS.notificationType,
          securityAlert: true,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          payload: { silent: true, during: 'Timer stop', timerId: t.id },
        },
      ]);
    }
  });
  return { TimerId: t.id, SafeStopped: true };
}

/**
 * Raises the alarm of every running timer past its expiry (Alerted), exactly once across nodes:
 * rows are claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction. `now` is
 * injectable for tests. Returns the number of timers alerted.
 */
export async function alertExpiredTimers(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const { result } = await withEvents(app, async (tx, emit) => {
    const due = await rows<{
      id: number;
      userId: number;
      branchOfficeId: number | null;
      timerForAction: string;
      organizationId: number | null;
      regionalOfficeId: number | null;
      testMode: boolean | null;
      userOrg: number | null;
    }>(
      tx,
      sql`select t.id, t.user_id as "userId", t.branch_office_id as "branchOfficeId", t.timer_for_action as "timerForAction",
            b.organization_id as "organizationId", b.regional_office_id as "regionalOfficeId", b.test_mode as "testMode", u.organization_id as "userOrg"
          from timers t join users u on u.id = t.user_id left join branch_offices b on b.id = t.branch_office_id
          where t.stopped_at is null and not t.alerted and t.expires_at <= ${now.toISOString()}::timestamptz
          order by t.expires_at
          for update of t skip locked
          limit 200`,
    );
    if (due.length === 0) return 0;
    await tx
      .update(timers)
      .set({ alerted: true })
      .where(sql`${timers.id} = any(${`{${due.map((d) => d.id).join(',')}}`}::int[])`);
    await emit(
      due.map((d) => ({
        kind: EventKind.Notification,
        organizationId: d.organizationId ?? d.userOrg,
        regionalOfficeId: d.regionalOfficeId,
        branchOfficeId: d.branchOfficeId,
        userId: d.userId,
        branchAction: 'Timer Expired',
        notificationType: ALARM_TYPES.ALARM.notificationType,
        securityAlert: true,
        isTestNotification: d.testMode ?? false,
        occurredAt: now,
        payload: { timerId: d.id, timerForAction: d.timerForAction, alerted: true },
      })),
    );
    return due.length;
  });
  return result;
}

/**
 * Password sign-in for mobile roles (docs/API.md Mobile API /api/mobile/login; spec §6: 6, 7, 9,
 * 10, 11, 13): a bearer-token session of `sessionMs` (MOBILE_SESSION_DAYS), and the branches the user may act on.
 * @throws 400 errors.invalidCredentials (unknown e-mail, wrong password, account not Active),
 * 403 errors.mobileLoginNotAllowed for roles without the mobile app.
 */
export async function mobileSignIn(
  app: FastifyInstance,
  input: { username: string; password: string; appVersion?: string | undefined },
  from: { ip: string; userAgent: string | undefined; sessionMs: number },
) {
  const [u] = await app.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.username.toLowerCase()}`)
    .limit(1);
  const ok = await verifySecret(u?.passwordHash, input.password);
  if (!u || !ok || u.statusId !== StatusId.Active) throw badRequest(ErrorCode.InvalidCredentials);
  if (!inRoleGroup(RoleGroup.Mobile, u.roleId)) throw forbidden(ErrorCode.MobileLoginNotAllowed, { product: app.config.productName });
  const token = newToken();
  await app.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: u.id,
    sessionType: 'MOBILE',
    isAdmin: false,
    ip: from.ip,
    userAgent: from.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + from.sessionMs),
  });
  await app.db
    .update(users)
    .set({ lastLogin: new Date(), appVersion: input.appVersion ?? u.appVersion })
    .where(eq(users.id, u.id));
  await writeAudit(app.db, { actorUserId: u.id, action: 'login', entity: 'users', entityId: u.id, ip: from.ip, after: { area: 'mobile' } });
  const branches = await rows<{
    BranchOfficeId: number;
    Name: string;
    Code: string;
    Latitude: number | null;
    Longitude: number | null;
    GeofenceRadius: number;
    BranchTimeZone: string;
  }>(
    app.db,
    sql`select id as "BranchOfficeId", name as "Name", code as "Code", latitude as "Latitude", longitude as "Longitude", geofence_radius as "GeofenceRadius", time_zone as "BranchTimeZone"
      from ${branchOffices} where ${branchScope({ userId: u.id, roleId: u.roleId, organizationId: u.organizationId })} order by name`,
  );
  return {
    Token: token,
    UserId: u.id,
    RoleId: u.roleId,
    Name: u.name,
    Surname: u.surname,
    LangId: u.langId,
    GeofenceValidation: u.geofenceValidation,
    /** A temporary password is in use: only /api/mobile/changepassword (and alarms) are accepted until it is changed. */
    MustChangePassword: u.mustChangePassword,
    LastEventId: app.dispatcher.cursor,
    Branches: branches,
  };
}
