/**
 * Operator chat, the business steps (spec §4 Chat session states; §7 Chat calls). Every transition
 * is one transaction: the conditional UPDATE of the session (so first-wins holds across consoles
 * and server processes: the row lock makes a second UPDATE re-check its condition and find the
 * session no longer incoming), the audit row and the event of the log (event-log.ts) that shows
 * it on every console in scope and on the caller's socket.
 *
 * Routing: a CHAT-SESSION event has audience 'security' (the operator consoles, roles 5 and 8,
 * whose scope holds the branch: the security offices monitoring its organisation) and lists the
 * caller as recipient. A CHAT-MESSAGE goes the same way while the session is incoming; once it is
 * answered, only to its caller and the operator who answered (audience 'none'). Officer-to-officer
 * messages go to the two officers only.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  CHAT_OPENING_TEXT,
  ChatErrorCode,
  EventKind,
  roleById,
  type ChatMessagePayload,
  type ChatSessionPayload,
  type ConsoleOfficer,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { assertChatUser, callerChatScope, chatSessionScope, consoleOfficerScope } from '../../plugins/authorization.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { branchInScope } from '../branches/branches.repository.js';
import { withEvents, type NewEvent } from '../realtime/event-log.js';
import { presentMessage, presentSession } from './chat.presenter.js';
import {
  findSessions,
  insertMessage,
  messagesOf,
  sessionById,
  sessionByUuid,
  updateSessionIf,
  type ChatMessageRaw,
  type ChatSessionRaw,
} from './chat.repository.js';
import { hasVisibleContent, sanitizeChatContent } from './sanitize.js';

/** Who acts and from where (audit). */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

const notFound = () => new AppError(404, ChatErrorCode.NotFound);
const fullName = (n: string | null, s: string | null) => [n, s].filter(Boolean).join(' ');

/** Sanitised content. @throws 400 chat.errors.emptyMessage when nothing visible is left. */
export function cleanContent(html: string): string {
  const clean = sanitizeChatContent(html);
  if (!hasVisibleContent(clean)) throw new AppError(400, ChatErrorCode.EmptyMessage, {}, 'content');
  return clean;
}

/** The event fields of a session: where it belongs (scope) and who acts. */
function eventBase(s: ChatSessionRaw, actorId: number): Omit<NewEvent, 'kind'> {
  return {
    organizationId: s.organization_id,
    regionalOfficeId: s.regional_office_id,
    branchOfficeId: s.branch_office_id,
    userId: actorId,
    branchAction: 'Chat',
    latitude: s.latitude,
    longitude: s.longitude,
  };
}

/** A CHAT-SESSION event: the operator consoles in scope and the caller. */
function sessionEvent(s: ChatSessionRaw, actorId: number, change: ChatSessionPayload['change']): NewEvent {
  return {
    ...eventBase(s, actorId),
    kind: EventKind.ChatSession,
    audience: 'security',
    recipientUserIds: [s.caller_user_id],
    payload: { session: presentSession(s), change } satisfies ChatSessionPayload,
  };
}

/** A CHAT-MESSAGE event: while incoming the consoles in scope too; then the participants only. */
function messageEvent(s: ChatSessionRaw, m: ChatMessageRaw): NewEvent {
  const participants =
    s.kind === 'console'
      ? [s.caller_user_id, s.peer_user_id!]
      : [s.caller_user_id, ...(s.officer_user_id != null ? [s.officer_user_id] : [])];
  const base =
    s.kind === 'console'
      ? { userId: m.from_user_id, branchAction: 'Chat' }
      : { ...eventBase(s, m.from_user_id), latitude: null, longitude: null };
  return {
    ...base,
    kind: EventKind.ChatMessage,
    audience: s.kind === 'mobile' && s.status === 'incoming' ? 'security' : 'none',
    recipientUserIds: [...new Set(participants)],
    payload: {
      ChatSessionId: s.session_id,
      ChatRoomId: s.id,
      SessionKind: s.kind,
      Message: presentMessage(m),
    } satisfies ChatMessagePayload,
  };
}

/** Reads the session again inside `tx` (after a change). */
async function reload(tx: Db, id: number): Promise<ChatSessionRaw> {
  const s = await sessionById(tx, id, sql`true`);
  if (!s) throw notFound();
  return s;
}

// ---- Mobile side ---------------------------------------------------------------------------------

/**
 * chat/start: a mobile user opens a session for one of its branches (404 outside its scope) with
 * its position; the session is incoming and reaches the operator consoles in scope at once.
 */
export async function startMobileChat(
  app: FastifyInstance,
  a: Actor,
  input: {
    branchOfficeId: number;
    latitude: number;
    longitude: number;
    horizontalAccuracy: number;
    appVersion?: string | undefined;
    os?: string | undefined;
    phoneModel?: string | undefined;
    content?: string | undefined;
  },
) {
  const b = await branchInScope(app.db, a.auth, input.branchOfficeId);
  const content = input.content != null ? cleanContent(input.content) : null;
  const at = new Date().toISOString();
  const { result } = await withEvents(app, async (tx, emit) => {
    const [created] = await rows<{ id: number }>(
      tx,
      sql`insert into chat_sessions (kind, status, organization_id, regional_office_id, branch_office_id, caller_user_id,
          latitude, longitude, horizontal_accuracy, locations, mobile_session_type, app_version, os, phone_model)
        values ('mobile', 'incoming', ${b.organizationId}, ${b.regionalOfficeId}, ${b.id}, ${a.auth.userId},
          ${input.latitude}, ${input.longitude}, ${input.horizontalAccuracy},
          ${JSON.stringify([{ Latitude: input.latitude, Longitude: input.longitude, HorizontalAccuracy: input.horizontalAccuracy, AtUTC: at }])}::jsonb,
          ${a.auth.sessionType || 'MOBILE'}, ${input.appVersion ?? null}, ${input.os ?? null}, ${input.phoneModel ?? null})
        returning id`,
    );
    const s = await reload(tx, created!.id);
    const events = [sessionEvent(s, a.auth.userId, 'started')];
    const messages: ChatMessageRaw[] = [];
    if (content) {
      const m = await insertMessage(tx, { sessionId: s.id, fromUserId: a.auth.userId, fromConsole: false, content });
      messages.push(m);
      events.push(messageEvent(s, m));
    }
    await emit(events);
    await writeAudit(tx, { actorUserId: a.auth.userId, action: 'chat-start', entity: 'chat_sessions', entityId: s.id, ip: a.ip });
    return presentSession(s, messages);
  });
  return { chatobject: result };
}

/** chat/write: a message from the caller into its open session (409 chat.errors.closed when closed). */
export async function writeMobileChat(
  app: FastifyInstance,
  a: Actor,
  input: {
    chatSessionId: string;
    content: string;
    latitude?: number | undefined;
    longitude?: number | undefined;
    horizontalAccuracy?: number | undefined;
  },
) {
  const content = cleanContent(input.content);
  const s0 = await sessionByUuid(app.db, input.chatSessionId, callerChatScope(a.auth));
  if (!s0) throw notFound();
  const { result } = await withEvents(app, async (tx, emit) => {
    // Lock the row so a message never slips in after the close (or before an answer's event).
    const [locked] = await rows<{ status: string }>(tx, sql`select status from chat_sessions where id = ${s0.id} for update`);
    if (!locked || locked.status === 'closed') throw new AppError(409, ChatErrorCode.Closed);
    if (input.latitude != null && input.longitude != null) {
      const loc = {
        Latitude: input.latitude,
        Longitude: input.longitude,
        HorizontalAccuracy: input.horizontalAccuracy ?? null,
        AtUTC: new Date().toISOString(),
      };
      await tx.execute(
        sql`update chat_sessions set locations = locations || ${JSON.stringify([loc])}::jsonb, latitude = ${loc.Latitude},
          longitude = ${loc.Longitude}, horizontal_accuracy = ${loc.HorizontalAccuracy} where id = ${s0.id}`,
      );
    }
    const s = await reload(tx, s0.id);
    const m = await insertMessage(tx, { sessionId: s.id, fromUserId: a.auth.userId, fromConsole: false, content });
    await emit([messageEvent(s, m)]);
    return presentMessage(m);
  });
  return { message: result };
}

/** chat/finish: the caller terminates its session (closed, FinishedBy the caller). */
export async function terminateMobileChat(app: FastifyInstance, a: Actor, chatSessionId: string) {
  const s0 = await sessionByUuid(app.db, chatSessionId, callerChatScope(a.auth));
  if (!s0) throw notFound();
  return { chatobject: await close(app, a, s0, 'terminated', sql`c.status <> 'closed'`) };
}

/** chat/session: the caller's session with its messages. */
export async function mobileChatSession(app: FastifyInstance, a: Actor, chatSessionId: string) {
  const s = await sessionByUuid(app.db, chatSessionId, callerChatScope(a.auth));
  if (!s) throw notFound();
  return { chatobject: presentSession(s, await messagesOf(app.db, s.id)) };
}

// ---- Console side --------------------------------------------------------------------------------

/** getSessions: the open mobile sessions in the caller's scope, oldest first (403 for roles other than 5, 8). */
export async function openSessions(app: FastifyInstance, auth: AuthContext) {
  assertChatUser(auth);
  const list = await findSessions(app.db, sql`c.kind = 'mobile' and c.status <> 'closed' and ${chatSessionScope(auth)}`);
  return { chatobject: list.map((s) => presentSession(s)) };
}

/** getSessionDetailsBySessionId: one session of the scope (open or closed) with its messages. */
export async function sessionDetails(app: FastifyInstance, auth: AuthContext, sessionId: string) {
  assertChatUser(auth);
  const s = await sessionByUuid(app.db, sessionId, chatSessionScope(auth));
  if (!s) throw notFound();
  return { chatobject: presentSession(s, await messagesOf(app.db, s.id)) };
}

/**
 * answerchatfromconsole: the first operator to answer takes the session (active, answered now) and
 * sends the opening text 'What is your emergency?' (spec §4). A later one gets 409
 * chat.errors.taken naming who has it; a closed session 409 chat.errors.closed.
 */
export async function answerChat(app: FastifyInstance, a: Actor, sessionId: string) {
  assertChatUser(a.auth);
  const s0 = await sessionByUuid(app.db, sessionId, sql`c.kind = 'mobile' and ${chatSessionScope(a.auth)}`);
  if (!s0) throw notFound();
  const { result } = await withEvents(app, async (tx, emit) => {
    const won = await updateSessionIf(
      tx,
      s0.id,
      sql`status = 'active', answered_at = now(), officer_user_id = ${a.auth.userId}`,
      sql`c.status = 'incoming'`,
    );
    const s = await reload(tx, s0.id);
    if (!won) {
      if (s.status === 'closed') throw new AppError(409, ChatErrorCode.Closed);
      if (s.officer_user_id === a.auth.userId) return presentSession(s, await messagesOf(tx, s.id));
      throw new AppError(409, ChatErrorCode.Taken, { name: fullName(s.officer_name, s.officer_surname) });
    }
    const opening = await insertMessage(tx, { sessionId: s.id, fromUserId: a.auth.userId, fromConsole: true, content: CHAT_OPENING_TEXT });
    await emit([sessionEvent(s, a.auth.userId, 'answered'), messageEvent(s, opening)]);
    await writeAudit(tx, { actorUserId: a.auth.userId, action: 'chat-answer', entity: 'chat_sessions', entityId: s.id, ip: a.ip });
    return presentSession(s, await messagesOf(tx, s.id));
  });
  return { chatobject: result };
}

/**
 * writeinchat: a console message into a session the caller answered (403 chat.errors.notYours
 * otherwise; 409 when not active or held… a held session accepts messages too) or into an
 * officer-to-officer session it takes part in.
 */
export async function writeConsoleChat(app: FastifyInstance, a: Actor, sessionId: string, html: string) {
  assertChatUser(a.auth);
  const content = cleanContent(html);
  const s0 = await sessionByUuid(app.db, sessionId, chatSessionScope(a.auth));
  if (!s0) throw notFound();
  const { result } = await withEvents(app, async (tx, emit) => {
    const [locked] = await rows<{ status: string; officer_user_id: number | null }>(
      tx,
      sql`select status, officer_user_id from chat_sessions where id = ${s0.id} for update`,
    );
    if (!locked || locked.status === 'closed') throw new AppError(409, ChatErrorCode.Closed);
    if (s0.kind === 'mobile') {
      if (locked.status === 'incoming') throw new AppError(409, ChatErrorCode.WrongState);
      if (locked.officer_user_id !== a.auth.userId) throw new AppError(403, ChatErrorCode.NotYours);
    }
    const s = await reload(tx, s0.id);
    const m = await insertMessage(tx, { sessionId: s.id, fromUserId: a.auth.userId, fromConsole: true, content });
    await emit([messageEvent(s, m)]);
    return presentMessage(m);
  });
  return { message: result };
}

/** holdchat: `hold` true holds an active session, false resumes a held one (the answering operator only). */
export async function holdChat(app: FastifyInstance, a: Actor, chatRoomId: number, hold: boolean) {
  assertChatUser(a.auth);
  const s0 = await sessionById(app.db, chatRoomId, sql`c.kind = 'mobile' and ${chatSessionScope(a.auth)}`);
  if (!s0) throw notFound();
  const from = hold ? 'active' : 'hold';
  const to = hold ? 'hold' : 'active';
  const { result } = await withEvents(app, async (tx, emit) => {
    const ok = await updateSessionIf(tx, s0.id, sql`status = ${to}`, sql`c.status = ${from} and c.officer_user_id = ${a.auth.userId}`);
    const s = await reload(tx, s0.id);
    if (!ok) {
      if (s.status === 'closed') throw new AppError(409, ChatErrorCode.Closed);
      if (s.officer_user_id !== a.auth.userId) throw new AppError(403, ChatErrorCode.NotYours);
      throw new AppError(409, ChatErrorCode.WrongState);
    }
    await emit([sessionEvent(s, a.auth.userId, hold ? 'hold' : 'resumed')]);
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: hold ? 'chat-hold' : 'chat-resume',
      entity: 'chat_sessions',
      entityId: s.id,
      ip: a.ip,
    });
    return presentSession(s);
  });
  return { chatobject: result };
}

/** finishChat: the answering operator closes the session; an incoming one may be closed by any operator in scope. */
export async function finishChat(app: FastifyInstance, a: Actor, sessionId: string) {
  assertChatUser(a.auth);
  const s0 = await sessionByUuid(app.db, sessionId, sql`c.kind = 'mobile' and ${chatSessionScope(a.auth)}`);
  if (!s0) throw notFound();
  return {
    chatobject: await close(
      app,
      a,
      s0,
      'finished',
      sql`(c.status = 'incoming' or (c.status <> 'closed' and c.officer_user_id = ${a.auth.userId}))`,
    ),
  };
}

/** Closes a session where `allowed` holds (conditional UPDATE), with its event and audit row. */
async function close(
  app: FastifyInstance,
  a: Actor,
  s0: ChatSessionRaw,
  change: 'finished' | 'terminated',
  allowed: ReturnType<typeof sql>,
) {
  const { result } = await withEvents(app, async (tx, emit) => {
    const ok = await updateSessionIf(tx, s0.id, sql`status = 'closed', stopped_at = now(), finished_by = ${a.auth.userId}`, allowed);
    const s = await reload(tx, s0.id);
    if (!ok) {
      if (s.status === 'closed') throw new AppError(409, ChatErrorCode.Closed);
      throw new AppError(403, ChatErrorCode.NotYours);
    }
    await emit([sessionEvent(s, a.auth.userId, change)]);
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: change === 'finished' ? 'chat-finish' : 'chat-terminate',
      entity: 'chat_sessions',
      entityId: s.id,
      ip: a.ip,
    });
    return presentSession(s);
  });
  return result;
}

/**
 * startchatso: the officer-to-officer session of the caller and `userId2` (a security officer of
 * the caller's offices, else 404 chat.errors.officerNotFound), created on first use, with its whole
 * history. The pair is stored lower id first, so both officers find the same session.
 */
export async function startOfficerChat(app: FastifyInstance, a: Actor, userId2: number) {
  assertChatUser(a.auth);
  const [peer] = await rows<{ id: number }>(
    app.db,
    sql`select u.id from users u where u.id = ${userId2} and ${consoleOfficerScope(a.auth)}`,
  );
  if (!peer) throw new AppError(404, ChatErrorCode.OfficerNotFound);
  const [lo, hi] = a.auth.userId < peer.id ? [a.auth.userId, peer.id] : [peer.id, a.auth.userId];
  await rows(
    app.db,
    sql`insert into chat_sessions (kind, status, caller_user_id, peer_user_id, mobile_session_type, answered_at)
      values ('console', 'active', ${lo}, ${hi}, 'WEB', now())
      on conflict (caller_user_id, peer_user_id) where kind = 'console' do nothing`,
  );
  const [s] = await findSessions(app.db, sql`c.kind = 'console' and c.caller_user_id = ${lo} and c.peer_user_id = ${hi}`, sql`c.id`, 1);
  return { chatobject: presentSession(s!, await messagesOf(app.db, s!.id)) };
}

/** employeebyemail GET-EMPLOYEES-FOR-CONSOLE: the security officers of the caller's offices (spec §2 Console dialog). */
export async function employeesForConsole(
  app: FastifyInstance,
  auth: AuthContext,
  email?: string,
): Promise<{ personobject: ConsoleOfficer[] }> {
  assertChatUser(auth);
  const like = email ? `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const list = await rows<{ id: number; name: string; surname: string; role_id: number; email: string; phone_number: string | null }>(
    app.db,
    sql`select u.id, u.name, u.surname, u.role_id, u.email, u.phone_number from users u
      where ${consoleOfficerScope(auth)} ${like ? sql`and u.email ilike ${like}` : sql``}
      order by u.surname, u.name, u.id limit 500`,
  );
  return {
    personobject: list.map((u) => ({
      UserId: u.id,
      Name: u.name,
      Surname: u.surname,
      RoleId: u.role_id,
      RoleNameDisplay: roleById(u.role_id)?.RoleNameDisplay ?? String(u.role_id),
      Email: u.email,
      PhoneNumber: u.phone_number,
    })),
  };
}
