/**
 * The chat recordings report (spec §2 /chatrecordings, "Chat transcripts"): the closed mobile
 * sessions of the caller's scope whose start falls on the branch-local days of the range, paged
 * and sorted on the server, exported as CSV or XLSX like every other report (reports module).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ChatRecordingRow, ChatRecordingsRequest } from '@vigil/contract';
import { chatSessionScope } from '../../plugins/authorization.js';
import type { AuthContext } from '../../plugins/session.js';
import type { Column } from '../reports/export.js';
import { and, direction } from '../reports/report-sql.js';
import { localDayRange } from '../../lib/local-days.js';
import { SESSION_COLUMNS, SESSION_FROM } from './chat.repository.js';

const SORT_SQL: Record<ChatRecordingsRequest['sortBy'], SQL> = {
  start: sql`c.started_at`,
  waiting: sql`(coalesce(c.answered_at, c.stopped_at) - c.started_at)`,
  handling: sql`(c.stopped_at - c.answered_at)`,
  caller: sql`cu.surname`,
  branch: sql`branch_offices.name`,
};

/** Ordered query and count of the report (rows: ChatSessionRaw with message_count). */
export function chatRecordingQueries(auth: AuthContext, f: ChatRecordingsRequest): { query: SQL; count: SQL } {
  const conditions = [
    sql`c.kind = 'mobile' and c.status = 'closed'`,
    chatSessionScope(auth),
    localDayRange(sql`c.started_at`, sql`coalesce(branch_offices.time_zone, 'UTC')`, f.fromDate, f.toDate),
  ];
  if (f.organizationId) conditions.push(sql`c.organization_id = ${f.organizationId}`);
  if (f.regionalOfficeId) conditions.push(sql`c.regional_office_id = ${f.regionalOfficeId}`);
  if (f.branchOfficeId) conditions.push(sql`c.branch_office_id = ${f.branchOfficeId}`);
  if (f.userId) conditions.push(sql`(c.caller_user_id = ${f.userId} or c.officer_user_id = ${f.userId})`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conditions.push(
      sql`(cu.name ilike ${like} or cu.surname ilike ${like} or ou.name ilike ${like} or ou.surname ilike ${like} or branch_offices.name ilike ${like})`,
    );
  }
  const where = and(conditions);
  const dir = direction(f.sortDir);
  return {
    query: sql`select ${SESSION_COLUMNS}, (select count(*)::int from chat_messages m where m.session_id = c.id) as message_count
      ${SESSION_FROM} where ${where} order by ${SORT_SQL[f.sortBy]} ${dir} nulls last, c.id ${dir}`,
    count: sql`select count(*)::int as n ${SESSION_FROM} where ${where}`,
  };
}

/** Columns of the export (and of the screen), catalogue keys of packages/i18n/chat.*.json. */
export const CHAT_RECORDING_COLUMNS: Column<ChatRecordingRow>[] = [
  { key: 'chat.columns.start', value: (r) => r.StartTimeLocal },
  { key: 'chat.columns.stop', value: (r) => r.StopTimeLocal },
  { key: 'chat.columns.caller', value: (r) => r.MobileCallerName },
  { key: 'chat.columns.officer', value: (r) => r.SecurityOfficerName },
  { key: 'chat.columns.organization', value: (r) => r.OrganizationName },
  { key: 'chat.columns.region', value: (r) => r.RegionalOfficeName },
  { key: 'chat.columns.branch', value: (r) => r.BranchOfficeName },
  { key: 'chat.columns.waiting', value: (r) => r.Waiting },
  { key: 'chat.columns.handling', value: (r) => r.Handling },
  { key: 'chat.columns.messages', value: (r) => r.Messages },
  { key: 'chat.columns.finishedBy', value: (r) => r.FinishedByName },
];
