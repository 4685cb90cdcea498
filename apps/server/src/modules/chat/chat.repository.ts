/**
 * Chat SQL (spec §3 Chat session, Chat message): sessions with their caller, officer, branch,
 * region and organisation, and their messages. Every read takes a scope condition on
 * `chat_sessions c` (plugins/authorization.ts chatSessionScope / callerChatScope).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.js';

/** A session row with the names the presenter needs. Instants as the driver gives them. */
export interface ChatSessionRaw {
  id: number;
  session_id: string;
  kind: 'mobile' | 'console';
  status: 'incoming' | 'active' | 'hold' | 'closed';
  organization_id: number | null;
  organization_name: string | null;
  regional_office_id: number | null;
  region_name: string | null;
  branch_office_id: number | null;
  branch_name: string | null;
  time_zone: string | null;
  caller_user_id: number;
  caller_name: string;
  caller_surname: string;
  caller_email: string;
  caller_phone: string | null;
  caller_role_id: number;
  peer_user_id: number | null;
  officer_user_id: number | null;
  officer_name: string | null;
  officer_surname: string | null;
  finished_by: number | null;
  finished_name: string | null;
  finished_surname: string | null;
  started_at: Date | string;
  answered_at: Date | string | null;
  stopped_at: Date | string | null;
  latitude: number | null;
  longitude: number | null;
  horizontal_accuracy: number | null;
  locations: unknown;
  mobile_session_type: string;
  app_version: string | null;
  os: string | null;
  phone_model: string | null;
  url_for_media: string | null;
  message_count?: number;
}

/** The select list and joins of a session row (`c` is chat_sessions). */
export const SESSION_FROM = sql`from chat_sessions c
  join users cu on cu.id = c.caller_user_id
  left join users ou on ou.id = c.officer_user_id
  left join users fu on fu.id = c.finished_by
  left join organizations o on o.id = c.organization_id
  left join offices r on r.id = c.regional_office_id
  left join branch_offices on branch_offices.id = c.branch_office_id`;

export const SESSION_COLUMNS = sql`c.id, c.session_id::text as session_id, c.kind, c.status, c.organization_id, o.name as organization_name,
  c.regional_office_id, r.name as region_name, c.branch_office_id, branch_offices.name as branch_name, branch_offices.time_zone,
  c.caller_user_id, cu.name as caller_name, cu.surname as caller_surname, cu.email as caller_email, cu.phone_number as caller_phone,
  cu.role_id as caller_role_id, c.peer_user_id, c.officer_user_id, ou.name as officer_name, ou.surname as officer_surname,
  c.finished_by, fu.name as finished_name, fu.surname as finished_surname, c.started_at, c.answered_at, c.stopped_at,
  c.latitude, c.longitude, c.horizontal_accuracy, c.locations, c.mobile_session_type, c.app_version, c.os, c.phone_model, c.url_for_media`;

/** Sessions matching `where` (a condition on `c`), in `order`. */
export function findSessions(db: Db, where: SQL, order: SQL = sql`c.started_at, c.id`, limit = 500): Promise<ChatSessionRaw[]> {
  return rows<ChatSessionRaw>(db, sql`select ${SESSION_COLUMNS} ${SESSION_FROM} where ${where} order by ${order} limit ${limit}`);
}

/** One session by ChatSessionId (UUID) within `scope`; undefined when absent or outside it. */
export async function sessionByUuid(db: Db, sessionId: string, scope: SQL): Promise<ChatSessionRaw | undefined> {
  const [s] = await findSessions(db, sql`c.session_id = ${sessionId}::uuid and ${scope}`, sql`c.id`, 1);
  return s;
}

/** One session by ChatRoomId within `scope`. */
export async function sessionById(db: Db, id: number, scope: SQL): Promise<ChatSessionRaw | undefined> {
  const [s] = await findSessions(db, sql`c.id = ${id} and ${scope}`, sql`c.id`, 1);
  return s;
}

/** A message row with its sender's names. */
export interface ChatMessageRaw {
  id: number;
  session_id: number;
  from_user_id: number;
  from_console: boolean;
  content: string;
  sent_at: Date | string;
  name: string | null;
  surname: string | null;
}

/** The messages of a session, oldest first. */
export function messagesOf(db: Db, sessionId: number): Promise<ChatMessageRaw[]> {
  return rows<ChatMessageRaw>(
    db,
    sql`select m.id::int as id, m.session_id, m.from_user_id, m.from_console, m.content, m.sent_at, u.name, u.surname
      from chat_messages m left join users u on u.id = m.from_user_id
      where m.session_id = ${sessionId} order by m.id`,
  );
}

/** Inserts a message; returns it with its sender's names. */
export async function insertMessage(
  db: Db,
  m: { sessionId: number; fromUserId: number; fromConsole: boolean; content: string },
): Promise<ChatMessageRaw> {
  const [r] = await rows<ChatMessageRaw>(
    db,
    sql`with m as (insert into chat_messages (session_id, from_user_id, from_console, content)
        values (${m.sessionId}, ${m.fromUserId}, ${m.fromConsole}, ${m.content}) returning *)
      select m.id::int as id, m.session_id, m.from_user_id, m.from_console, m.content, m.sent_at, u.name, u.surname
      from m left join users u on u.id = m.from_user_id`,
  );
  return r!;
}

/**
 * The conditional state change of a session (first-wins across consoles and server processes):
 * `set` applies only where `where` still holds when the row is locked; returns whether it did.
 */
export async function updateSessionIf(db: Db, id: number, set: SQL, where: SQL): Promise<boolean> {
  const changed = await rows<{ id: number }>(db, sql`update chat_sessions c set ${set} where c.id = ${id} and ${where} returning c.id`);
  return changed.length > 0;
}
