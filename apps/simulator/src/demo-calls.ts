/**
 * Demo video calls (issue 15): while the branch simulation plays, now and then (a random wait of
 * `everyMinutes` to twice that, default 10–20 minutes) a demo branch employee calls the security
 * office through the simulator's own `call` command, run as a child process: it rings on the
 * operator consoles in scope, talks `seconds` once answered, and hangs up (missed) when nobody
 * answers within `timeout`. One call at a time.
 *
 * Only when the machine can: a Chromium is found (CHROMIUM_PATH, else /usr/bin/chromium,
 * chromium-browser, google-chrome) for the call's synthetic camera and microphone, and the machine
 * has at least two CPUs. When the simulation stops, a call in progress is hung up through the API
 * (its id is read from the caller's own mobile socket), so no call is left ringing.
 *
 * The browser tests never run this: their server is started without the simulator
 * (e2e/playwright.config.ts), and `npm run simulate -- call` is a separate command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import type { CallPayload } from '@vigil/contract';
import type { MobileClient } from './client.js';

/** Where a Chromium is looked for (CHROMIUM_PATH first). */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium the call's synthetic media can use, or undefined when the machine has none. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return [env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((p): p is string => !!p && existsSync(p));
}

/** Why demo calls cannot be placed on this machine, or null when they can. */
export function demoCallsBlocked(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!chromiumPath(env)) return 'no Chromium for the synthetic camera (set CHROMIUM_PATH)';
  if (os.cpus().length < 2) return 'fewer than two CPUs';
  return null;
}

export interface DemoCallOptions {
  url: string;
  password: string;
  /** Minutes between two calls: a random wait from this to twice this. */
  everyMinutes: number;
  /** Talk time once answered, s. */
  seconds: number;
  /** Wait for an answer before hanging up (missed), s. */
  timeout: number;
  /** The signed-in branch staff who may call (one is picked at random each time). */
  callers: () => MobileClient[];
  random: () => number;
  count: (what: string) => void;
  log: (...m: unknown[]) => void;
}

/** The call in progress: its child process and, once the caller's socket told it, the call's id. */
interface Running {
  child: ChildProcess;
  caller: MobileClient;
  socket: WebSocket;
  callId?: number;
  done: Promise<number>;
}

/** Starts placing demo calls; `stop()` hangs up a call in progress and ends its child. */
export function startDemoCalls(o: DemoCallOptions): { stop(): Promise<void> } {
  const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
  /** Callers whose call could not start (e.g. a call of theirs still in progress): not picked again. */
  const skipped = new Set<string>();
  let running: Running | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped) return;
    const minutes = o.everyMinutes * (1 + o.random());
    timer = setTimeout(() => void place().finally(schedule), minutes * 60_000);
    timer.unref();
  };

  /** The caller's mobile socket: reports the id of the call it places. */
  const watch = (caller: MobileClient, r: { callId?: number }) => {
    const ws = new WebSocket(o.url.replace(/^http/, 'ws') + '/_socket');
    ws.on('open', () => ws.send(JSON.stringify({ type: 'init', token: caller.token, userId: caller.userId })));
    ws.on('message', (data: Buffer) => {
      const parsed = JSON.parse(String(data)) as { type: string; Payload?: unknown } | { type: string; Payload?: unknown }[];
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        if (m.type !== 'VIDEO-CALL') continue;
        const call = (m.Payload as CallPayload).call;
        if (call.CallerUserId === caller.userId && ['ringing', 'active', 'transfer'].includes(call.State)) r.callId = call.IncidentId;
      }
    });
    ws.on('error', () => undefined);
    return ws;
  };

  async function place() {
    if (stopped || running) return;
    const callers = o.callers().filter((c) => !skipped.has(c.email));
    if (callers.length === 0) return;
    const caller = callers[Math.floor(o.random() * callers.length)]!;
    const args = ['call', '--url', o.url, '--email', caller.email, '--password', o.password];
    args.push('--seconds', String(o.seconds), '--timeout', String(o.timeout));
    // The call command runs as this process runs (tsx's loader in execArgv).
    const child = spawn(process.execPath, [...process.execArgv, entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const state: { callId?: number } = {};
    const socket = watch(caller, state);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += String(d)));
    child.stdout!.on('data', (d: Buffer) => {
      for (const line of String(d).split('\n').filter(Boolean)) o.log(`demo call from ${caller.email}: ${line}`);
    });
    const done = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
    running = {
      child,
      caller,
      socket,
      done,
      get callId() {
        return state.callId;
      },
    };
    o.count('call');
    const code = await done;
    socket.close();
    running = undefined;
    if (code === 0) o.count('call-answered');
    else if (/calls\/start answered/.test(stderr)) {
      skipped.add(caller.email);
      o.count('call-refused');
      o.log(`demo call from ${caller.email} not placed: ${stderr.trim()}`);
    } else o.count('call-missed');
  }

  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const r = running;
      if (!r) return;
      r.child.kill('SIGTERM');
      if (r.callId != null) await r.caller.call('calls/hangup', { callId: r.callId }).catch(() => undefined);
      r.socket.close();
      await Promise.race([r.done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    },
  };
}
