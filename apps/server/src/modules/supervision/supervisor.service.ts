/**
 * Runs the opening / closing supervision (spec §3 Branch office timers and AutoCloseTime, §4, §9):
 * one tick = load branch states, compute the due actions, write them exactly once. The clock is
 * injected; nothing here reads the system time except the default `clock` of `startSupervisor`.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { applyActions, loadBranchStates } from './supervisor.repository.js';
import { dueActions, type SupervisionAction, type SupervisionInput } from './supervisor.js';

/** Branches whose due actions a tick computes between two turns of the event loop. */
export const TICK_SLICE_BRANCHES = 250;

/**
 * dueActions(input), the same actions in the same order, computed `sliceSize` branches at a time
 * with a turn of the event loop (setImmediate) between slices: 5,000 branches at once held every
 * request, alarms included, for a couple of hundred milliseconds each tick (issue 20).
 */
export async function dueActionsInSlices(input: SupervisionInput, sliceSize = TICK_SLICE_BRANCHES): Promise<SupervisionAction[]> {
  const actions: SupervisionAction[] = [];
  for (let i = 0; i < input.branches.length; i += sliceSize) {
    if (i > 0) await nextTurn();
    actions.push(...dueActions({ ...input, branches: input.branches.slice(i, i + sliceSize) }));
  }
  return actions;
}

/** Where tick failures and unusable branch schedules are reported (pino-compatible). */
export interface SupervisorLogger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Options of a tick. */
export interface TickOptions {
  /** Send NOTIFY for the inserted events (PostgreSQL with several nodes); default false. */
  notify?: boolean;
  logger?: SupervisorLogger;
}

/** Result of a tick: how many events were inserted, and their ids in order. */
export interface TickResult {
  raised: number;
  ids: number[];
}

/**
 * One supervision tick at instant `now` (UTC): loads the branch states, computes the due actions
 * and applies them in one locked transaction, so concurrent ticks (several processes) insert each
 * action once. `raised` counts the events actually inserted by this call.
 * @throws on database errors (nothing is written then).
 */
export async function runSupervisorTick(db: Db, now: Date, opts: TickOptions = {}): Promise<TickResult> {
  const branches = await loadBranchStates(db, now);
  const actions = await dueActionsInSlices({
    now,
    branches,
    onBranchError: (branchId, err) => opts.logger?.warn({ err, branchId }, 'supervision: branch schedule cannot be evaluated; skipped'),
  });
  const ids = await applyActions(db, actions, { notify: opts.notify });
  return { raised: ids.length, ids };
}

/** Options of `startSupervisor`. */
export interface SupervisorOptions extends TickOptions {
  /** Milliseconds between ticks; default 30 000. */
  intervalMs?: number;
  /** The current instant; default the system clock. */
  clock?: () => Date;
  /** Called after a tick that inserted events, with their ids (e.g. to wake the real-time dispatcher). */
  onEvents?: (ids: number[]) => void;
  /** Run a first tick right away (catching up after a restart); default true. */
  runImmediately?: boolean;
}

/** A running supervisor. */
export interface SupervisorHandle {
  /** Stops ticking; resolves when a tick in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Ticks every `intervalMs` with an unref'd `setInterval` (it never keeps the process alive).
 * A tick never overlaps the previous one (a due tick is skipped while one runs); a failing
 * tick is logged (console.error without a logger) and the next one runs as usual.
 */
export function startSupervisor(db: Db, opts: SupervisorOptions = {}): SupervisorHandle {
  const { intervalMs = 30_000, clock = () => new Date(), onEvents, runImmediately = true } = opts;
  const logError = (err: unknown) => {
    if (opts.logger) opts.logger.error({ err }, 'supervision tick failed');
    else console.error('supervision tick failed', err);
  };
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const { ids } = await runSupervisorTick(db, clock(), opts);
        if (ids.length && onEvents) onEvents(ids);
      } catch (err) {
        logError(err);
      } finally {
        running = null;
      }
    })();
  };

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (runImmediately) tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
