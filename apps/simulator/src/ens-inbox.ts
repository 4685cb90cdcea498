/**
 * `npm run simulate -- ens-inbox --url URL --email EMAIL [--reply safe|help] [--timeout S]`
 * (docs/API.md "Mobile: ENS"): signs in as a mobile user, listens on /_socket like the app, prints
 * each ENS message it receives as one JSON line, marks it read and, with --reply, answers it
 * ("I am safe" or "I need help") after --delay ms. Exits 0 after --timeout seconds (0 = never).
 * Says `simulator: ens-inbox ready` on stderr once the socket is live (its `ready` message): a
 * message sent from then on reaches it.
 */
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';

const HELP = `Usage: npm run simulate -- ens-inbox --url URL --email EMAIL [options]

  --url URL          server address (default http://127.0.0.1:8080)
  --email EMAIL      the mobile user (a recipient of ENS messages)
  --password P       password (default Vigil-demo-2026)
  --reply R          answer each message: safe or help (default: read only)
  --delay MS         wait before answering (default 500)
  --timeout S        exit after S seconds (default 0 = until Ctrl+C)
`;

interface EnsPush {
  type: string;
  id: number;
  MessageContent?: string | null;
  BranchOfficeName?: string;
  Payload?: { EnsId: number; MessageTitle: string };
}

/** Runs the ens-inbox command with its own arguments. */
export async function ensInbox(args: string[]): Promise<void> {
  const { values: a } = parseArgs({
    args,
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      email: { type: 'string' },
      password: { type: 'string', default: 'Vigil-demo-2026' },
      reply: { type: 'string' },
      delay: { type: 'string', default: '500' },
      timeout: { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  });
  if (a.help || !a.email) {
    console.log(HELP);
    process.exit(a.help ? 0 : 2);
  }
  if (a.reply && a.reply !== 'safe' && a.reply !== 'help') {
    console.error('simulator: --reply must be safe or help');
    process.exit(2);
  }
  const base = a.url.replace(/\/$/, '');
  const login = await fetch(`${base}/api/mobile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: a.email, password: a.password }),
  });
  const lj = (await login.json()) as { body?: { Token: string; UserId: number; LastEventId: number }; description?: string };
  if (!login.ok || !lj.body) {
    console.error(`simulator: mobile login failed: ${login.status} ${lj.description ?? ''}`);
    process.exit(1);
  }
  const { Token: token, UserId: userId, LastEventId: lastEventId } = lj.body;
  const call = (path: string, body: unknown) =>
    fetch(`${base}/api/mobile/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/_socket`);
  ws.on('open', () => ws.send(JSON.stringify({ type: 'init', token, userId, lastEventId })));
  ws.on('message', (data) => {
    const parsed = JSON.parse(String(data)) as EnsPush | EnsPush[];
    for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
      if (m.type === 'ready') console.error('simulator: ens-inbox ready');
      if (m.type === 'error') {
        console.error('simulator: the socket refused the session');
        process.exit(1);
      }
      if (m.type !== 'EMERGENCY-NOTIFICATION' || !m.Payload) continue;
      const ensId = m.Payload.EnsId;
      console.log(
        JSON.stringify({
          EnsId: ensId,
          MessageTitle: m.Payload.MessageTitle,
          MessageContent: m.MessageContent,
          BranchOfficeName: m.BranchOfficeName,
        }),
      );
      void (async () => {
        await call('ens/read', { ensId });
        if (!a.reply) return;
        await new Promise((r) => setTimeout(r, Number(a.delay)));
        const res = await call('ens/reply', { ensId, reply: a.reply });
        if (!res.ok) console.error(`simulator: reply to ${ensId} failed: ${res.status}`);
      })();
    }
  });
  ws.on('close', () => {
    console.error('simulator: socket closed');
    process.exit(1);
  });
  const timeout = Number(a.timeout);
  if (timeout > 0)
    setTimeout(() => {
      ws.close();
      process.exit(0);
    }, timeout * 1000).unref();
  await new Promise(() => undefined);
}
