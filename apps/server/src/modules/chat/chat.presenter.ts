/**
 * The JSON shapes of chat (contract chat.ts): one presenter for a session and one for a message,
 * used by the REST answers and the socket events alike, so they never disagree.
 */
import { chatDuration, roleById, type ChatLocation, type ChatMessage, type ChatRecordingRow, type ChatSession } from '@vigil/contract';
import { iso } from '../../lib/zone-time.js';
import { localTime } from '../reports/report-sql.js';
import type { ChatMessageRaw, ChatSessionRaw } from './chat.repository.js';

const isoOrNull = (v: Date | string | null) => (v == null ? null : iso(v));
const ms = (v: Date | string) => new Date(v).getTime();
const fullName = (n: string | null, s: string | null) => [n, s].filter(Boolean).join(' ') || null;

/** Waiting (start → answered, or now while incoming) and handling (answered → stopped, or now) in seconds. */
export function chatFigures(r: Pick<ChatSessionRaw, 'kind' | 'started_at' | 'answered_at' | 'stopped_at'>, now = new Date()) {
  if (r.kind === 'console') return { waiting: null, handling: null };
  const end = r.stopped_at ? ms(r.stopped_at) : now.getTime();
  const waiting = Math.round(((r.answered_at ? ms(r.answered_at) : end) - ms(r.started_at)) / 1000);
  const handling = r.answered_at ? Math.round((end - ms(r.answered_at)) / 1000) : null;
  return { waiting: Math.max(0, waiting), handling: handling == null ? null : Math.max(0, handling) };
}

/** spec §3 Chat message. */
export function presentMessage(m: ChatMessageRaw): ChatMessage {
  return {
    MsgAutoId: Number(m.id),
    MsgFromUserId: m.from_user_id,
    MsgSentTimestamp: iso(m.sent_at),
    MsgContent: m.content,
    FromConsole: m.from_console,
    FromName: m.name,
    FromSurname: m.surname,
  };
}

/** spec §3 Chat session; `messages` fill MessagesArray (empty in lists and events). */
export function presentSession(r: ChatSessionRaw, messages: ChatMessageRaw[] = [], now = new Date()): ChatSession {
  const f = chatFigures(r, now);
  const role = roleById(r.caller_role_id);
  return {
    ChatRoomId: r.id,
    SessionAutoId: r.id,
    ChatSessionId: r.session_id,
    SessionKind: r.kind,
    ChatStatus: r.status,
    StartTimeUTC: iso(r.started_at),
    AnsweredTimeUTC: isoOrNull(r.answered_at),
    StopTimeUTC: isoOrNull(r.stopped_at),
    WaitingSeconds: f.waiting,
    HandlingSeconds: f.handling,
    URLForMedia: r.url_for_media,
    InitiatedBy: r.caller_user_id,
    FinishedBy: r.finished_by,
    Latitude: r.latitude,
    Longitude: r.longitude,
    HorizontalAccuracy: r.horizontal_accuracy,
    Locations: Array.isArray(r.locations) ? (r.locations as ChatLocation[]) : [],
    MobileCallerId: r.caller_user_id,
    MobileCallerName: fullName(r.caller_name, r.caller_surname) ?? '',
    MobileSessionType: r.mobile_session_type,
    AppVersion: r.app_version,
    OS: r.os,
    PhoneModel: r.phone_model,
    MobileClient: { Name: r.caller_name, Surname: r.caller_surname, PhoneNumber: r.caller_phone },
    CallerProfile: {
      UserId: r.caller_user_id,
      Name: r.caller_name,
      Surname: r.caller_surname,
      Email: r.caller_email,
      PhoneNumber: r.caller_phone,
      RoleId: r.caller_role_id,
      RoleNameDisplay: role?.RoleNameDisplay ?? String(r.caller_role_id),
    },
    SecurityOfficerId: r.officer_user_id,
    SecurityOfficerName: fullName(r.officer_name, r.officer_surname),
    PeerUserId: r.peer_user_id,
    OrganizationId: r.organization_id,
    OrganizationName: r.organization_name,
    RegionalOfficeName: r.region_name,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_name,
    BranchTimeZone: r.time_zone,
    MessagesArray: messages.map(presentMessage),
  };
}

/** A row of the chat recordings report (times also branch-local, figures hh:mm:ss). */
export function presentRecording(r: ChatSessionRaw): ChatRecordingRow {
  const f = chatFigures(r);
  const zone = r.time_zone ?? 'UTC';
  const start = iso(r.started_at);
  const stop = isoOrNull(r.stopped_at);
  return {
    ChatRoomId: r.id,
    ChatSessionId: r.session_id,
    StartTimeUTC: start,
    StartTimeLocal: localTime(start, zone),
    AnsweredTimeUTC: isoOrNull(r.answered_at),
    StopTimeUTC: stop,
    StopTimeLocal: stop ? localTime(stop, zone) : null,
    WaitingSeconds: f.waiting,
    HandlingSeconds: f.handling,
    Waiting: chatDuration(f.waiting),
    Handling: chatDuration(f.handling),
    MobileCallerId: r.caller_user_id,
    MobileCallerName: fullName(r.caller_name, r.caller_surname) ?? '',
    SecurityOfficerName: fullName(r.officer_name, r.officer_surname),
    FinishedBy: r.finished_by,
    FinishedByName: fullName(r.finished_name, r.finished_surname),
    OrganizationName: r.organization_name,
    RegionalOfficeName: r.region_name,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_name,
    BranchTimeZone: r.time_zone,
    Messages: Number(r.message_count ?? 0),
  };
}
