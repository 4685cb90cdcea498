/**
 * Report calls (spec §7 Reports): dailyreports, getcheckinout, gettrackings, managesummaryreports,
 * log-access/reports. The survey report (managesurveys GET-ALL-SURVEY-REPORTING,
 * GET-SURVEY-REPORTING-BY-ID) is served through serveSurveyReport by the surveys routes, which own
 * that path. Every call needs a client session; rows are
 * limited to the caller's scope by the queries themselves. The activity report is served by the
 * notifications routes (getnotifications GET-ALL-REPORTS) and the branch routes
 * (managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID) through reports.service.ts.
 *
 * Answers: `{success, body: {resultobject: Row[], total, offset, limit}}`, or with `format: 'csv' |
 * 'xlsx'` the file of every matching row (export.ts). Bad input: 400 (zod messages, or
 * reports.errors.rangeOrder / rangeTooLong). An unexpected failure: 500 with the report's §8 text
 * ('Error retrieving Daily Reports', …).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ReportErrorCode,
  ZCheckInOutRequest,
  ZDailyReportRequest,
  ZLogAccessReportRequest,
  ZSummaryReportRequest,
  ZTaskListReportRequest,
  ZTimerReportRequest,
  TaskListKey,
  responsesOf,
  ZDailyreportsBody,
  ZGetcheckinoutBody,
  ZGettrackingsBody,
  ZTasklistreportsBody,
  ZManagesummaryreportsBody,
  ZLogAccessReportsBody,
} from '@vigil/contract';
import { assertTaskListRole } from '../../plugins/authorization.js';
import { notFound } from '../../plugins/errors.js';
import { authOf, requireClient } from '../../plugins/session.js';
import { rows } from '../../db/client.js';
import { DAILY_COLUMNS, dailyBatches, dailyPage } from './daily.js';
import { sendExport } from './export.js';
import {
  CHECKINOUT_COLUMNS,
  LOG_ACCESS_COLUMNS,
  TIMER_COLUMNS,
  checkInOutQueries,
  logAccessQueries,
  presentCheckIn,
  presentLogAccess,
  presentTimer,
  timerQueries,
  timerWithPings,
  type CheckInRaw,
  type LogAccessRaw,
  type TimerRaw,
} from './other-reports.js';
import { checkRange, reportAuth } from './report-sql.js';
import { fileName, guarded, serveQuery } from './reports.service.js';
import { summaryReport } from './summary.js';
import {
  TASK_RUN_COLUMNS,
  TASK_SUMMARY_COLUMNS,
  presentTaskRun,
  presentTaskSummary,
  taskRunQueries,
  taskRunWithItems,
  taskSummaryQueries,
  type TaskRunRaw,
  type TaskSummaryRaw,
} from './task-lists-report.js';

export async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireClient };

  app.post(
    '/api/client/dailyreports',
    { ...guard, schema: { body: ZDailyReportRequest, response: responsesOf(ZDailyreportsBody) } },
    (req, reply) =>
      guarded(req, ReportErrorCode.Daily, async () => {
        const input = req.body;
        checkRange(input);
        const auth = await reportAuth(app.db, authOf(req));
        if (input.format !== 'json') {
          const first = await dailyPage(app.db, auth, input, 0, 0);
          return sendExport(req, reply, input.format, fileName('daily-report', input), first.total, DAILY_COLUMNS, (signal) =>
            dailyBatches(app.db, auth, input, signal),
          );
        }
        const { list, total } = await dailyPage(app.db, auth, input, input.offset, input.limit);
        return { success: true, body: { resultobject: list, total, offset: input.offset, limit: input.limit } };
      }),
  );

  app.post(
    '/api/client/getcheckinout',
    { ...guard, schema: { body: ZCheckInOutRequest, response: responsesOf(ZGetcheckinoutBody) } },
    (req, reply) =>
      guarded(req, ReportErrorCode.CheckInOut, async () =>
        serveQuery<CheckInRaw, ReturnType<typeof presentCheckIn>>(
          app,
          req,
          reply,
          req.body,
          'checkinout-report',
          checkInOutQueries(await reportAuth(app.db, authOf(req)), req.body),
          presentCheckIn,
          CHECKINOUT_COLUMNS,
        ),
      ),
  );

  app.post(
    '/api/client/gettrackings',
    { ...guard, schema: { body: ZTimerReportRequest, response: responsesOf(ZGettrackingsBody) } },
    (req, reply) =>
      guarded(req, ReportErrorCode.Timers, async () => {
        const input = req.body;
        if (input.case === 'GET-NON-RETAIL-PINGS') {
          const one = await timerWithPings(app.db, authOf(req), input.timerId);
          if (!one) throw notFound();
          return { success: true, body: { resultobject: one } };
        }
        const now = new Date();
        return serveQuery<TimerRaw, ReturnType<typeof presentTimer>>(
          app,
          req,
          reply,
          input,
          'timer-report',
          timerQueries(await reportAuth(app.db, authOf(req)), input),
          (r) => presentTimer(r, now),
          TIMER_COLUMNS,
        );
      }),
  );

  /** The task-list report (ours; docs/API.md "Task list report"): runs, one run with its items, the per template and branch summary. */
  app.post(
    '/api/client/tasklistreports',
    { ...guard, schema: { body: ZTaskListReportRequest, response: responsesOf(ZTasklistreportsBody) } },
    (req, reply) =>
      guarded(req, TaskListKey.Report, async () => {
        const auth = authOf(req);
        assertTaskListRole(auth);
        const input = req.body;
        if (input.case === 'GET-TASK-RUN-BY-ID') {
          const one = await taskRunWithItems(app.db, auth, input.taskId);
          if (!one) throw notFound();
          return { success: true, body: { resultobject: one } };
        }
        if (input.case === 'GET-TASK-LIST-SUMMARY') {
          return serveQuery<TaskSummaryRaw, ReturnType<typeof presentTaskSummary>>(
            app,
            req,
            reply,
            input,
            'task-list-summary',
            taskSummaryQueries(auth, input),
            presentTaskSummary,
            TASK_SUMMARY_COLUMNS,
          );
        }
        return serveQuery<TaskRunRaw, ReturnType<typeof presentTaskRun>>(
          app,
          req,
          reply,
          input,
          'task-runs',
          taskRunQueries(auth, input),
          presentTaskRun,
          TASK_RUN_COLUMNS,
        );
      }),
  );

  app.post(
    '/api/client/managesummaryreports',
    { ...guard, schema: { body: ZSummaryReportRequest, response: responsesOf(ZManagesummaryreportsBody) } },
    (req) =>
      guarded(req, ReportErrorCode.Summary, async () => {
        checkRange(req.body);
        return {
          success: true,
          body: {
            resultobject: { APPObject: await summaryReport(app.db, await reportAuth(app.db, authOf(req)), req.body, app.database.kind) },
          },
        };
      }),
  );

  app.post(
    '/api/client/log-access/reports',
    { ...guard, schema: { body: ZLogAccessReportRequest, response: responsesOf(ZLogAccessReportsBody) } },
    (req, reply) =>
      guarded(req, ReportErrorCode.LogAccess, async () => {
        const input = req.body;
        if ('id' in input && !('fromDate' in input)) {
          const { query } = logAccessQueries(authOf(req), {
            fromDate: '1970-01-01',
            toDate: '2999-12-31',
            sortBy: 'time',
            sortDir: 'desc',
            action: 'all',
            id: input.id,
          });
          const [one] = await rows<LogAccessRaw>(app.db, query);
          if (!one) throw notFound();
          return { success: true, body: { resultobject: presentLogAccess(one) } };
        }
        const list = input as Exclude<typeof input, { id: number }>;
        return serveQuery<LogAccessRaw, ReturnType<typeof presentLogAccess>>(
          app,
          req,
          reply,
          list,
          'vaulttrak-report',
          logAccessQueries(await reportAuth(app.db, authOf(req)), list),
          presentLogAccess,
          LOG_ACCESS_COLUMNS,
        );
      }),
  );
}
