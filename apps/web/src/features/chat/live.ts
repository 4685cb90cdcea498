/**
 * Live chat (spec §4 Chat session states; §7 the chat family on /_socket): CHAT-SESSION events move
 * a session in the open list (a closed one leaves it) and in its cached page, with the alert tone
 * when a new one comes in; CHAT-MESSAGE events add the message to the cached session (a mobile
 * session or an officer-to-officer one); onlineConsoles replaces the online list of the Console
 * dialog. Everything is written into the query cache. A read on its way may answer what was before
 * an event: a session's read applies the messages that came meanwhile to its answer, and a read of
 * the open list or of a session whose state an event changed is made again after it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessagePayload, ChatSession, ChatSessionPayload, SocketEvent } from '@vigil/contract';
import { readAgainIfOnItsWay } from '../../shared/api/refetch-after-event';
import { chatKeys, putSession, withMessage, type OnlineUser } from './api';

/** Applies a chat event; answers true when it is a new incoming session (the caller sounds the alert). */
export function applyChatEvent(qc: QueryClient, e: SocketEvent): boolean {
  if (e.type === 'CHAT-SESSION') {
    const p = e.Payload as ChatSessionPayload;
    putSession(qc, p.session);
    // A read of the list or of the session on its way may answer the state before this event.
    readAgainIfOnItsWay(qc, chatKeys.sessions());
    readAgainIfOnItsWay(qc, chatKeys.session(p.session.ChatSessionId));
    return p.change === 'started';
  }
  if (e.type === 'CHAT-MESSAGE') {
    const p = e.Payload as ChatMessagePayload;
    // A read of the session on its way applies the message to its answer (api.ts withLiveMessages).
    qc.setQueryData<ChatSession>(chatKeys.session(p.ChatSessionId), (s) => withMessage(s, p.Message));
    for (const q of qc.getQueryCache().findAll({ queryKey: ['chat', 'officer-room'] })) {
      qc.setQueryData<ChatSession>(q.queryKey, (s) => (s && s.ChatSessionId === p.ChatSessionId ? withMessage(s, p.Message) : s));
    }
  }
  return false;
}

/** The online list of the socket's onlineConsoles message. */
export function applyOnlineConsoles(qc: QueryClient, users: OnlineUser[]): void {
  qc.setQueryData<OnlineUser[]>(chatKeys.online(), users);
}
