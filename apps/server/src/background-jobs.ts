/**
 * Background work of a server process: opening/closing supervision (every
 * SUPERVISION_INTERVAL_MS, default 30 s), personal timer expiry (every TIMER_CHECK_MS, default 5 s),
 * with RETENTION_DAYS set, the retention job (every RETENTION_INTERVAL_MS, first 10 s after start)
 * and ENS e-mail/SMS delivery (modules/ens/ens-delivery.ts, claims rows with FOR UPDATE SKIP LOCKED). All are safe to run on every node at once: supervision takes an
 * advisory lock and de-duplicates by idempotency key; timer expiry claims rows with
 * FOR UPDATE SKIP LOCKED. Events they write wake this node's dispatcher; other nodes hear NOTIFY.
 * With the supervision period, the survey-link sweep mails the links of surveys whose StartDate
 * has come (a unique index per survey, respondent and period makes concurrent sweeps send once).
 * Every ANALYZE_INTERVAL_MS (default 5 s), the tables changed by a tenth since their planner
 * statistics were gathered are analysed again (db/analyze.ts: PGlite has no autovacuum, and
 * PostgreSQL's looks once a minute).
 */
import type { FastifyInstance } from 'fastify';
import { startEnsDelivery } from './modules/ens/ens-delivery.js';
import { alertExpiredTimers } from './modules/mobile/mobile.service.js';
import { startSupervisor } from './modules/supervision/supervisor.service.js';
import { trimHistory } from './db/retention.js';
import { issueDueSurveyLinks } from './modules/surveys/links.service.js';
import { startStatisticsCheck } from './db/analyze.js';

/** Starts the supervision, timer-expiry, ENS delivery and planner statistics loops of this process; `stop()` ends them and waits for a run in progress. */
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

  // Retention (RETENTION_DAYS > 0): archive and remove old history in small batches (db/retention.ts).
  const retentionAbort = new AbortController();
  let retentionRun: Promise<unknown> | null = null;
  const { retentionDays, retentionArchiveDir, retentionIntervalMs } = app.config;
  const trim = () => {
    if (retentionRun || retentionDays === 0) return;
    const started = Date.now();
    retentionRun = trimHistory(app.db, { days: retentionDays, archiveDir: retentionArchiveDir, signal: retentionAbort.signal })
      .then((r) => {
        const total = Object.values(r.removed).reduce((a, b) => a + b, 0);
        if (total > 0) app.log.info({ removed: r.removed, ms: Date.now() - started }, 'retention: old history archived and removed');
      })
      .catch((err) => app.log.error({ err }, 'retention failed'))
      .finally(() => (retentionRun = null));
  };
  const retentionJob = retentionDays > 0 ? setInterval(trim, retentionIntervalMs) : undefined;
  retentionJob?.unref();
  const firstTrim = retentionDays > 0 ? setTimeout(trim, 10_000) : undefined;
  firstTrim?.unref();

  let linkRun: Promise<unknown> | null = null;
  const linkJob = setInterval(() => {
    if (linkRun) return;
    linkRun = issueDueSurveyLinks(app)
      .catch((err) => app.log.error({ err }, 'survey link sweep failed'))
      .finally(() => (linkRun = null));
  }, app.config.supervisionIntervalMs);
  linkJob.unref();
  const ens = startEnsDelivery(app);
  const analyze =
    app.config.analyzeIntervalMs > 0
      ? startStatisticsCheck(app.db, app.database.kind, app.config.analyzeIntervalMs, {
          onRun: (run) => app.log.info({ tables: run.tables, ms: Math.round(run.ms) }, 'planner statistics gathered again'),
          onError: (err) => app.log.error({ err }, 'planner statistics: ANALYZE failed'),
        })
      : undefined;
  return {
    stop: async () => {
      await analyze?.stop();
      clearInterval(timerJob);
      clearInterval(linkJob);
      clearInterval(retentionJob);
      clearTimeout(firstTrim);
      retentionAbort.abort();
      await ens.stop();
      await retentionRun;
      await timerRun;
      await linkRun;
      await supervisor.stop();
    },
  };
}
