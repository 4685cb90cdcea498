/**
 * The call recorder (issue 15): fed a caller's RTP packets with their arrival instants, it writes
 * the WebM of exactly the answer → end interval: media time is each stream's RTP clock mapped to
 * the server's clock (not the sender's reports), packets sent before the answer or after the end
 * are left out however late the answer and the end are told to it, and packets sent before the
 * end but read after it (a stalled server) are still written, so the file's duration is the talk
 * time.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RtpHeader, RtpPacket } from 'werift';
import { CallRecorder, RtpClock } from '../src/modules/calls/call-recorder.js';
import { webmTiming } from './webm.js';

const vp8Key = Buffer.concat([Buffer.from([0x10, 0x10, 0x00, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]), Buffer.alloc(200, 7)]);
const vp8Delta = Buffer.concat([Buffer.from([0x10, 0x11, 0x00, 0x00]), Buffer.alloc(100, 5)]);

function packet(seq: number, ts: number, payload: Buffer, ssrc = 1) {
  return new RtpPacket(new RtpHeader({ sequenceNumber: seq & 0xffff, timestamp: ts >>> 0, ssrc, marker: true, payloadType: 96 }), payload);
}

describe('call recorder', () => {
  it('maps the RTP clock to the earliest arrival across a timestamp wrap, and keeps the mapping once frozen', () => {
    const clock = new RtpClock(90000);
    // Sent at 1 000 ms (RTP 2^32 − 9000, 100 ms before the wrap), read 250 ms late.
    expect(clock.see(2 ** 32 - 9000, 1_250)).toBe(1_250);
    // Sent at 1 100 ms (RTP 0, wrapped), read 5 ms late: the mapping moves back to it.
    expect(clock.see(0, 1_105)).toBeCloseTo(1_105);
    expect(clock.at(2 ** 32 - 9000)).toBeCloseTo(1_005);
    clock.freeze();
    // Sent at 2 100 ms, read at once: the frozen mapping stays.
    expect(clock.see(90000, 2_100)).toBeCloseTo(2_105);
    // A packet reordered across the wrap, then one a few wraps' worth of time later.
    expect(clock.see(2 ** 32 - 4500, 9_999)).toBeCloseTo(1_055);
    expect(clock.at(90000 * 100)).toBeCloseTo(101_105);
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

  it('writes what was sent before the end but read after it (a stalled server), and nothing sent after', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-recorder-'));
    const file = path.join(dir, 'call.webm');
    const rec = new CallRecorder(file, () => ['video', 'audio']);
    const t0 = Date.now();
    const audioTs = 4_294_000_000; // wraps 20 s in
    const videoTs = 77;
    let seqA = 0;
    let seqV = 0;
    const send = (ms: number, arrival: number) => {
      rec.offer('audio', packet(seqA++, audioTs + ms * 48, Buffer.alloc(60, 3)), arrival);
      if (ms % 40 === 0) rec.offer('video', packet(seqV++, videoTs + ms * 90, ms % 1000 === 0 ? vp8Key : vp8Delta), arrival);
    };
    // Ringing for 1 s, answered at t0 + 1 s, 30 s of talk read on time...
    let ms = 0;
    for (; ms < 1_000; ms += 20) send(ms, t0 + ms + 2);
    rec.start(t0 + 1_000);
    for (; ms < 29_500; ms += 20) send(ms, t0 + ms + 2);
    // ...then the server stalls for 1.5 s: the end is taken at t0 + 31 s, before the packets the
    // caller sent meanwhile are read (they come during the end's grace, with the later ones).
    const stopped = rec.stop(t0 + 31_000);
    await new Promise((r) => setTimeout(r, 50));
    for (; ms < 32_000; ms += 20) send(ms, t0 + 31_050);
    await stopped;
    const w = await webmTiming(file);
    const audio = w.tracks.find((t) => t.type === 2)!;
    const video = w.tracks.find((t) => t.type === 1)!;
    // Media from the answer to the end: 30 s, the last audio packet sent before the end at 29.98 s.
    expect(w.duration).toBeCloseTo(30, 1);
    expect(audio.first).toBe(0);
    expect(audio.last).toBeCloseTo(29.98, 1);
    expect(audio.last).toBeLessThanOrEqual(30);
    expect(video.last).toBeCloseTo(29.96, 1);
    // 1 500 packets (1.00 s to 30.98 s sent) and the silent lead-in: the first packet sits 2 ms in.
    expect(audio.blocks).toBe(1_501);
    expect(video.keyframes).toBe(30);
  });

  it('closes the file once the tracks are quiet after the end when the caller stopped sending', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-recorder-'));
    const file = path.join(dir, 'call.webm');
    const rec = new CallRecorder(file, () => ['audio']);
    const t0 = Date.now();
    rec.start(t0);
    for (let ms = 0; ms < 3_000; ms += 20) rec.offer('audio', packet(ms / 20, ms * 48, Buffer.alloc(60, 3)), t0 + ms);
    await rec.stop(t0 + 4_000);
    const w = await webmTiming(file);
    expect(w.duration).toBeCloseTo(4, 1);
    expect(w.tracks[0]!.last).toBeCloseTo(2.98, 1);
  });

  it("maps a reconnected caller's new streams (new SSRC, new RTP base) by their own clocks", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-recorder-'));
    const file = path.join(dir, 'call.webm');
    const rec = new CallRecorder(file, () => ['audio']);
    const t0 = 1_700_000_000_000;
    rec.start(t0);
    for (let ms = 0; ms < 3_000; ms += 20) rec.offer('audio', packet(ms / 20, 1_000 + ms * 48, Buffer.alloc(60, 3)), t0 + ms);
    // The caller reconnects: 1 s without media, then another stream from a random RTP base.
    for (let ms = 4_000; ms < 6_000; ms += 20)
      rec.offer('audio', packet(ms / 20, 3_000_000_000 + ms * 48, Buffer.alloc(60, 3), 2), t0 + ms);
    await rec.stop(t0 + 5_500);
    const w = await webmTiming(file);
    expect(w.duration).toBeCloseTo(5.5, 1);
    expect(w.tracks[0]!.last).toBeCloseTo(5.5, 1);
    // 150 packets of the first stream, 76 of the second (4.0 s to 5.5 s).
    expect(w.tracks[0]!.blocks).toBe(150 + 76);
  });
});
