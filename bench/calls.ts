/**
 * Video call benchmark (issue 15, bench/calls): N concurrent calls placed, answered, relayed and
 * recorded by one server process on this machine, as in production: the server runs as its own
 * process (PGlite, demo data); each caller is a page of one headless Chromium with the fake
 * camera (640×480 test pattern) and microphone (the simulator's startCallerMedia); each
 * answering console leg is a werift peer in this process that receives the relayed video and
 * sound (and counts the RTP packets and sequence gaps it sees). Prints the server's CPU share and
 * RSS per call while every call is talking, the video packet loss seen by the consoles and reported
 * by the server to the callers, the time from answer to the console's first video packet, and the
 * recordings' bitrate. Figures only, no assertions; the issue's goal: 10 concurrent 640×480 calls
 * relayed and recorded with < 1 % loss.
 *
 *   npx tsx bench/calls.ts [--calls 10] [--seconds 30]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { launchMediaBrowser, startCallerMedia, type CallerMedia } from '@vigil/simulator/src/call-media.js';
import { ConsoleClient } from '@vigil/simulator/src/client.js';
import { webmTiming } from '@vigil/server/testing';
import { cpuSeconds, memoryMb, udpCounters, udpSocketDrops } from './proc.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: '18977' },
  },
});
const CALLS = Math.max(1, Number(values.calls));
const SECONDS = Math.max(5, Number(values.seconds));
const PORT = Number(values.port);
const PASSWORD = 'Vigil-demo-2026';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-calls-'));
const recordings = path.join(dataDir, 'recordings');

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    VIGIL_DEMO: '1',
    VIGIL_DATA_DIR: dataDir,
    RECORDINGS_DIR: recordings,
    DATABASE_URL: '',
    LOG_LEVEL: 'error',
    LOGIN_RATE_MAX: '100000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 360) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

/** Mobile staff (role 7) of branches the demo operator's office monitors, one per call. */
const admin = new ConsoleClient(base);
await admin.login('orgadmin@example.com', PASSWORD);
const offices = await admin.post<{ organizationobject: { BranchOfficeId: number }[] }>('/api/client/getofficesv2', {
  case: 'GET-ALL-BRANCH-OFFICES',
});
const staff: string[] = [];
for (const b of offices.organizationobject) {
  if (staff.length >= CALLS) break;
  const people = await admin.post<{ userobject: { Email: string; RoleId: number; StatusId: number }[] }>('/api/client/getbranchemployees', {
    param_branchid: b.BranchOfficeId,
  });
  for (const u of people.userobject) if (u.RoleId === 7 && u.StatusId === 1 && !staff.includes(u.Email)) staff.push(u.Email);
}
if (staff.length < CALLS) throw new Error(`only ${staff.length} branch staff found for ${CALLS} calls`);
const operator = new ConsoleClient(base);
await operator.login('operator@example.com', PASSWORD);

async function mobile(email: string) {
  const res = await fetch(`${base}/api/mobile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD, appVersion: 'bench' }),
  });
  const body = (
    (await res.json()) as { body: { Token: string; Branches: { BranchOfficeId: number; Latitude: number; Longitude: number }[] } }
  ).body;
  const call = async <T>(p: string, payload: unknown): Promise<T> => {
    const r = await fetch(`${base}/api/mobile/${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.Token}` },
      body: JSON.stringify(payload),
    });
    const j = (await r.json()) as { body: T; description?: string };
    if (!r.ok) throw new Error(`${p}: ${r.status} ${j.description ?? ''}`);
    return j.body;
  };
  return { ...body, call };
}

/** The answering console's leg: a werift peer receiving video and sound, counting RTP and gaps. */
async function consoleLeg(callId: number, answeredAt: number) {
  const pc = new RTCPeerConnection({});
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
  const figures = { video: 0, audio: 0, videoGaps: 0, firstVideoMs: NaN };
  let lastSeq: number | undefined;
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      if (track.kind === 'audio') {
        figures.audio++;
        return;
      }
      if (figures.video === 0) figures.firstVideoMs = performance.now() - answeredAt;
      figures.video++;
      const seq = rtp.header.sequenceNumber;
      if (lastSeq !== undefined) {
        const step = (seq - lastSeq + 65536) % 65536;
        if (step > 1 && step < 1000) figures.videoGaps += step - 1;
      }
      lastSeq = seq;
    });
  });
  const offer = await pc.createOffer();
  // Host candidates only (as the server does without a STUN entry): no wait for a public STUN server.
  for (const t of pc.iceTransports) (t.connection as { stunServer?: unknown }).stunServer = undefined;
  await pc.setLocalDescription(offer);
  const answer = await operator.post<{ sdp: string }>('/api/client/callmedia', { callId, sdp: pc.localDescription!.sdp });
  await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  return { pc, figures };
}

const idleRss = memoryMb(server.pid!).rss;
const browser = await launchMediaBrowser(base);
type Running = { callId: number; media: CallerMedia; leg: Awaited<ReturnType<typeof consoleLeg>>; hangup(): Promise<unknown> };
const running: Running[] = [];
const ringMs: number[] = [];
for (const email of staff.slice(0, CALLS)) {
  const m = await mobile(email);
  const b = m.Branches[0]!;
  const placed = await m.call<{ callobject: { IncidentId: number } }>('calls/start', {
    branchOfficeId: b.BranchOfficeId,
    latitude: b.Latitude,
    longitude: b.Longitude,
    appVersion: 'bench',
  });
  const callId = placed.callobject.IncidentId;
  const media = await startCallerMedia({ url: base, token: m.Token, callId, browser });
  const t0 = performance.now();
  await operator.post('/api/client/answercall', { callId });
  ringMs.push(performance.now() - t0);
  const leg = await consoleLeg(callId, performance.now());
  running.push({ callId, media, leg, hangup: () => m.call('calls/hangup', { callId }) });
}
console.log(`${CALLS} calls answered; measuring ${SECONDS} s of talk…`);
await new Promise((r) => setTimeout(r, 3000));
const before = {
  cpu: cpuSeconds(server.pid!),
  at: performance.now(),
  video: running.map((r) => r.leg.figures.video),
  udp: udpCounters(),
  load: os.loadavg()[0]!,
};
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const cpuShare = (cpuSeconds(server.pid!) - before.cpu) / ((performance.now() - before.at) / 1000);
const udpAfter = udpCounters();
/** Drops on the server's sockets (its caller and console legs) and on this process's (the benchmark's console legs). */
const socketDrops = { server: udpSocketDrops(server.pid!), bench: udpSocketDrops(process.pid) };
const loadAfter = os.loadavg()[0]!;
const mem = memoryMb(server.pid!);
const callerStats = await Promise.all(running.map((r) => r.media.stats()));
const received = running.map((r, i) => r.leg.figures.video - before.video[i]!);
for (const r of running) await r.hangup();
for (const r of running) await r.media.close();
for (const r of running) await r.leg.pc.close();
await browser.close();
// Let the recorder close its files.
await new Promise((r) => setTimeout(r, 6000));
const files = fs.existsSync(recordings) ? fs.readdirSync(recordings).map((f) => fs.statSync(path.join(recordings, f)).size) : [];
const talk = SECONDS + 3;
/** Each call's recording against its talk time (answer → end, the incident's times): WebM duration and block span. */
const timing = [];
for (const r of running) {
  const c = (
    await operator.post<{ incidentobject: { AnsweredTimeUTC: string; EndTimeUTC: string; MediaFilename: string | null } }>(
      '/api/client/getcall',
      { callId: r.callId },
    )
  ).incidentobject;
  const talkS = (Date.parse(c.EndTimeUTC) - Date.parse(c.AnsweredTimeUTC)) / 1000;
  const file = c.MediaFilename ? path.join(recordings, c.MediaFilename) : null;
  const w = file && fs.existsSync(file) ? await webmTiming(file) : null;
  timing.push({
    talk: talkS,
    duration: w ? Number(w.duration.toFixed(3)) : null,
    minusTalk: w ? Number((w.duration - talkS).toFixed(3)) : null,
    tracks: w?.tracks.map((t) => `${t.type === 1 ? 'video' : 'audio'} ${t.first.toFixed(2)}–${t.last.toFixed(2)} (${t.blocks})`),
  });
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const sent = sum(callerStats.map((s) => s.video.packetsSent));
const lostReported = sum(callerStats.map((s) => s.remoteLost.video));
const gaps = sum(running.map((r) => r.leg.figures.videoGaps));
const got = sum(running.map((r) => r.leg.figures.video));
const firstVideo = running.map((r) => r.leg.figures.firstVideoMs).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      calls: CALLS,
      talkSeconds: SECONDS,
      loadAverage1m: { before: Number(before.load.toFixed(1)), after: Number(loadAfter.toFixed(1)), cores: os.cpus().length },
      udpDuringTalk: {
        datagramsReceived: udpAfter.inDatagrams - before.udp.inDatagrams,
        droppedByFullReceiveBuffers: udpAfter.rcvbufErrors - before.udp.rcvbufErrors,
      },
      udpDroppedSinceCallStartBySockets: socketDrops,
      serverCpuShareOfOneCore: Number(cpuShare.toFixed(2)),
      serverCpuPerCallPercentOfOneCore: Number(((100 * cpuShare) / CALLS).toFixed(1)),
      serverRssIdleMb: Math.round(idleRss),
      serverRssMb: Math.round(mem.rss),
      serverRssPerCallMb: Number(((mem.rss - idleRss) / CALLS).toFixed(1)),
      videoPacketsPerSecondPerCall: Math.round(sum(received) / CALLS / SECONDS),
      videoLossSeenByConsolesPercent: Number(((100 * gaps) / Math.max(1, got + gaps)).toFixed(2)),
      videoLossReportedByServerPercent: Number(((100 * lostReported) / Math.max(1, sent)).toFixed(2)),
      answerToFirstVideoMs: {
        p50: Math.round(firstVideo[Math.floor(firstVideo.length / 2)] ?? NaN),
        max: Math.round(firstVideo.at(-1) ?? NaN),
      },
      answerCallMs: { p50: Math.round(ringMs.sort((a, b) => a - b)[Math.floor(ringMs.length / 2)]!), max: Math.round(ringMs.at(-1)!) },
      recordings: files.length,
      recordingMinusTalkSeconds: {
        min: Math.min(...timing.map((t) => t.minusTalk ?? NaN)),
        max: Math.max(...timing.map((t) => t.minusTalk ?? NaN)),
      },
      recordings_: timing,
      recordingKbitPerSecond: files.length ? Math.round((sum(files) * 8) / files.length / talk / 1000) : null,
    },
    null,
    2,
  ),
);
stopServer();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
