/**
 * The call recorder (issue 15): fed a caller's RTP packets with their arrival instants, it writes
 * the WebM of exactly the answer → end interval: packets before the answer and after the end are
 * left out however late the answer and the end are told to it, and media time is the RTP clock
 * rebased at the answer (not the sender's reports), so the file's duration is the talk time.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RtpHeader, RtpPacket } from 'werift';
import { AnswerClock, CallRecorder } from '../src/modules/calls/call-recorder.js';
import { webmTiming } from './webm.js';

const vp8Key = Buffer.concat([Buffer.from([0x10, 0x10, 0x00, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]), Buffer.alloc(200, 7)]);
const vp8Delta = Buffer.concat([Buffer.from([0x10, 0x11, 0x00, 0x00]), Buffer.alloc(100, 5)]);

function packet(seq: number, ts: number, payload: Buffer) {
  return new RtpPacket(
    new RtpHeader({ sequenceNumber: seq & 0xffff, timestamp: ts >>> 0, ssrc: 1, marker: true, payloadType: 96 }),
    payload,
  );
}

describe('call recorder', () => {
  it('rebases the RTP clock at the answer across a timestamp wrap', () => {
    const clock = new AnswerClock(90000, 1_000);
    expect(clock.time(2 ** 32 - 9000, 1_250)).toBe(250);
    expect(clock.time(0, 1_350)).toBeCloseTo(350);
    expect(clock.time(90000, 2_350)).toBeCloseTo(1350);
  });

  it('writes the answer → end interval of the media, told late', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-recorder-'));
    const file = path.join(dir, 'call.webm');
    const rec = new CallRecorder(file, () => ['video', 'audio']);
    const t0 = 1_700_000_000_000;
    const answerAt = t0 + 2_000;
    const endAt = t0 + 9_000;
    // 12 s of media: audio every 20 ms (48 kHz), video every 40 ms (90 kHz, a key frame every second).
    // The sender's clocks start at odd values; packets arrive with jitter of up to 30 ms.
    const audioTs = 123_456_789;
    const videoTs = 4_000_000_000;
    let seqA = 0;
    let seqV = 0;
    for (let ms = 0; ms < 12_000; ms += 20) {
      const jitter = (ms * 7) % 30;
      // The answer is told 1.2 s after its instant, the end 2.5 s after its instant.
      if (ms === 3_200) rec.start(answerAt);
      if (ms === 11_500) await rec.stop(endAt);
      rec.offer('audio', packet(seqA++, audioTs + ms * 48, Buffer.alloc(60, 3)), t0 + ms + jitter);
      if (ms % 40 === 0) rec.offer('video', packet(seqV++, videoTs + ms * 90, ms % 1000 === 0 ? vp8Key : vp8Delta), t0 + ms + jitter);
    }
    const w = await webmTiming(file);
    // Arrivals from 2.0 s to 9.0 s: 7 s (the video key frame that arrived at the end instant included).
    // (Within 50 ms: the last frame's RTP time may run a jitter past the end instant.)
    expect(w.duration).toBeCloseTo(7.0, 1);
    expect(w.span).toBeCloseTo(w.duration, 1);
    const audio = w.tracks.find((t) => t.type === 2)!;
    const video = w.tracks.find((t) => t.type === 1)!;
    // Audio from the answer to the end; video from the first key frame after the answer.
    expect(audio.first).toBe(0);
    expect(audio.blocks).toBeGreaterThanOrEqual(349);
    expect(video.first).toBeCloseTo(0, 0);
    expect(video.keyframes).toBe(8);
  });

  it('lasts the talk when the caller media starts flowing after the answer', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-recorder-'));
    const file = path.join(dir, 'call.webm');
    const rec = new CallRecorder(file, () => ['video', 'audio']);
    const t0 = 1_700_000_000_000;
    // Answered at t0; the caller's first packets arrive 2 s later; the end is at t0 + 8 s.
    rec.start(t0);
    let seqA = 0;
    let seqV = 0;
    for (let ms = 2_000; ms <= 8_000; ms += 20) {
      rec.offer('audio', packet(seqA++, 1_000 + ms * 48, Buffer.alloc(60, 3)), t0 + ms);
      if (ms % 40 === 0) rec.offer('video', packet(seqV++, 5_000 + ms * 90, ms % 1000 === 0 ? vp8Key : vp8Delta), t0 + ms);
    }
    await rec.stop(t0 + 8_000);
    const w = await webmTiming(file);
    // The media keeps its place: a silent frame at the answer, the caller's first key frame 2 s in.
    expect(w.duration).toBeCloseTo(8.0, 1);
    const audio = w.tracks.find((t) => t.type === 2)!;
    const video = w.tracks.find((t) => t.type === 1)!;
    expect(audio.first).toBe(0);
    expect(video.first).toBeCloseTo(2.0, 1);
  });
});
