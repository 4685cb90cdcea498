/**
 * What the call-media tests share (calls-media.test.ts, recordings-s3.test.ts): console sign-in,
 * a placed call, and a caller's WebRTC connection with a generated camera and microphone (werift
 * tracks fed RTP packets as a device would stamp them).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import type { Call } from '@vigil/contract';
import { ApiClient, mobileLogin, type TestServer } from './helpers.js';

export { pump, vp8Payload } from './media-source.js';

const testDir = path.dirname(fileURLToPath(import.meta.url));

export type Login = { client: ApiClient; token: string; userId: number };

/** A console user signed in on `server`: its API client, socket token and user id. */
export async function consoleLogin(server: TestServer, email: string): Promise<Login> {
  const client = new ApiClient(server.baseUrl);
  const login = await client.login(email);
  const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return { client, token: infos.Token, userId: infos.UserId };
}

/** Resolves when `pc` is connected (15 s at most). */
export async function connected(pc: RTCPeerConnection) {
  await pc.connectionStateChange.watch((s) => s === 'connected', 15_000);
}

/** The mobile user `email` places a call from their first branch, at its position; the call's id. */
export async function placeCall(server: TestServer, email: string) {
  const staff = await mobileLogin(server.baseUrl, email);
  const b = staff.Branches[0]!;
  const placed = await staff.call<{ callobject: Call }>('calls/start', {
    branchOfficeId: b.BranchOfficeId,
    latitude: b.Latitude,
    longitude: b.Longitude,
  });
  expect(placed.status).toBe(200);
  return { staff, id: placed.json.body!.callobject.IncidentId };
}

/**
 * The caller's connection for call `id` (mobile calls/media): camera sendonly, microphone
 * sendrecv, connected. Nothing is sent until the tracks are pumped.
 */
export async function connectCaller(staff: Awaited<ReturnType<typeof mobileLogin>>, id: number) {
  const caller = new RTCPeerConnection();
  const camera = new MediaStreamTrack({ kind: 'video' });
  const mic = new MediaStreamTrack({ kind: 'audio' });
  caller.addTransceiver(camera, { direction: 'sendonly' });
  caller.addTransceiver(mic, { direction: 'sendrecv' });
  await caller.setLocalDescription(await caller.createOffer());
  const ans = await staff.call<{ sdp: string }>('calls/media', { callId: id, sdp: caller.localDescription!.sdp });
  expect(ans.status).toBe(200);
  await caller.setRemoteDescription({ type: 'answer', sdp: ans.json.body!.sdp });
  await connected(caller);
  return { caller, camera, mic };
}

/**
 * A caller in a process of its own (caller-process.ts through tsx) connected to call `id` over the
 * mobile calls/media, sending camera and microphone packets every 20 ms from the moment it is
 * connected, however busy the test's own process is. `stop()` ends it and answers when each
 * packet was sent (ms since the epoch, per kind).
 */
export async function callerProcess(staff: Awaited<ReturnType<typeof mobileLogin>>, id: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(testDir, 'caller-process.ts')], {
    cwd: path.resolve(testDir, '../../..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        child.off('message', on);
        resolve(m[key] as T);
      };
      child.on('message', on);
      void exited.then((code) => reject(new Error(`caller process exited ${code} before sending ${key}`)));
    });
  const offer = await next<string>('offer');
  const ans = await staff.call<{ sdp: string }>('calls/media', { callId: id, sdp: offer });
  expect(ans.status).toBe(200);
  const connectedNow = next<boolean>('connected');
  child.send({ answer: ans.json.body!.sdp });
  await connectedNow;
  return {
    async stop() {
      const sent = next<{ video: number[]; audio: number[] }>('sentAt');
      child.send({ stop: true });
      const sentAt = await sent;
      await exited;
      return sentAt;
    },
    kill: () => child.kill(),
  };
}
