/**
 * Branch mode (spec §4 Branch actions; §7 setbranchmode; docs/API.md Mobile API branchaction):
 * open, close or service a branch — from the console (setbranchmode) or the mobile app (PIN
 * confirmed) — moving the board status and writing the event in one transaction (event-log.ts),
 * with the punctuality of openings and closings against the branch's schedule. The panic code
 * performs the action as the PIN would and also raises the silent Duress notification.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ALARM_TYPES, BRANCH_ACTIONS, movesMapStatus } from '@vigil/contract';
import type { Db } from '../../db/client.js';
import { branchOffices, EventKind } from '../../db/schema/index.js';
import type { AuthContext } from '../../plugins/session.js';
import { BOARD_NOTICE_SQL, noteBoardChange } from '../../lib/board-changes.js';
import { writeAudit } from '../audit/audit.service.js';
import { checkPin } from '../auth/pin.service.js';
import { commitWithEvents, type NewEvent, type PendingWrite } from '../realtime/event-log.js';
import { branchInScope, type Branch } from './branches.repository.js';
import { punctualityOf } from './punctuality.js';

/** The columns every event about a branch carries: where, who, when (`at`), test or not. */
export const branchEventBase = (b: Branch, auth: Pick<AuthContext, 'userId'>, at: Date) => ({
  organizationId: b.organizationId,
  regionalOfficeId: b.regionalOfficeId,
  branchOfficeId: b.id,
  userId: auth.userId,
  occurredAt: at,
  isTestNotification: b.testMode,
});

/** The silent duress alarm raised when the panic code was entered instead of the PIN, `during` the named action. */
export function duressEvent(
  b: Branch,
  auth: Pick<AuthContext, 'userId'>,
  at: Date,
  during: string,
  pos?: { latitude?: number; longitude?: number },
): NewEvent {
  return {
    ...branchEventBase(b, auth, at),
    kind: EventKind.Notification,
    branchAction: ALARM_TYPES.DURESS.branchAction,
    notificationType: ALARM_TYPES.DURESS.notificationType,
    securityAlert: true,
    latitude: pos?.latitude ?? null,
    longitude: pos?.longitude ?? null,
    payload: { silent: true, during },
  };
}

/**
 * Sets the branch's board status (spec §4) from the last status-moving action of `actions`. Called
 * before the events are appended, in the same transaction: the branch row lock orders concurrent
 * actions on one branch, and the event-log lock is then held only for the insert and the commit.
 * The second write announces the board change (lib/board-changes.ts: every node's board cache
 * drops its answers, this one at once and others at the commit); callers also call
 * `noteBoardChange()` once the transaction has committed.
 */
export function moveBranchStatus(branchId: number, actions: string[], at: Date): ((db: Db) => PendingWrite)[] {
  const last = actions.filter(movesMapStatus).at(-1);
  if (!last) return [];
  return [
    (db) => db.update(branchOffices).set({ branchAction: last, branchActionAt: at }).where(eq(branchOffices.id, branchId)),
    (db) => {
      noteBoardChange();
      return Object.assign(db.execute(sql.raw(BOARD_NOTICE_SQL)), { toSQL: () => ({ sql: BOARD_NOTICE_SQL, params: [] }) });
    },
  ];
}

/** What a branch action asks for: the branch, the action, and from the app the PIN, position and checklist. */
export interface BranchActionInput {
  branchOfficeId: number;
  action: keyof typeof BRANCH_ACTIONS;
  pin?: string;
  latitude?: number;
  longitude?: number;
  checklist?: unknown[];
}

/**
 * Open, close or service a branch in the user's scope (spec §4 Branch actions), recording the
 * punctuality of an opening or closing. `source` tells the console from the app in the event.
 * @throws 404 for a branch outside the scope, 400 errors.invalidPin for a wrong PIN.
 * @returns `{NotificationId, BranchOfficeId, BranchAction, At}` (At in UTC ISO).
 */
export async function branchAction(app: FastifyInstance, auth: AuthContext, input: BranchActionInput, source: 'mobile' | 'console') {
  const b = await branchInScope(app.db, auth, input.branchOfficeId);
  const mode = input.pin ? await checkPin(app, auth.userId, input.pin) : 'pin';
  const at = new Date();
  const action = BRANCH_ACTIONS[input.action];
  const punctuality = await punctualityOf(app.db)(b, action, at);
  // Status first, events last, all in one transaction (one message on PostgreSQL).
  const ids = await commitWithEvents(
    app,
    moveBranchStatus(b.id, mode === 'duress' ? [action, ALARM_TYPES.DURESS.branchAction] : [action], at),
    [
      {
        ...branchEventBase(b, auth, at),
        kind: EventKind.BranchAction,
        branchAction: action,
        punctuality,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        payload: { source, checklist: input.checklist ?? [] },
      },
      ...(mode === 'duress' ? [duressEvent(b, auth, at, action, input)] : []),
    ],
  );
  noteBoardChange(source === 'console'); // committed: see moveBranchStatus
  return { NotificationId: ids[0]!, BranchOfficeId: b.id, BranchAction: action, At: at.toISOString() };
}

/**
 * setbranchmode SET-BRANCH-MODE (spec §7; the console's open / close / service of a branch in
 * scope): the branch action without a PIN, audited as set-branch-mode.
 * @throws 404 for a branch outside the scope.
 */
export async function setBranchMode(
  app: FastifyInstance,
  a: { auth: AuthContext; ip: string },
  input: { branchOfficeId: number; mode: keyof typeof BRANCH_ACTIONS },
) {
  const body = await branchAction(app, a.auth, { branchOfficeId: input.branchOfficeId, action: input.mode }, 'console');
  await writeAudit(app.db, {
    actorUserId: a.auth.userId,
    action: 'set-branch-mode',
    entity: 'branch_offices',
    entityId: input.branchOfficeId,
    after: { mode: input.mode },
    ip: a.ip,
  });
  return body;
}
