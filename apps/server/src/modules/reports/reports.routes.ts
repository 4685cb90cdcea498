/**
 * Report calls (spec §7 Reports): dailyreports, getcheckinout, gettrackings, managesummaryreports,
 * managesurveys (reporting cases), log-access/reports; managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID
 * (`serveBranchActivities`, for the branch management routes to delegate to); and the activity report served by getnotifications GET-ALL-REPORTS
 * (`serveActivityReport`, which app.ts hands to the notifications routes). Every call needs a client
 * session; rows are limited to the caller's scope by the queries themselves.
 *
 * Answers: `{success, body: {resultobject: Row[], total, offset, limit}}`, or with `format: 'csv' |
 * 'xlsx'` the file of every matching row (export.ts). Bad input: 400 (zod messages, or
 * reports.errors.rangeOrder / rangeTooLong). An unexpected failure: 500 with the report's §8 text
 * ('Error retrieving Daily Reports', …).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ReportErrorCode,
  ZBranchActivitiesRequest,
  ZCheckInOutRequest,
  ZDailyReportRequest,
  ZLogAccessReportRequest,
  ZSummaryReportRequest,
  ZSurveyReportRequest,
  ZTimerReportRequest,
  type ActivityReportRequest,
  type ReportBase,
} from '@vigil/contract';
import { AppError, notFound } from '../../plugins/errors.js';
import { requireClient } from '../../plugins/session.js';
import { rows } from '../../db/client.js';
import {
  ACTIVITY_COLUMNS,
  ActivityNames,
  activityExportQuery,
  activityQueries,
  presentActivity,
  type ActivityCells,
  type ActivityExportRaw,
} from './activities.js';
import { DAILY_COLUMNS, dailyBatches, dailyPage } from './daily.js';
import { sendExport, type Column } from './export.js';
import {
  CHECKINOUT_COLUMNS,
  LOG_ACCESS_COLUMNS,
  SURVEY_COLUMNS,
  TIMER_COLUMNS,
  checkInOutQueries,
  logAccessQueries,
  presentCheckIn,
  presentLogAccess,
  presentSurvey,
  presentTimer,
  surveyDetail,
  surveyQueries,
  timerQueries,
  timerWithPings,
  type CheckInRaw,
  type LogAccessRaw,
  type SurveyRaw,
  type TimerRaw,
} from './other-reports.js';
import { checkRange, page, streamRows } from './report-sql.js';
import { summaryReport } from './summary.js';

/** Runs a report handler; an unexpected error becomes 500 with the report's catalogue text (spec §8). */
async function guarded<T>(req: FastifyRequest, code: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    req.log.error({ err }, 'report failed');
    throw new AppError(500, code, code === ReportErrorCode.LogAccess ? { product: 'VaultTrak' } : {});
  }
}

/** File name of an export: `<report>_<from>_<to>`. */
const fileName = (report: string, input: { fromDate: string; toDate: string }) => `${report}_${input.fromDate}_${input.toDate}`;

/**
 * How a report's file is made: a query giving the page query's rows in its order (it may select
 * fewer or cheaper columns), what to read for a batch before presenting it, a row's cells, and
 * the columns.
 */
interface ExportPlan<XRaw, XRow> {
  query: SQL;
  prepare?: (batch: XRaw[]) => Promise<void>;
  present: (r: XRaw) => XRow;
  columns: Column<XRow>[];
}

/**
 * Serves a query-based report: a JSON page, or every row as a file (`exp`, by default the page
 * query itself with `present` and `columns`). For a file, the count runs while the export's
 * cursor fetches its first rows (two connections on PostgreSQL), and the file starts once both
 * are in, so a failing query still answers the report's error.
 */
async function serveQuery<Raw, Row, XRaw = Raw, XRow = Row>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: Pick<ReportBase, 'fromDate' | 'toDate' | 'offset' | 'limit' | 'format'>,
  report: string,
  q: { query: SQL; count: SQL },
  present: (r: Raw) => Row,
  columns: Column<Row>[],
  exp?: ExportPlan<XRaw, XRow>,
) {
  checkRange(input);
  if (input.format !== 'json') {
    const plan = exp ?? ({ query: q.query, present, columns } as unknown as ExportPlan<XRaw, XRow>);
    const stop = new AbortController();
    const rowsOf = streamRows<XRaw>(app, plan.query, stop.signal);
    /** Closes the cursor (whether or not the file's stream ever started reading it). */
    const release = () => {
      stop.abort();
      rowsOf.return(undefined).catch(() => undefined);
    };
    // The first batch and the count together; a failure of either is still a proper error answer.
    let count: { n: number }[];
    let first: IteratorResult<XRaw[]>;
    try {
      [count, first] = await Promise.all([rows<{ n: number }>(app.db, q.count), rowsOf.next()]);
    } catch (err) {
      release();
      throw err;
    }
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) release();
    });
    return sendExport(req, reply, input.format, fileName(report, input), Number(count[0]?.n ?? 0), plan.columns, async function* () {
      for (let next = first; !next.done; next = await rowsOf.next()) {
        await plan.prepare?.(next.value);
        yield next.value.map(plan.present);
      }
    });
  }
  const { list, total } = await page<Raw>(app.db, q.query, q.count, input.offset, input.limit);
  return { success: true, body: { resultobject: list.map(present), total, offset: input.offset, limit: input.limit } };
}

/** The activity export: ids instead of names, looked up once each (ActivityNames); times as epoch milliseconds. */
function activityExport(
  app: FastifyInstance,
  req: FastifyRequest,
  input: ActivityReportRequest,
): ExportPlan<ActivityExportRaw, ActivityCells> {
  const names = new ActivityNames(app.db);
  return {
    query: activityExportQuery(req.auth!, input),
    prepare: (batch) => names.add(batch),
    present: (r) => names.cells(r),
    columns: ACTIVITY_COLUMNS,
  };
}

/** The activity report (getnotifications GET-ALL-REPORTS): a page of §3 Activity notifications, or the export. */
export function serveActivityReport(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, input: ActivityReportRequest) {
  return guarded(req, ReportErrorCode.Activities, () =>
    serveQuery(
      app,
      req,
      reply,
      input,
      'activity-report',
      activityQueries(req.auth!, input),
      presentActivity,
      ACTIVITY_COLUMNS,
      activityExport(app, req, input),
    ),
  );
}

/**
 * managebranchoffices case GET-ACTIVITIES-BY-BRANCH-ID (spec §7): the activity rows of one branch in
 * `body.organizationobject` (+ total, offset, limit), or the export. The path belongs to the branch
 * management routes (modules/management), which delegate this case here.
 */
export function serveBranchActivities(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof ZBranchActivitiesRequest>,
) {
  return guarded(req, ReportErrorCode.BranchActivities, async () => {
    const input = { ...body, type: 'all' as const, case: 'GET-ALL-REPORTS' as const };
    const r = await serveQuery(
      app,
      req,
      reply,
      input,
      'branch-activities',
      activityQueries(req.auth!, input),
      presentActivity,
      ACTIVITY_COLUMNS,
      activityExport(app, req, input),
    );
    return r && 'body' in r && r.body
      ? {
          success: true,
          body: { organizationobject: r.body.resultobject, total: r.body.total, offset: r.body.offset, limit: r.body.limit },
        }
      : r;
  });
}

export async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireClient };

  app.post('/api/client/dailyreports', { ...guard, schema: { body: ZDailyReportRequest } }, (req, reply) =>
    guarded(req, ReportErrorCode.Daily, async () => {
      const input = req.body;
      checkRange(input);
      if (input.format !== 'json') {
        const first = await dailyPage(app.db, req.auth!, input, 0, 0);
        return sendExport(req, reply, input.format, fileName('daily-report', input), first.total, DAILY_COLUMNS, (signal) =>
          dailyBatches(app.db, req.auth!, input, signal),
        );
      }
      const { list, total } = await dailyPage(app.db, req.auth!, input, input.offset, input.limit);
      return { success: true, body: { resultobject: list, total, offset: input.offset, limit: input.limit } };
    }),
  );

  app.post('/api/client/getcheckinout', { ...guard, schema: { body: ZCheckInOutRequest } }, (req, reply) =>
    guarded(req, ReportErrorCode.CheckInOut, () =>
      serveQuery<CheckInRaw, ReturnType<typeof presentCheckIn>>(
        app,
        req,
        reply,
        req.body,
        'checkinout-report',
        checkInOutQueries(req.auth!, req.body),
        presentCheckIn,
        CHECKINOUT_COLUMNS,
      ),
    ),
  );

  app.post('/api/client/gettrackings', { ...guard, schema: { body: ZTimerReportRequest } }, (req, reply) =>
    guarded(req, ReportErrorCode.Timers, async () => {
      const input = req.body;
      if (input.case === 'GET-NON-RETAIL-PINGS') {
        const one = await timerWithPings(app.db, req.auth!, input.timerId);
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
        timerQueries(req.auth!, input),
        (r) => presentTimer(r, now),
        TIMER_COLUMNS,
      );
    }),
  );

  app.post('/api/client/managesummaryreports', { ...guard, schema: { body: ZSummaryReportRequest } }, (req) =>
    guarded(req, ReportErrorCode.Summary, async () => {
      checkRange(req.body);
      return { success: true, body: { resultobject: { APPObject: await summaryReport(app.db, req.auth!, req.body) } } };
    }),
  );

  app.post('/api/client/managesurveys', { ...guard, schema: { body: ZSurveyReportRequest } }, (req, reply) => {
    const input = req.body;
    if (input.case === 'GET-SURVEY-REPORTING-BY-ID') {
      return guarded(req, ReportErrorCode.SurveyDetails, async () => {
        const one = await surveyDetail(app.db, req.auth!, input.submitetSurveyId);
        if (!one) throw notFound();
        return { success: true, body: { temp_surveyobject: one } };
      });
    }
    return guarded(req, ReportErrorCode.Surveys, async () => {
      const r = await serveQuery<SurveyRaw, ReturnType<typeof presentSurvey>>(
        app,
        req,
        reply,
        input,
        'survey-report',
        surveyQueries(req.auth!, input),
        presentSurvey,
        SURVEY_COLUMNS,
      );
      return r && 'body' in r && r.body
        ? {
            success: true,
            body: { temp_surveyobject: r.body.resultobject, total: r.body.total, offset: r.body.offset, limit: r.body.limit },
          }
        : r;
    });
  });

  app.post('/api/client/log-access/reports', { ...guard, schema: { body: ZLogAccessReportRequest } }, (req, reply) =>
    guarded(req, ReportErrorCode.LogAccess, async () => {
      const input = req.body;
      if ('id' in input && !('fromDate' in input)) {
        const { query } = logAccessQueries(req.auth!, {
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
        logAccessQueries(req.auth!, list),
        presentLogAccess,
        LOG_ACCESS_COLUMNS,
      );
    }),
  );
}
