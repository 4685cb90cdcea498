/**
 * Chat data for the console (spec §7 Chat calls; docs/API.md "Chat"): the open sessions behind the
 * drawer list, one session with its messages, the answer / write / hold / finish calls, the
 * officers of the Console dialog with their online state, the officer-to-officer session, and the
 * chat recordings report. Socket events write into these caches (live.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CHAT_RECORDING_SORTS,
  ChatMessage,
  ChatMessagePayload,
  ChatRecordingRow,
  ChatSession,
  ConsoleOfficer,
  SocketEvent,
  ZChatRecordingsRequest,
  ZStartChatSoRequest,
  ZWriteInChatRequest,
} from '@vigil/contract';
import { CONSOLE_CHAT_ACCURACY, SocketEventType } from '@vigil/contract';
import { readKeepingEvents } from '../../realtime/event-taps';
import { apiPost } from '../../shared/api/client';
import { downloadFile, type DownloadFormat, type DownloadProgress, type DownloadedFile } from '../../shared/api/download';

const PATHS = {
  sessions: '/api/client/getSessions',
  details: '/api/client/getSessionDetailsBySessionId',
  answer: '/api/client/answerchatfromconsole',
  write: '/api/client/writeinchat',
  hold: '/api/client/holdchat',
  finish: '/api/client/finishChat',
  startSo: '/api/client/startchatso',
  officers: '/api/client/employeebyemail',
  recordings: '/api/client/getchatrecordings',
};

/** A user online now (socket `onlineConsoles`). */
export interface OnlineUser {
  UserId: number;
  Name: string;
  Surname: string;
  RoleId: number;
}

export const chatKeys = {
  all: ['chat'] as const,
  sessions: () => ['chat', 'sessions'] as const,
  session: (id: string) => ['chat', 'session', id] as const,
  officers: () => ['chat', 'officers'] as const,
  online: () => ['chat', 'online'] as const,
  officerRoom: (userId: number) => ['chat', 'officer-room', userId] as const,
  recordings: (filters: object) => ['chat', 'recordings', filters] as const,
};

/** The open sessions of the scope (getSessions), kept live by socket events. */
export function useOpenSessions(enabled = true) {
  return useQuery({
    queryKey: chatKeys.sessions(),
    queryFn: ({ signal }) => apiPost<{ chatobject: ChatSession[] }>(PATHS.sessions, {}, { signal }).then((b) => b.chatobject),
    enabled,
  });
}

/** One session with its messages (getSessionDetailsBySessionId). */
export function useChatSession(id: string) {
  return useQuery({
    queryKey: chatKeys.session(id),
    queryFn: ({ signal }) =>
      readKeepingEvents(
        () => apiPost<{ chatobject: ChatSession }>(PATHS.details, { param_session_id: id }, { signal }).then((b) => b.chatobject),
        withLiveMessages,
      ),
    retry: false,
  });
}

/**
 * A session's answer with the CHAT-MESSAGE events of that session dispatched while it was being
 * read (realtime/event-taps.ts): each message once, in order (withMessage).
 */
export function withLiveMessages(s: ChatSession, events: readonly SocketEvent[]): ChatSession {
  let out = s;
  for (const e of events) {
    if (e.type !== SocketEventType.ChatMessage) continue;
    const p = e.Payload as ChatMessagePayload;
    if (p.ChatSessionId === s.ChatSessionId) out = withMessage(out, p.Message) ?? out;
  }
  return out;
}

/** Adds a message to a cached session once (by MsgAutoId). */
export function withMessage(s: ChatSession | undefined, m: ChatMessage): ChatSession | undefined {
  if (!s || s.MessagesArray.some((x) => x.MsgAutoId === m.MsgAutoId)) return s;
  return { ...s, MessagesArray: [...s.MessagesArray, m].sort((a, b) => a.MsgAutoId - b.MsgAutoId) };
}

/** A session's new state into the caches: the open list (closed ones leave it) and the session itself (messages kept). */
export function putSession(qc: ReturnType<typeof useQueryClient>, s: ChatSession): void {
  qc.setQueryData<ChatSession[]>(chatKeys.sessions(), (list) => {
    if (!list) return list;
    const rest = list.filter((x) => x.ChatSessionId !== s.ChatSessionId);
    return s.ChatStatus === 'closed' ? rest : [...rest, s].sort((a, b) => a.StartTimeUTC.localeCompare(b.StartTimeUTC));
  });
  qc.setQueryData<ChatSession>(chatKeys.session(s.ChatSessionId), (old) =>
    old ? { ...s, MessagesArray: s.MessagesArray.length ? s.MessagesArray : old.MessagesArray } : old,
  );
}

/** answerchatfromconsole (first-wins; a later answer fails with the server's 'already answered by' text). */
export function useAnswerChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ chatobject: ChatSession }>(PATHS.answer, { param_chat_session_id: id }).then((b) => b.chatobject),
    onSuccess: (s) => {
      putSession(qc, s);
      qc.setQueryData(chatKeys.session(s.ChatSessionId), s);
    },
  });
}

/** writeinchat: a console message (TEXT) into a session. */
export function useWriteInChat(sessionId: string, onSent?: (m: ChatMessage) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiPost<{ message: ChatMessage }>(PATHS.write, {
        param_chat_session_id: sessionId,
        param_content: content,
        param_type: 'TEXT',
        param_console: true,
      } satisfies z.input<typeof ZWriteInChatRequest>).then((b) => b.message),
    onSuccess: (m) => {
      qc.setQueryData<ChatSession>(chatKeys.session(sessionId), (s) => withMessage(s, m));
      onSent?.(m);
    },
  });
}

/** holdchat: hold (true) or resume (false). */
export function useHoldChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { chatRoomId: number; hold: boolean }) =>
      apiPost<{ chatobject: ChatSession }>(PATHS.hold, { chat_room_id: v.chatRoomId, hold: v.hold }).then((b) => b.chatobject),
    onSuccess: (s) => putSession(qc, s),
  });
}

/** finishChat. */
export function useFinishChat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ chatobject: ChatSession }>(PATHS.finish, { param_chat_session_id: id }).then((b) => b.chatobject),
    onSuccess: (s) => putSession(qc, s),
  });
}

/** The security officers of the Console dialog (employeebyemail GET-EMPLOYEES-FOR-CONSOLE). */
export function useConsoleOfficers(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.officers(),
    queryFn: ({ signal }) =>
      apiPost<{ personobject: ConsoleOfficer[] }>(PATHS.officers, { case: 'GET-EMPLOYEES-FOR-CONSOLE' }, { signal }).then(
        (b) => b.personobject,
      ),
    enabled,
  });
}

/** Who is online now (socket onlineConsoles, written by live.ts; empty until the first list). */
export function useOnlineUsers() {
  return useQuery<OnlineUser[]>({
    queryKey: chatKeys.online(),
    queryFn: () => Promise.resolve([]),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The officer-to-officer session with `userId` (startchatso, with the console's fixed accuracy '10.12'). */
export function useOfficerRoom(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.officerRoom(userId),
    queryFn: ({ signal }) =>
      readKeepingEvents(
        () =>
          apiPost<{ chatobject: ChatSession }>(
            PATHS.startSo,
            {
              param_latitude: 0,
              param_longitude: 0,
              param_accuracy: CONSOLE_CHAT_ACCURACY,
              param_mobile_session_type: 'WEB',
              param_userid2: userId,
            } satisfies z.input<typeof ZStartChatSoRequest>,
            { signal },
          ).then((b) => b.chatobject),
        withLiveMessages,
      ),
    enabled,
  });
}

export type ChatRecordingSort = (typeof CHAT_RECORDING_SORTS)[number];

/** A frame of the recordings report (the shared filter bar's dates and scope, sort). */
export interface RecordingsFrame {
  fromDate: string;
  toDate: string;
  organizationId?: number | undefined;
  regionalOfficeId?: number | undefined;
  branchOfficeId?: number | undefined;
  sortBy: ChatRecordingSort;
  sortDir: 'asc' | 'desc';
}

const recordingsRequest = (f: RecordingsFrame, search: string | undefined) =>
  ({ case: 'GET-CHAT-RECORDINGS', ...f, ...(search ? { search } : {}) }) satisfies z.input<typeof ZChatRecordingsRequest>;

/** The chat recordings report as a report source (a page, and the CSV / XLSX of the same filters). */
export function chatRecordingsReport(search: string | undefined) {
  return {
    key: chatKeys.recordings({ search }),
    page: (f: RecordingsFrame & { offset: number; limit: number }, signal: AbortSignal) => {
      const { offset, limit, ...frame } = f;
      return apiPost<{ resultobject: ChatRecordingRow[]; total: number }>(
        PATHS.recordings,
        { ...recordingsRequest(frame, search), offset, limit },
        { signal },
      ).then((b) => ({ rows: b.resultobject, total: Number(b.total ?? 0) }));
    },
    download: (
      f: RecordingsFrame,
      opts: { format: DownloadFormat; signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void },
    ): Promise<DownloadedFile> => downloadFile(PATHS.recordings, recordingsRequest(f, search), opts),
  };
}
