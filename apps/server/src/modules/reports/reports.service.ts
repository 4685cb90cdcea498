/**
 * How report calls are served (spec §7 Reports; §8 report errors): a JSON page or the whole file
 * (export.ts) of a query-based report, the activity report of getnotifications GET-ALL-REPORTS
 * (`serveActivityReport`, called by the notifications routes) and managebranchoffices
 * GET-ACTIVITIES-BY-BRANCH-ID (`serveBranchActivities`, wired into the branch routes by app.ts).
 * Rows are limited to the caller's scope by the queries themselves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ReportErrorCode,
  type ActivityReportRequest,
  type ReportBase,
  type SurveyReportRequest,
  type ZBranchActivitiesRequest,
} from '@vigil/contract';
import { rows } from '../../db/client.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { authOf } from '../../plugins/session.js';
import {
  ACTIVITY_COLUMNS,
  ActivityNames,
  activityExportQuery,
  activityQueries,
  presentActivity,
  type ActivityCells,
  type ActivityExportRaw,
} from './activities.js';
import { sendExport, type Column } from './export.js';
import { SURVEY_COLUMNS, presentSurvey, surveyDetail, surveyQueries, type SurveyRaw } from './other-reports.js';
import { checkRange, page, reportAuth, streamRows, type PageQueries, type ReportAuth } from './report-sql.js';
import { reportError } from '../../plugins/error-reporting.js';

/** Runs a report handler; an unexpected error becomes 500 with the report's catalogue text (spec §8). */
export async function guarded<T>(req: FastifyRequest, code: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    req.log.error({ err }, 'report failed');
    reportError(err, req);
    throw new AppError(500, code, code === ReportErrorCode.LogAccess ? { product: 'VaultTrak' } : {});
  }
}

/** File name of an export: `<report>_<from>_<to>`. */
export const fileName = (report: string, input: { fromDate: string; toDate: string }) => `${report}_${input.fromDate}_${input.toDate}`;

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
 * Streams every row of a report as a file along `plan`. The count runs while the export's cursor
 * fetches its first rows (two connections on PostgreSQL), and the file starts once both are in,
 * so a failing query still answers the report's error.
 */
async function serveFile<XRaw, XRow>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: Pick<ReportBase, 'fromDate' | 'toDate'> & { format: 'csv' | 'xlsx' },
  report: string,
  count: SQL,
  plan: ExportPlan<XRaw, XRow>,
) {
  const stop = new AbortController();
  const rowsOf = streamRows<XRaw>(app, plan.query, stop.signal);
  /** Closes the cursor (whether or not the file's stream ever started reading it). */
  const release = () => {
    stop.abort();
    rowsOf.return(undefined).catch(() => undefined);
  };
  // The first batch and the count together; a failure of either is still a proper error answer.
  let counted: { n: number }[];
  let first: IteratorResult<XRaw[]>;
  try {
    [counted, first] = await Promise.all([rows<{ n: number }>(app.db, count), rowsOf.next()]);
  } catch (err) {
    release();
    throw err;
  }
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) release();
  });
  return sendExport(req, reply, input.format, fileName(report, input), Number(counted[0]?.n ?? 0), plan.columns, async function* () {
    for (let next = first; !next.done; next = await rowsOf.next()) {
      await plan.prepare?.(next.value);
      yield next.value.map(plan.present);
    }
  });
}

/**
 * True when serveQuery answered a JSON page. For an export it hands back the reply sending the
 * file, a thenable that resolves to undefined once the file is sent, so an awaited export is
 * undefined (reading it as a page threw after every download, reported as a failed report).
 */
function isPage<P extends { success: boolean }>(r: P | FastifyReply | undefined): r is P {
  return r !== undefined && 'success' in r;
}

/**
 * Serves a query-based report: a JSON page, or every row as a file (`exp`, by default the page
 * query itself with `present` and `columns`; serveFile).
 */
export async function serveQuery<Raw, Row, XRaw = Raw, XRow = Row>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: Pick<ReportBase, 'fromDate' | 'toDate' | 'offset' | 'limit' | 'format'>,
  report: string,
  q: PageQueries<Raw>,
  present: (r: Raw) => Row,
  columns: Column<Row>[],
  exp?: ExportPlan<XRaw, XRow>,
) {
  checkRange(input);
  const format = input.format;
  if (format !== 'json') {
    const file = { fromDate: input.fromDate, toDate: input.toDate, format };
    return exp
      ? serveFile(app, req, reply, file, report, q.count, exp)
      : serveFile(app, req, reply, file, report, q.count, { query: q.query, present, columns });
  }
  const { list, total } = await page<Raw>(app.db, q, input.offset, input.limit);
  return { success: true, body: { resultobject: list.map(present), total, offset: input.offset, limit: input.limit } };
}

/** The activity export: ids instead of names, looked up once each (ActivityNames); times as epoch milliseconds. */
function activityExport(
  app: FastifyInstance,
  auth: ReportAuth,
  input: ActivityReportRequest,
): ExportPlan<ActivityExportRaw, ActivityCells> {
  const names = new ActivityNames(app.db);
  return {
    query: activityExportQuery(auth, input),
    prepare: (batch) => names.add(batch),
    present: (r) => names.cells(r),
    columns: ACTIVITY_COLUMNS,
  };
}

/**
 * The activity report (getnotifications GET-ALL-REPORTS): a page of §3 Activity notifications in
 * `body.notificationobject` (spec §7; + total, offset, limit), or the export.
 */
export function serveActivityReport(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, input: ActivityReportRequest) {
  return guarded(req, ReportErrorCode.Activities, async () => {
    const auth = await reportAuth(app.db, authOf(req));
    const r = await serveQuery(
      app,
      req,
      reply,
      input,
      'activity-report',
      activityQueries(auth, input),
      presentActivity,
      ACTIVITY_COLUMNS,
      activityExport(app, auth, input),
    );
    if (!isPage(r)) return r; // the export: the file was sent
    return {
      success: true,
      body: { notificationobject: r.body.resultobject, total: r.body.total, offset: r.body.offset, limit: r.body.limit },
    };
  });
}

/**
 * managebranchoffices case GET-ACTIVITIES-BY-BRANCH-ID (spec §7): the activity rows of one branch in
 * `body.organizationobject` (+ total, offset, limit), or the export. The path belongs to the branches
 * module, whose route takes this function as its `branchActivities` option (wired in app.ts).
 */
export function serveBranchActivities(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  body: z.output<typeof ZBranchActivitiesRequest>,
) {
  return guarded(req, ReportErrorCode.BranchActivities, async () => {
    const input = { ...body, type: 'all' as const, case: 'GET-ALL-REPORTS' as const };
    const auth = await reportAuth(app.db, authOf(req));
    const r = await serveQuery(
      app,
      req,
      reply,
      input,
      'branch-activities',
      activityQueries(auth, input),
      presentActivity,
      ACTIVITY_COLUMNS,
      activityExport(app, auth, input),
    );
    return isPage(r)
      ? {
          success: true,
          body: { organizationobject: r.body.resultobject, total: r.body.total, offset: r.body.offset, limit: r.body.limit },
        }
      : r;
  });
}

/**
 * managesurveys GET-ALL-SURVEY-REPORTING / GET-SURVEY-REPORTING-BY-ID (spec §7 Reports): the survey
 * report, handed to the surveys routes (which own the path) by app.ts. Answers
 * `{temp_surveyobject, total, offset, limit}`, one submission `{temp_surveyobject}`, or a CSV/XLSX file.
 */
export function serveSurveyReport(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, input: SurveyReportRequest) {
  if (input.case === 'GET-SURVEY-REPORTING-BY-ID') {
    return guarded(req, ReportErrorCode.SurveyDetails, async () => {
      const one = await surveyDetail(app.db, authOf(req), input.submitetSurveyId);
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
      surveyQueries(await reportAuth(app.db, authOf(req)), input),
      presentSurvey,
      SURVEY_COLUMNS,
    );
    if (!isPage(r)) return r; // the export: the file was sent
    return {
      success: true,
      body: { temp_surveyobject: r.body.resultobject, total: r.body.total, offset: r.body.offset, limit: r.body.limit },
    };
  });
}
