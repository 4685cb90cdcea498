/**
 * What the call-media tests share (calls-media.test.ts, recordings-s3.test.ts): console sign-in,
 * a placed call, and a caller's WebRTC connection with a generated camera and microphone (werift
 * tracks fed RTP packets as a device would stamp them).
 */
import { expect } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import type { Call } from '@vigil/contract';
import { ApiClient, mobileLogin, type TestServer } from './helpers.js';

export type Login = { client: ApiClient; token: string; userId: number };

/** A console user signed in on `server`: its API client, socket token and user id. */
export async function consoleLogin(server: TestServer, email: string): Promise<Login> {
  const client = new ApiClient(server.baseUrl);
  const login = await client.login(email);
  const infos = (login.json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  return { client, token: infos.Token, userId: infos.UserId };
}

/** A VP8 key frame's first bytes behind the payload descriptor (640×480), then filler. */
export function vp8Payload(): Buffer {
  return Buffer.concat([Buffer.from([0x10, 0x10, 0x00, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]), Buffer.alloc(200, 7)]);
}

/**
 * Writes RTP packets to `track` every 20 ms until stopped, stamped as a camera or microphone
 * stamps them: the RTP clock (90 kHz video, 48 kHz audio) follows the sender's wall clock from a
 * random start, so a busy event loop sends late, not slow. Returns the stop function, whose
 * `sentAt` lists when each packet was written (ms since the epoch): a test whose own event loop
 * stalls sends nothing meanwhile, which is no loss of the server's.
 */
export function pump(track: MediaStreamTrack, kind: 'video' | 'audio') {
  let seq = 1;
  const rate = kind === 'video' ? 90 : 48;
  const t0 = Date.now();
  const ts0 = Math.floor(Math.random() * 2 ** 32);
  const ssrc = kind === 'video' ? 1111 : 2222;
  const sentAt: number[] = [];
  const timer = setInterval(() => {
    sentAt.push(Date.now());
    const header = new RtpHeader({
      sequenceNumber: seq++ & 0xffff,
      timestamp: (ts0 + (Date.now() - t0) * rate) >>> 0,
      ssrc,
      marker: true,
      payloadType: 96,
    });
    track.writeRtp(new RtpPacket(header, kind === 'video' ? vp8Payload() : Buffer.alloc(60, 3)));
  }, 20);
  return Object.assign(() => clearInterval(timer), { sentAt });
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
