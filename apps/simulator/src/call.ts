/**
 * The simulator's `call` command (issue 15; docs/API.md "Mobile: calls"): signs in as a mobile
 * user, opens the mobile channel (/_socket with the mobile token), places a video call at the
 * user's first branch and prints every state change of the call it receives as one JSON line:
 *
 *   {"type":"state","status":"ringing"}
 *   {"type":"state","status":"active"}
 *   {"type":"state","status":"ended"}
 *
 * (`status` is the call's stored State: ringing, active, transfer, ended, closed, missed.) After
 * `--seconds` of talk (counted from the first answer) it hangs up and exits 0; when nobody answers
 * within `--timeout` it hangs up (missed) and exits 1; an operator ending the call also exits 0.
 * Ctrl+C (SIGINT) hangs up at once, as the caller ending the call: exit 0 once answered, 1 while it
 * still rang; a second Ctrl+C stops without hanging up. Bad arguments exit 2.
 *
 * Media: as soon as the call is placed the caller sends a synthetic camera (Chromium's fake device:
 * a moving test pattern, 640×480) and a tone over one WebRTC connection to the server
 * (call-media.ts; the server records from the answer on), and prints `{"type":"media","status":"started"}`;
 * at hang-up `{"type":"media","status":"closed", …figures sent}`. A media failure is printed on
 * stderr and the call goes on without media. `--no-media` places the call without any media.
 *
 *   npm run simulate -- call --url URL --email EMAIL [--password P] [--seconds S] [--timeout S] [--no-media]
 */
import { WebSocket } from 'ws';
import type { Call, CallPayload, CallState } from '@vigil/contract';
import type { Browser } from 'playwright-core';
import { launchMediaBrowser, startCallerMedia, type CallerMedia } from './call-media.js';
import { startMobileCommand } from './mobile-command.js';

const HELP = `Usage: npm run simulate -- call --url URL --email EMAIL [options]

  --url URL        server address (default http://127.0.0.1:8080)
  --email EMAIL    a mobile user (roles 6, 7, 9, 10, 11, 13)
  --password P     its password (default Vigil-demo-2026)
  --seconds S      seconds of talk after the answer, then hang up (default 30)
  --timeout S      seconds to wait for an answer (default 120)
  --no-media       send no camera or microphone (by default a test pattern and a tone
                   from headless Chromium at CHROMIUM_PATH or /usr/bin/chromium)

Ctrl+C hangs up the call.
`;

/** Socket messages the command reads (a frame may hold an array of them). */
type Incoming = { type: string; id?: number; Payload?: unknown };

/** Places one call, waits for the answer and the talk time, hangs up. Returns the exit code. */
export async function runCall(argv: string[], out: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const withMedia = !argv.includes('--no-media');
  const started = await startMobileCommand(
    'call',
    argv.filter((x) => x !== '--no-media'),
    HELP,
    {
      timeout: '120',
      extra: { seconds: '30' },
      valid: (o) => Number.isFinite(Number(o.seconds)) && Number(o.seconds) >= 0,
    },
  );
  if (typeof started === 'number') return started;
  const { options: a, timeout, url, mobile, branch } = started;
  const seconds = Number(a.seconds);

  // Chromium starts while the call is placed; the media flows while it rings.
  const browser: Promise<Browser | null> | null = withMedia
    ? launchMediaBrowser(url).catch((err: unknown) => {
        console.error(`simulator call: no media, Chromium did not start: ${String(err)}`);
        return null;
      })
    : null;
  let media: Promise<CallerMedia | null> | null = null;
  const startMedia = () => {
    if (!browser || media || current.id == null) return;
    const callId = current.id;
    media = browser.then(async (b) => {
      if (!b) return null;
      try {
        const m = await startCallerMedia({ url, token: mobile.token, callId, browser: b });
        out(JSON.stringify({ type: 'media', status: 'started' }));
        return m;
      } catch (err) {
        console.error(`simulator call: media: ${String(err)}`);
        return null;
      }
    });
  };
  const stopMedia = async () => {
    const m = await media;
    if (m) {
      const s = await m.stats().catch(() => null);
      await m.close();
      out(
        JSON.stringify({
          type: 'media',
          status: 'closed',
          videoPacketsSent: s?.video.packetsSent ?? 0,
          audioPacketsSent: s?.audio.packetsSent ?? 0,
          audioBytesReceived: s?.audioIn.bytesReceived ?? 0,
        }),
      );
    }
    await (await browser)?.close().catch(() => undefined);
  };

  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/_socket');
  const current: { id?: number; state?: CallState } = {};
  const early: Incoming[] = [];
  const seen = new Set<number>();
  let onState: (s: CallState) => void = () => undefined;

  const show = (call: Call) => {
    if (call.State === current.state) return;
    current.state = call.State;
    out(JSON.stringify({ type: 'state', status: call.State }));
    onState(call.State);
  };
  const handle = (m: Incoming) => {
    if (m.type === 'error') console.error(`simulator call: socket refused: ${JSON.stringify(m)}`);
    if (m.type !== 'VIDEO-CALL') return;
    if (current.id == null) {
      early.push(m);
      return;
    }
    const p = m.Payload as CallPayload;
    if (p.call.IncidentId === current.id) show(p.call);
  };
  const ready = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'init', token: mobile.token, userId: mobile.userId })));
    ws.on('message', (data: Buffer) => {
      const parsed = JSON.parse(String(data)) as Incoming | Incoming[];
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        if (m.type === 'ready') resolve();
        if (m.id != null) {
          if (seen.has(m.id)) continue;
          seen.add(m.id);
        }
        handle(m);
      }
    });
  });
  try {
    await ready;
  } catch (err) {
    console.error(`simulator call: socket: ${String(err)}`);
    await stopMedia();
    return 1;
  }

  const placed = await mobile.call<{ callobject: Call }>('calls/start', {
    branchOfficeId: branch.BranchOfficeId,
    latitude: branch.Latitude ?? 0,
    longitude: branch.Longitude ?? 0,
    horizontalAccuracy: 10,
    appVersion: 'simulator',
    os: process.platform,
    phoneModel: 'Vigil simulator',
  });
  if (placed.status !== 200 || !placed.body) {
    console.error(`simulator call: calls/start answered ${placed.status} ${placed.description ?? ''}`);
    ws.close();
    await stopMedia();
    return 1;
  }
  current.id = placed.body.callobject.IncidentId;
  show(placed.body.callobject);
  startMedia();
  for (const m of early.splice(0)) handle(m);

  let onInterrupt = () => undefined as void;
  const code = await new Promise<number>((resolve) => {
    let talk: NodeJS.Timeout | undefined;
    const noAnswer = setTimeout(() => {
      console.error(`simulator call: nobody answered within ${timeout} s; hanging up`);
      resolve(1);
    }, timeout * 1000);
    const check = (s: CallState) => {
      if (s === 'active' && !talk) {
        clearTimeout(noAnswer);
        talk = setTimeout(() => resolve(0), seconds * 1000);
      }
      if (s === 'ended' || s === 'closed' || s === 'missed') {
        clearTimeout(noAnswer);
        clearTimeout(talk);
        resolve(s === 'missed' ? 1 : 0);
      }
    };
    onState = check;
    if (current.state) check(current.state);
    onInterrupt = () => {
      console.error('simulator call: interrupted; hanging up');
      clearTimeout(noAnswer);
      clearTimeout(talk);
      resolve(talk ? 0 : 1);
      process.once('SIGINT', () => process.exit(130));
    };
    process.once('SIGINT', onInterrupt);
  });
  // Ended otherwise: Ctrl+C is no longer the call's.
  process.off('SIGINT', onInterrupt);
  if (current.state === 'ringing' || current.state === 'active' || current.state === 'transfer') {
    const hung = await mobile.call<{ callobject: Call }>('calls/hangup', { callId: current.id });
    if (hung.body) show(hung.body.callobject);
  }
  await stopMedia();
  ws.close();
  return code;
}
