/**
 * Opening / closing supervision rules (spec §3 Branch office timers and AutoCloseTime, Activity
 * notification IsClosedBySystemData and IsTestNotification; §4 branch actions; §9 notification
 * type 0 = anomaly). Pure and deterministic: `now` is an argument, nothing is read or written.
 *
 * For each branch, the local days checked are the branch-local day of `now` and the day before
 * (so that a tick after a restart still raises what was due yesterday evening and closes a branch
 * left open past yesterday's auto-close). Older days are not caught up. On a working day:
 * - 'Not Opened' (NOTIFICATION, type 0) once `now` is after the opening deadline, when there is no
 *   Open on that local day and the branch was not already open (carried over) at the deadline;
 * - 'Not Closed' (NOTIFICATION, type 0) once `now` is after the closing deadline, when the branch
 *   was open (Open or Service) at the deadline and has not been closed since;
 * - a system 'Close' (BRANCH_ACTION, isClosedBySystem) once `now` reaches the auto-close time,
 *   when the branch was open at that time, has not been closed since and is not in alarm now
 *   (an alarm is the operator's to clear; the auto-close happens on the first tick after it is).
 * Holidays and closed weekdays raise nothing. Test-mode branches get the same actions flagged
 * isTestNotification (test notifications, not alarms). A check whose instant is before the branch
 * existed (`activeSince`) is skipped, so a new branch is not reported for hours before its creation.
 * Every action has a deterministic idempotency key `${branchId}:${localDate}:${type}`; an action
 * whose key (or whose kind on that local day) is already recorded is not produced again.
 */
import { branchStatusOf } from '@vigil/contract';
import {
  addLocalDays,
  classifyClosing,
  localDay,
  scheduledDay,
  type BranchSchedule,
  type Punctuality,
  type WorkingDay,
} from './schedule.js';

/** Events older than this (hours before `now`) are not needed: they cannot be on the local days checked. */
export const SUPERVISION_LOOKBACK_HOURS = 50;

/** The branch actions that set the open / closed state of a branch. */
export const STATE_ACTIONS = ['Open', 'Close', 'Service'] as const;
/** The branch actions the supervisor reads or writes. */
export const SUPERVISED_ACTIONS = [...STATE_ACTIONS, 'Not Opened', 'Not Closed'] as const;
export type SupervisedAction = (typeof SUPERVISED_ACTIONS)[number];

/** One recorded event of a branch, as the supervisor needs it (a row of `events`). */
export interface RecordedEvent {
  /** Open, Close, Service, Not Opened or Not Closed (other actions are ignored). */
  branchAction: string;
  /** When it happened (instant). */
  occurredAt: Date;
  isClosedBySystem: boolean;
  /** payload.idempotencyKey of events written by the supervisor; null for others. */
  idempotencyKey: string | null;
}

/**
 * A branch as the supervisor sees it at `now`: its schedule (branch-local times, timers in
 * minutes), test mode, current status and the events recorded around the local days checked.
 */
export interface BranchState {
  branchId: number;
  organizationId: number;
  regionalOfficeId: number | null;
  schedule: BranchSchedule;
  testMode: boolean;
  /** Current (last status-moving) BranchAction of the branch, e.g. 'Open', 'Close', 'Panic'; null = never used. */
  branchAction: string | null;
  /** Since when the branch is supervised (its creation instant); checks due before it are skipped. null = always. */
  activeSince: Date | null;
  /** The last Open / Close / Service before the events window (state carried into it); null = none (closed). */
  priorAction: { branchAction: string; occurredAt: Date } | null;
  /**
   * Open / Close / Service / Not Opened / Not Closed events of the branch from
   * `now` − SUPERVISION_LOOKBACK_HOURS on (events after `now` are only used for idempotency).
   */
  events: readonly RecordedEvent[];
}

/** The three things the supervisor does. */
export type SupervisionActionType = 'not-opened' | 'not-closed' | 'auto-close';

/** Scheduled instants of the day an action is about, written to the event payload (ISO UTC strings). */
export interface ScheduledTimes {
  timeZone: string;
  localDate: string;
  opensAt: string;
  closesAt: string;
  openingDeadline: string;
  closingDeadline: string;
  autoCloseAt: string | null;
}

/** One action to take now: an event row to insert (and, for the system Close, the branch status to set). */
export interface SupervisionAction {
  type: SupervisionActionType;
  /** `${branchId}:${localDate}:${type}`; stored as payload.idempotencyKey. */
  idempotencyKey: string;
  branchId: number;
  organizationId: number;
  regionalOfficeId: number | null;
  /** Branch-local day the action is about, 'YYYY-MM-DD'. */
  localDate: string;
  kind: 'NOTIFICATION' | 'BRANCH_ACTION';
  branchAction: 'Not Opened' | 'Not Closed' | 'Close';
  /** 0 (anomaly, spec §9) for Not Opened / Not Closed; null for the system Close. */
  notificationType: 0 | null;
  isTestNotification: boolean;
  isClosedBySystem: boolean;
  /** Punctuality of the system Close against the schedule (normally 'late'); null for notifications. */
  punctuality: Punctuality | null;
  /** The deadline or auto-close instant the action is for (not the time of the tick). */
  occurredAt: Date;
  scheduled: ScheduledTimes;
}

/** Input of `dueActions`: the time of the tick and every supervised branch. */
export interface SupervisionInput {
  now: Date;
  branches: readonly BranchState[];
  /** Called for a branch whose schedule cannot be evaluated (unknown zone, malformed time); the branch is skipped. */
  onBranchError?: (branchId: number, error: unknown) => void;
}

const isOpenState = (action: string | null | undefined) => action === 'Open' || action === 'Service';
const isStateAction = (action: string) => (STATE_ACTIONS as readonly string[]).includes(action);

/** Idempotency key of an action: `${branchId}:${localDate}:${type}`. */
export function idempotencyKey(branchId: number, localDate: string, type: SupervisionActionType): string {
  return `${branchId}:${localDate}:${type}`;
}

/** Per-branch working view of the events, growing with the actions produced in this tick. */
class Timeline {
  private readonly events: RecordedEvent[];
  constructor(
    private readonly branch: BranchState,
    private readonly now: Date,
  ) {
    this.events = [...branch.events];
  }

  add(e: RecordedEvent) {
    this.events.push(e);
  }

  /** Open/Close/Service state at instant `t` (events up to and including `t`, else the prior action). */
  openAt(t: Date): boolean {
    let last: { branchAction: string; occurredAt: Date } | null = this.branch.priorAction;
    for (const e of this.events) {
      if (!isStateAction(e.branchAction) || e.occurredAt > t || e.occurredAt > this.now) continue;
      if (!last || e.occurredAt >= last.occurredAt) last = e;
    }
    return isOpenState(last?.branchAction);
  }

  /** True when a Close is recorded after `t` and up to now. */
  closedSince(t: Date): boolean {
    return this.events.some((e) => e.branchAction === 'Close' && e.occurredAt > t && e.occurredAt <= this.now);
  }

  /** True when an Open is recorded on branch-local day `localDate` up to now. */
  openedOn(localDate: string): boolean {
    const zone = this.branch.schedule.timeZone;
    return this.events.some((e) => e.branchAction === 'Open' && e.occurredAt <= this.now && localDay(e.occurredAt, zone) === localDate);
  }

  /** True when `key` is recorded, or an event `branchAction` (written without a key, e.g. by the seed) is on `localDate`. */
  recorded(key: string, branchAction: string, localDate: string, match: (e: RecordedEvent) => boolean = () => true): boolean {
    const zone = this.branch.schedule.timeZone;
    return this.events.some(
      (e) =>
        e.idempotencyKey === key ||
        (e.idempotencyKey === null && e.branchAction === branchAction && match(e) && localDay(e.occurredAt, zone) === localDate),
    );
  }
}

function scheduledTimes(zone: string, day: WorkingDay): ScheduledTimes {
  return {
    timeZone: zone,
    localDate: day.localDate,
    opensAt: day.opensAt.toISOString(),
    closesAt: day.closesAt.toISOString(),
    openingDeadline: day.openingDeadline.toISOString(),
    closingDeadline: day.closingDeadline.toISOString(),
    autoCloseAt: day.autoCloseAt?.toISOString() ?? null,
  };
}

/** The actions due for one branch at `now`, in time order. @throws RangeError from the schedule. */
function branchActions(b: BranchState, now: Date): SupervisionAction[] {
  const zone = b.schedule.timeZone;
  const today = localDay(now, zone);
  const days = [addLocalDays(today, -1), today]
    .map((d) => scheduledDay(b.schedule, d))
    .filter((d): d is WorkingDay => d.kind === 'working');

  interface Check {
    type: SupervisionActionType;
    at: Date;
    day: WorkingDay;
  }
  const checks: Check[] = [];
  for (const day of days) {
    checks.push({ type: 'not-opened', at: day.openingDeadline, day }, { type: 'not-closed', at: day.closingDeadline, day });
    if (day.autoCloseAt) checks.push({ type: 'auto-close', at: day.autoCloseAt, day });
  }
  checks.sort((x, y) => x.at.getTime() - y.at.getTime());

  const timeline = new Timeline(b, now);
  const out: SupervisionAction[] = [];
  for (const { type, at, day } of checks) {
    if (b.activeSince && at < b.activeSince) continue;
    const key = idempotencyKey(b.branchId, day.localDate, type);
    let action: Pick<SupervisionAction, 'kind' | 'branchAction' | 'notificationType' | 'isClosedBySystem' | 'punctuality'> | null = null;
    if (type === 'not-opened') {
      if (now > at && !timeline.recorded(key, 'Not Opened', day.localDate) && !timeline.openedOn(day.localDate) && !timeline.openAt(at)) {
        action = { kind: 'NOTIFICATION', branchAction: 'Not Opened', notificationType: 0, isClosedBySystem: false, punctuality: null };
      }
    } else if (type === 'not-closed') {
      if (now > at && !timeline.recorded(key, 'Not Closed', day.localDate) && timeline.openAt(at) && !timeline.closedSince(at)) {
        action = { kind: 'NOTIFICATION', branchAction: 'Not Closed', notificationType: 0, isClosedBySystem: false, punctuality: null };
      }
    } else if (
      now >= at &&
      !timeline.recorded(key, 'Close', day.localDate, (e) => e.isClosedBySystem) &&
      timeline.openAt(at) &&
      !timeline.closedSince(at) &&
      branchStatusOf(b.branchAction) !== 'alarm'
    ) {
      action = {
        kind: 'BRANCH_ACTION',
        branchAction: 'Close',
        notificationType: null,
        isClosedBySystem: true,
        punctuality: classifyClosing(at, day),
      };
    }
    if (!action) continue;
    out.push({
      type,
      idempotencyKey: key,
      branchId: b.branchId,
      organizationId: b.organizationId,
      regionalOfficeId: b.regionalOfficeId,
      localDate: day.localDate,
      ...action,
      isTestNotification: b.testMode,
      occurredAt: at,
      scheduled: scheduledTimes(zone, day),
    });
    timeline.add({ branchAction: action.branchAction, occurredAt: at, isClosedBySystem: action.isClosedBySystem, idempotencyKey: key });
  }
  return out;
}

/**
 * The supervision actions due at `input.now` for every branch (rules in the module comment; spec
 * §3/§4/§9), ordered by branch as given, then by instant. Pure: the same input gives the same
 * actions. A branch whose schedule cannot be evaluated is reported to `onBranchError` and skipped.
 */
export function dueActions(input: SupervisionInput): SupervisionAction[] {
  const out: SupervisionAction[] = [];
  for (const b of input.branches) {
    try {
      out.push(...branchActions(b, input.now));
    } catch (err) {
      input.onBranchError?.(b.branchId, err);
    }
  }
  return out;
}
