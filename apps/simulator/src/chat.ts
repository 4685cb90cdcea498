/**
 * The simulator's `chat` command (issue 14; docs/API.md "Mobile: chat"): signs in as a mobile user,
 * opens the mobile channel (/_socket with the mobile token), starts a chat at the user's first
 * branch, sends a text, and prints its session id, then every state change and message it receives,
 * as one JSON line each:
 *
 *   {"type":"session","id":"<ChatSessionId>"}
 *   {"type":"state","status":"active"}
 *   {"type":"message","from":"console","content":"What is your emergency?"}
 *
 * Exits 0 when the console closes the session, 1 on timeout (the session is then terminated) or
 * on an error, 2 on bad arguments.
 *
 *   npm run simulate -- chat --url URL --email EMAIL [--password P] [--text T] [--timeout S]
 */
import { WebSocket } from 'ws';
import type { ChatMessagePayload, ChatSession, ChatSessionPayload } from '@vigil/contract';
import { startMobileCommand } from './mobile-command.js';

const HELP = `Usage: npm run simulate -- chat --url URL --email EMAIL [options]

  --url URL        server address (default http://127.0.0.1:8080)
  --email EMAIL    a mobile user (roles 6, 7, 9, 10, 11, 13)
  --password P     its password (default Vigil-demo-2026)
  --text T         the first message (default "I need help")
  --timeout S      seconds to wait for the console to close the chat (default 300)
`;

/** Socket messages the command reads (a frame may hold an array of them). */
type Incoming = { type: string; Payload?: unknown };

/** Starts one chat and waits for the console to finish it. Returns the exit code. */
export async function runChat(argv: string[], out: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const start = await startMobileCommand('chat', argv, HELP, { timeout: '300', extra: { text: 'I need help' } });
  if (typeof start === 'number') return start;
  const { options: a, timeout, url, mobile, branch } = start;

  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/_socket');
  const current: { sessionId?: string } = {};
  const early: Incoming[] = [];
  let finish: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finish = resolve));
  const seen = new Set<number>();

  const handle = (m: Incoming) => {
    if (m.type === 'error') {
      console.error(`simulator chat: socket refused: ${JSON.stringify(m)}`);
      finish(1);
    }
    if (m.type !== 'CHAT-SESSION' && m.type !== 'CHAT-MESSAGE') return;
    if (!current.sessionId) {
      early.push(m);
      return;
    }
    if (m.type === 'CHAT-SESSION') {
      const p = m.Payload as ChatSessionPayload;
      if (p.session.ChatSessionId !== current.sessionId) return;
      out(JSON.stringify({ type: 'state', status: p.session.ChatStatus }));
      if (p.session.ChatStatus === 'closed') finish(0);
    } else {
      const p = m.Payload as ChatMessagePayload;
      if (p.ChatSessionId !== current.sessionId) return;
      out(JSON.stringify({ type: 'message', from: p.Message.FromConsole ? 'console' : 'mobile', content: p.Message.MsgContent }));
    }
  };

  const ready = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'init', token: mobile.token, userId: mobile.userId })));
    ws.on('message', (data: Buffer) => {
      const parsed = JSON.parse(String(data)) as Incoming | Incoming[];
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        if (m.type === 'ready') resolve();
        const id = (m as { id?: number }).id;
        if (id != null) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        handle(m);
      }
    });
    ws.on('close', () => finish(1));
  });
  try {
    await ready;
  } catch (err) {
    console.error(`simulator chat: socket: ${String(err)}`);
    return 1;
  }

  const started = await mobile.call<{ chatobject: ChatSession }>('chat/start', {
    branchOfficeId: branch.BranchOfficeId,
    latitude: branch.Latitude ?? 0,
    longitude: branch.Longitude ?? 0,
    horizontalAccuracy: 10,
    appVersion: 'simulator',
    os: process.platform,
    phoneModel: 'Vigil simulator',
    content: a.text,
  });
  if (started.status !== 200 || !started.body) {
    console.error(`simulator chat: chat/start answered ${started.status} ${started.description ?? ''}`);
    ws.close();
    return 1;
  }
  current.sessionId = started.body.chatobject.ChatSessionId;
  out(JSON.stringify({ type: 'session', id: current.sessionId }));
  for (const m of early.splice(0)) handle(m);

  const timer = setTimeout(() => finish(-1), timeout * 1000);
  let code = await done;
  clearTimeout(timer);
  if (code === -1) {
    console.error(`simulator chat: no close within ${timeout} s; terminating the session`);
    await mobile.call('chat/finish', { chatSessionId: current.sessionId });
    code = 1;
  }
  ws.removeAllListeners('close');
  ws.close();
  return code;
}
