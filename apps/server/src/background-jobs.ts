/**
 * Background work of a server process: opening/closing supervision (every
 * SUPERVISION_INTERVAL_MS, default 30 s) and personal timer expiry (every TIMER_CHECK_MS, default 5 s). Both are safe to run on every node at once: supervision takes an
 * advisory lock and de-duplicates by idempotency key; timer expiry claims rows with
 * FOR UPDATE SKIP LOCKED. Events they write wake this node's dispatcher; other nodes hear NOTIFY.
 */
import type { FastifyInstance } from 'fastify';
import { alertExpiredTimers } from './modules/mobile/mobile.service.js';
import { startSupervisor } from './modules/supervision/supervisor.service.js';

/** Starts the supervision and timer-expiry loops of this process; `stop()` ends them and waits for a run in progress. */
export function startBackgroundJobs(app: FastifyInstance): { stop(): Promise<void> } {
  const supervisor = startSupervisor(app.db, {
    notify: app.database.kind === 'postgres',
    intervalMs: app.config.supervisionIntervalMs,
    logger: app.log,
    onEvents: () => app.dispatcher.wake(),
  });
  let timerRun: Promise<unknown> | null = null;
  const timerJob = setInterval(() => {
    if (timerRun) return;
    timerRun = alertExpiredTimers(app)
      .catch((err) => app.log.error({ err }, 'timer expiry failed'))
      .finally(() => (timerRun = null));
  }, app.config.timerCheckMs);
  timerJob.unref();
  return {
    stop: async () => {
      clearInterval(timerJob);
      await timerRun;
      await supervisor.stop();
    },
  };
}
