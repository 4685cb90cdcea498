/**
 * The video recordings report (spec §2 /videorecordings, "Video recordings"): the finished calls
 * (ended, closed out or missed) of the caller's scope whose start falls on the branch-local days
 * of the range, paged and sorted on the server, exported as CSV or XLSX like every other report
 * (reports module). Roles 5 and 8 only (callScope is `false` for everyone else).
 * POST /api/client/getvideorecordings (docs/API.md "Video recordings").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { CallErrorCode, chatDuration, type VideoRecordingRow, type VideoRecordingsRequest, type CallTransfer } from '@vigil/contract';
import { assertVideoUser, callScope } from '../../plugins/authorization.js';
import { authOf, type AuthContext } from '../../plugins/session.js';
import { guarded, serveQuery } from '../reports/reports.service.js';
import { iso } from '../../lib/zone-time.js';
import type { Column } from '../reports/export.js';
import { and, direction, localTime } from '../reports/report-sql.js';
import { localDayRange } from '../../lib/local-days.js';
import { CALL_COLUMNS, CALL_FROM, type CallRaw } from './calls.repository.js';
import { callFigures } from './calls.presenter.js';

const SORT_SQL: Record<VideoRecordingsRequest['sortBy'], SQL> = {
  start: sql`k.started_at`,
  waiting: sql`(coalesce(k.answered_at, k.ended_at) - k.started_at)`,
  talk: sql`(k.ended_at - k.answered_at)`,
  caller: sql`i.caller_surname`,
  branch: sql`b.name`,
};

/** Ordered query and count of the report (rows: CallRaw). */
export function videoRecordingQueries(auth: AuthContext, f: VideoRecordingsRequest): { query: SQL; count: SQL } {
  const conditions = [
    sql`k.state in ('ended', 'closed', 'missed')`,
    callScope(auth),
    localDayRange(sql`k.started_at`, sql`coalesce(b.time_zone, 'UTC')`, f.fromDate, f.toDate),
  ];
  if (f.organizationId) conditions.push(sql`k.organization_id = ${f.organizationId}`);
  if (f.regionalOfficeId) conditions.push(sql`k.regional_office_id = ${f.regionalOfficeId}`);
  if (f.branchOfficeId) conditions.push(sql`k.branch_office_id = ${f.branchOfficeId}`);
  if (f.userId) conditions.push(sql`(k.caller_user_id = ${f.userId} or k.answered_by = ${f.userId})`);
  const search = f.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(
      sql`(i.caller_name ilike ${like} or i.caller_surname ilike ${like} or i.caller_email ilike ${like}
        or (i.caller_name || ' ' || i.caller_surname) ilike ${like} or b.name ilike ${like} or i.text_id::text ilike ${like})`,
    );
  }
  const where = and(conditions);
  const dir = direction(f.sortDir);
  return {
    query: sql`select ${CALL_COLUMNS} ${CALL_FROM} where ${where} order by ${SORT_SQL[f.sortBy]} ${dir} nulls last, k.id ${dir}`,
    count: sql`select count(*)::int as n ${CALL_FROM} where ${where}`,
  };
}

const fullName = (n: string | null, s: string | null) => [n, s].filter(Boolean).join(' ') || null;

/** A report row of a finished call (waiting / talk from its stored instants). */
export function presentVideoRecording(r: CallRaw): VideoRecordingRow {
  const f = callFigures(r);
  const zone = r.time_zone ?? 'UTC';
  const start = iso(r.started_at);
  const chain = Array.isArray(r.transfer_chain) ? (r.transfer_chain as CallTransfer[]) : [];
  return {
    IncidentId: r.id,
    TextId: r.text_id,
    State: r.state,
    StartTimeUTC: start,
    StartTimeLocal: localTime(start, zone),
    CallerUserId: r.caller_user_id ?? 0,
    CallerName: fullName(r.caller_name, r.caller_surname) ?? '',
    OrganizationName: r.organization_name,
    RegionalOfficeName: r.region_name,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_name,
    BranchTimeZone: r.time_zone,
    WaitingSeconds: f.waiting,
    TalkSeconds: f.talk,
    Waiting: chatDuration(f.waiting),
    Talk: chatDuration(f.talk),
    AnsweredByName: fullName(r.answered_name, r.answered_surname),
    TransferChain: chain.map((h) => `${h.FromName} → ${h.ToName}`).join(', '),
    HasRecording: r.media_filename != null,
  };
}

/** Columns of the export (and of the screen), catalogue keys of packages/i18n/calls.*.json. */
export const VIDEO_RECORDING_COLUMNS: Column<VideoRecordingRow>[] = [
  { key: 'calls.columns.start', value: (r) => r.StartTimeLocal },
  { key: 'calls.columns.caller', value: (r) => r.CallerName },
  { key: 'calls.columns.organization', value: (r) => r.OrganizationName },
  { key: 'calls.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'calls.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'calls.columns.waiting', value: (r) => r.Waiting },
  { key: 'calls.columns.talk', value: (r) => r.Talk },
  { key: 'calls.columns.answeredBy', value: (r) => r.AnsweredByName },
  { key: 'calls.columns.transfers', value: (r) => r.TransferChain },
  { key: 'calls.columns.recording', value: (r, t) => t(r.HasRecording ? 'calls.page.yes' : 'calls.page.no') },
];

/**
 * Serves the report: `{resultobject: VideoRecordingRow[], total, offset, limit}` or the CSV / XLSX
 * file, through the reports module (same range checks and exports as every report). Roles 5 and 8
 * only (403 otherwise); an unexpected failure answers 500 calls.errors.retrieve.
 */
export function serveVideoRecordings(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, input: VideoRecordingsRequest) {
  const auth = authOf(req);
  assertVideoUser(auth);
  return guarded(req, CallErrorCode.Retrieve, () =>
    serveQuery<CallRaw, VideoRecordingRow>(
      app,
      req,
      reply,
      input,
      'video-recordings',
      videoRecordingQueries(auth, input),
      presentVideoRecording,
      VIDEO_RECORDING_COLUMNS,
    ),
  );
}
