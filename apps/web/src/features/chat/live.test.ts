// @vitest-environment jsdom
/**
 * Live chat in the query cache (live.ts) and the browser's sanitising of message content
 * (ChatContent.tsx): a started session joins the open list and asks for the alert, a closed one
 * leaves it, a message is added to its cached session once, and content is shown inert.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ChatMessage, ChatSession } from '@vigil/contract';
import { ev } from '../../realtime/test-events';
import { chatKeys, withLiveMessages } from './api';
import { sanitizeChat } from './ChatContent';
import { applyChatEvent, applyOnlineConsoles } from './live';

const session = (over: Partial<ChatSession> = {}): ChatSession =>
  ({
    ChatRoomId: 1,
    SessionAutoId: 1,
    ChatSessionId: '00000000-0000-4000-8000-000000000001',
    SessionKind: 'mobile',
    ChatStatus: 'incoming',
    StartTimeUTC: '2026-11-23T10:00:00.000Z',
    AnsweredTimeUTC: null,
    StopTimeUTC: null,
    MobileCallerName: 'Klodian Marku',
    SecurityOfficerId: null,
    MessagesArray: [],
    ...over,
  }) as ChatSession;
const message = (id: number): ChatMessage => ({
  MsgAutoId: id,
  MsgFromUserId: 9,
  MsgSentTimestamp: '2026-11-23T10:00:05.000Z',
  MsgContent: `m${id}`,
  FromConsole: false,
  FromName: 'Klodian',
  FromSurname: 'Marku',
});

describe('live chat', () => {
  it("a session's answer takes the messages of that session that came while it was read, once and in order", () => {
    const s = session({ MessagesArray: [message(1), message(2)] });
    const other = '00000000-0000-4000-8000-000000000002';
    const got = withLiveMessages(s, [
      ev({
        type: 'CHAT-MESSAGE',
        id: 10,
        Payload: { ChatSessionId: s.ChatSessionId, ChatRoomId: 1, SessionKind: 'mobile', Message: message(2) },
      }),
      ev({ type: 'CHAT-MESSAGE', id: 11, Payload: { ChatSessionId: other, ChatRoomId: 2, SessionKind: 'mobile', Message: message(5) } }),
      ev({
        type: 'CHAT-MESSAGE',
        id: 12,
        Payload: { ChatSessionId: s.ChatSessionId, ChatRoomId: 1, SessionKind: 'mobile', Message: message(3) },
      }),
    ]);
    expect(got.MessagesArray.map((m) => m.MsgAutoId)).toEqual([1, 2, 3]);
    expect(withLiveMessages(s, [])).toBe(s);
  });

  it('reads the open list again when a session starts while its read is on its way (its answer may not hold it yet)', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const reads: ((list: ChatSession[]) => void)[] = [];
    const observer = new QueryObserver(qc, {
      queryKey: chatKeys.sessions(),
      queryFn: () => new Promise<ChatSession[]>((resolve) => reads.push(resolve)),
    });
    const stop = observer.subscribe(() => undefined);
    const settle = () => new Promise((r) => setTimeout(r, 20));
    expect(reads).toHaveLength(1); // read before the person in danger started the chat
    const s = session();
    expect(applyChatEvent(qc, ev({ type: 'CHAT-SESSION', id: 1, Payload: { session: s, change: 'started' } }))).toBe(true);
    await settle();
    reads[0]!([]);
    await settle();
    expect(reads).toHaveLength(2); // a second read, started after the event
    reads[1]!([s]);
    await settle();
    expect(qc.getQueryData<ChatSession[]>(chatKeys.sessions())!.map((x) => x.ChatSessionId)).toEqual([s.ChatSessionId]);
    // With no read on its way, the event is applied and nothing is read.
    applyChatEvent(qc, ev({ type: 'CHAT-SESSION', id: 2, Payload: { session: session({ ChatStatus: 'active' }), change: 'answered' } }));
    await settle();
    expect(reads).toHaveLength(2);
    expect(qc.getQueryData<ChatSession[]>(chatKeys.sessions())!.map((x) => x.ChatStatus)).toEqual(['active']);
    stop();
    qc.clear();
  });

  it('adds a started session with the alert, moves it on a change and drops it once closed', () => {
    const qc = new QueryClient();
    qc.setQueryData(chatKeys.sessions(), []);
    const s = session();
    expect(applyChatEvent(qc, ev({ type: 'CHAT-SESSION', id: 1, Payload: { session: s, change: 'started' } }))).toBe(true);
    expect(qc.getQueryData<ChatSession[]>(chatKeys.sessions())!.map((x) => x.ChatStatus)).toEqual(['incoming']);
    qc.setQueryData(chatKeys.session(s.ChatSessionId), { ...s, MessagesArray: [message(1)] });
    const active = session({ ChatStatus: 'active', SecurityOfficerId: 4 });
    expect(applyChatEvent(qc, ev({ type: 'CHAT-SESSION', id: 2, Payload: { session: active, change: 'answered' } }))).toBe(false);
    expect(qc.getQueryData<ChatSession[]>(chatKeys.sessions())!.map((x) => x.ChatStatus)).toEqual(['active']);
    // The cached page keeps its messages.
    expect(qc.getQueryData<ChatSession>(chatKeys.session(s.ChatSessionId))!.MessagesArray).toHaveLength(1);
    applyChatEvent(qc, ev({ type: 'CHAT-SESSION', id: 3, Payload: { session: session({ ChatStatus: 'closed' }), change: 'terminated' } }));
    expect(qc.getQueryData<ChatSession[]>(chatKeys.sessions())).toEqual([]);
    expect(qc.getQueryData<ChatSession>(chatKeys.session(s.ChatSessionId))!.ChatStatus).toBe('closed');
  });

  it('adds a message to its cached session once, in order', () => {
    const qc = new QueryClient();
    const s = session();
    qc.setQueryData(chatKeys.session(s.ChatSessionId), { ...s, MessagesArray: [message(2)] });
    const payload = (id: number) => ({
      ChatSessionId: s.ChatSessionId,
      ChatRoomId: 1,
      SessionKind: 'mobile' as const,
      Message: message(id),
    });
    applyChatEvent(qc, ev({ type: 'CHAT-MESSAGE', id: 10, Payload: payload(1) }));
    applyChatEvent(qc, ev({ type: 'CHAT-MESSAGE', id: 11, Payload: payload(1) }));
    expect(qc.getQueryData<ChatSession>(chatKeys.session(s.ChatSessionId))!.MessagesArray.map((m) => m.MsgAutoId)).toEqual([1, 2]);
  });

  it('keeps the online list of onlineConsoles', () => {
    const qc = new QueryClient();
    applyOnlineConsoles(qc, [{ UserId: 4, Name: 'Besnik', Surname: 'Shehu', RoleId: 5 }]);
    expect(qc.getQueryData(chatKeys.online())).toEqual([{ UserId: 4, Name: 'Besnik', Surname: 'Shehu', RoleId: 5 }]);
  });
});

describe('sanitizeChat', () => {
  it('shows content inert', () => {
    expect(sanitizeChat('<img src=x onerror="alert(1)">Look')).toBe('Look');
    expect(sanitizeChat('<script>alert(1)</script><b onclick="x()">bold</b>')).toBe('<b>bold</b>');
    expect(sanitizeChat('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeChat('<a href="https://example.com">ok</a>')).toBe('<a href="https://example.com">ok</a>');
  });
});
