/**
 * The recording of one call (issue 15): the caller's audio and video written to a WebM file that
 * covers exactly the talk, i.e. the call's answer instant to its end instant as stored in the
 * incident (AnsweredTimeUTC → EndTimeUTC), both taken on this process's clock.
 *
 * How the interval is kept by construction:
 * - Media time is each track's RTP clock (48 kHz Opus audio, 90 kHz VP8 video), its 32-bit
 *   timestamps unwrapped, mapped to this process's clock per track (per SSRC: a reconnecting
 *   caller's new tracks get their own mapping) by the earliest arrival relative to RTP time seen
 *   until the track's first packet is written: a packet sits at the instant its track's first
 *   (fastest) packets say it was sent, however late the server's event loop reads it. Not the
 *   sender's NTP clock from RTCP sender reports, whose mapping jumps forward under load (werift's
 *   default recorder keeps the later of the two mappings at every report, so the file ran seconds
 *   longer than the talk, and its lip-sync stage dropped the audio that fell behind the video's).
 * - Every caller packet is held in a queue for {@link HOLD_MS} (by arrival) before it goes to the
 *   WebM writer, so the answer and the end may be told this late. Packets whose media time is
 *   before the answer instant are never written; at the end, packets whose media time is up to
 *   the end instant are written, later ones dropped.
 * - A packet sent before the end may be read after it (the process stalled: its socket holds what
 *   the caller sent meanwhile). So at the end the recorder goes on reading for a grace period
 *   ({@link GRACE_MAX_MS} at most) until each track has either sent a packet past the end (all
 *   that came before it has arrived) or sent nothing for {@link QUIET_MS}; the file is closed
 *   after. Placement by arrival lost the last 0.3–2.5 s of a call that ended just after a 1.5 s
 *   stall (calls-media.test.ts).
 *
 * - The file's Duration is the talk, end − answer (or the last frame's time, should it run past
 *   the end): media that starts flowing a moment after the answer (the caller's connection still
 *   being set up) sits at its offset and does not shorten the file. werift's muxer computes the
 *   Duration from each track's time in its own cluster, stale for a track with no frame in the last
 *   cluster (one that opened on a video key frame): up to a key-frame interval too long (2 s here,
 *   the PLI period); its closing element is replaced by ours.
 *
 * The codec work is werift's (jitter buffer, VP8/Opus depacketizers, WebM muxer and writer); this
 * file only decides which packets and at what time. Memory: the queue holds {@link HOLD_MS} of
 * packets (and, during the grace, only those up to the end), the frame order {@link ORDER_MS}.
 */
import { rmSync } from 'node:fs';
import {
  DepacketizeCallback,
  JitterBufferCallback,
  RtpPacket,
  WEBMContainer,
  WebmCallback,
  saveToFileSystem,
  type CodecFrame,
  type WebmOutput,
} from 'werift/nonstandard';

/** How long a packet waits (ms, by arrival) before it is written: the answer and the end may be told this late and still cut the file at their instants. */
export const HOLD_MS = 3_000;
/** The longest the recorder goes on reading after it is told the end (ms), before it closes the file. */
export const GRACE_MAX_MS = 2_000;
/** At the end, a track that sent nothing for this long (ms, and one more turn of the event loop) has nothing left to send before the end. */
export const QUIET_MS = 250;
/** How often the end's grace looks at the tracks (ms). */
const GRACE_STEP_MS = 50;
/** At the end, a track whose newest packet is this far past the end (ms of media time) has delivered what it sent before (network reordering allowance). */
const PAST_END_MS = 100;
/** How far behind the newest frame a frame may be written (ms of media time): frames of both tracks are put in time order within this window. */
const ORDER_MS = 300;
const RTP_WRAP = 2 ** 32;
/** One 20 ms Opus frame of silence (TOC 0xf8: CELT fullband 20 ms, one frame; then the silent payload). */
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
/** The longest gap between the answer and the first frame that the silent lead-in covers (a block's timestamp is a signed 16-bit ms offset in its cluster). */
const MAX_LEAD_MS = 30_000;

/**
 * One RTP stream's media clock: its 32-bit timestamps unwrapped (forward wraps, and packets
 * reordered across a wrap), mapped to this process's clock (ms since the epoch). The mapping is
 * the earliest `arrival − RTP time` seen until {@link RtpClock.freeze} (the stream's first packet
 * written): a packet read late (a busy event loop, a burst after a stall) does not move it.
 */
export class RtpClock {
  /** The highest unwrapped timestamp seen. */
  private top?: number;
  /** The instant (ms since the epoch) of unwrapped RTP time 0. */
  private origin = Infinity;
  private frozen = false;

  constructor(
    /** RTP clock rate (Hz): 48000 Opus, 90000 VP8. */
    readonly clockRate: number,
  ) {}

  /** A packet with RTP timestamp `ts` arrived at `arrival` (ms since the epoch): refines the mapping (until frozen); its media instant (ms since the epoch). */
  see(ts: number, arrival: number): number {
    const ms = (this.unwrap(ts) * 1000) / this.clockRate;
    if (!this.frozen) this.origin = Math.min(this.origin, arrival - ms);
    return this.origin + ms;
  }

  /** The media instant (ms since the epoch) of RTP timestamp `ts` of a packet already seen. */
  at(ts: number): number {
    return this.origin + (this.unwrap(ts) * 1000) / this.clockRate;
  }

  /** Keeps the mapping as it is from now on (the stream's media is being written). */
  freeze() {
    this.frozen = true;
  }

  /** `ts` unwrapped: the value nearest the highest seen (within half the 32-bit range). */
  private unwrap(ts: number): number {
    if (this.top == null) return (this.top = ts);
    const d = ((((ts - this.top) % RTP_WRAP) + RTP_WRAP * 1.5) % RTP_WRAP) - RTP_WRAP / 2;
    const ext = this.top + d;
    if (ext > this.top) this.top = ext;
    return ext;
  }
}

type Kind = 'audio' | 'video';
interface Held {
  kind: Kind;
  rtp: RtpPacket;
  arrival: number;
  clock: RtpClock;
}

/** Puts the depacketized frames of both tracks in time order (within {@link ORDER_MS}) for the muxer, which drops a frame older than its cluster. */
class FrameOrder {
  private frames: { kind: Kind; frame: CodecFrame }[] = [];
  private newest = -Infinity;
  /** Frames dropped because they came later than the order window. */
  late = 0;
  private lastOut = -Infinity;

  constructor(private readonly out: (kind: Kind, frame: CodecFrame) => void) {}

  push(kind: Kind, frame: CodecFrame) {
    if (frame.time < this.lastOut) {
      this.late++;
      return;
    }
    this.frames.push({ kind, frame });
    this.newest = Math.max(this.newest, frame.time);
    this.frames.sort((a, b) => a.frame.time - b.frame.time);
    while (this.frames.length && this.frames[0]!.frame.time <= this.newest - ORDER_MS) this.emit();
  }

  flush() {
    while (this.frames.length) this.emit();
  }

  private emit() {
    const f = this.frames.shift()!;
    this.lastOut = f.frame.time;
    this.out(f.kind, f.frame);
  }
}

/**
 * One call's recording. `offer` every caller packet as it arrives (from the moment the caller's
 * media is connected); `start(answerAt)` at the answer; `stop(endAt)` at the end reads on for the
 * grace period, then closes the file.
 */
export class CallRecorder {
  private queue: Held[] = [];
  private answerAt?: number;
  private endAt?: number;
  /** True once the file is being closed: packets are no longer taken. */
  private closed = false;
  private chain?: { write(h: Held): void; end(): Promise<void> };
  /** Each RTP stream's clock, by kind and SSRC. */
  private readonly clocks = new Map<string, RtpClock>();
  /** Per kind: packets offered, and the newest media instant (ms since the epoch) — the end's grace reads them. */
  private readonly seen = new Map<Kind, { packets: number; newest: number }>();
  /** Figures: packets written per kind. */
  readonly written = { audio: 0, video: 0 };

  constructor(
    /** The WebM file's path. */
    readonly file: string,
    /** The caller's tracks when the file opens (VP8 video, Opus audio), in file order. */
    private readonly tracks: () => Kind[],
    private readonly size = { width: 640, height: 480 },
  ) {}

  get recording() {
    return this.answerAt != null && this.endAt == null;
  }

  /** A caller packet that arrived now (`arrival`, ms since the epoch; default Date.now()). */
  offer(kind: Kind, rtp: RtpPacket, arrival = Date.now()) {
    if (this.closed) return;
    const key = `${kind}:${rtp.header.ssrc}`;
    let clock = this.clocks.get(key);
    if (!clock) this.clocks.set(key, (clock = new RtpClock(kind === 'video' ? 90000 : 48000)));
    const at = clock.see(rtp.header.timestamp, arrival);
    const seen = this.seen.get(kind) ?? { packets: 0, newest: -Infinity };
    seen.packets++;
    seen.newest = Math.max(seen.newest, at);
    this.seen.set(kind, seen);
    // After the end (its grace): only what was sent until then is still taken.
    if (this.endAt != null && at > this.endAt) return;
    this.queue.push({ kind, rtp: rtp.clone(), arrival, clock });
    if (this.endAt == null) this.release(arrival - HOLD_MS);
  }

  /** Starts the file at the answer instant (ms since the epoch): packets sent from then on (by media time) are written. */
  start(answerAt: number) {
    if (this.answerAt != null) return;
    this.answerAt = answerAt;
    // The file (its header) exists from the answer on when both tracks are known; else it opens
    // with the first packet written.
    if (this.tracks().length >= 2) this.chain ??= this.open(answerAt);
  }

  /**
   * Ends the file at the end instant (ms since the epoch): packets sent until then (by media time)
   * are written, later ones dropped. Reads on for the grace period first (at most
   * {@link GRACE_MAX_MS}); resolves once the file is closed.
   */
  async stop(endAt: number) {
    if (this.endAt != null) return;
    this.endAt = endAt;
    if (this.answerAt != null) await this.grace(endAt);
    this.closed = true;
    if (this.answerAt != null) this.release(Infinity);
    this.queue = [];
    await this.chain?.end();
  }

  /**
   * Waits until every track has delivered what it sent until `endAt`: its newest packet is
   * {@link PAST_END_MS} past the end, or it sent nothing for {@link QUIET_MS}; at most
   * {@link GRACE_MAX_MS}. Looks every {@link GRACE_STEP_MS}, each look after one more turn of the
   * event loop: after a stall the timers run before the socket reads, which would make a busy
   * track look quiet.
   */
  private async grace(endAt: number) {
    const started = Date.now();
    const kinds = [...this.seen.keys()];
    const past = (k: Kind) => this.seen.get(k)!.newest > endAt + PAST_END_MS;
    const last = kinds.map((k) => ({ packets: this.seen.get(k)!.packets, quietSteps: 0 }));
    while (!kinds.every(past) && Date.now() - started < GRACE_MAX_MS) {
      await new Promise((r) => setTimeout(r, GRACE_STEP_MS));
      await new Promise((r) => setImmediate(r));
      kinds.forEach((k, i) => {
        const packets = this.seen.get(k)!.packets;
        last[i] = { packets, quietSteps: packets === last[i]!.packets ? last[i]!.quietSteps + 1 : 0 };
      });
      if (kinds.every((k, i) => past(k) || last[i]!.quietSteps * GRACE_STEP_MS >= QUIET_MS)) return;
    }
  }

  /** Writes the held packets that arrived until `until` that were sent from the answer to the end (none before the answer is known). */
  private release(until: number) {
    let n = 0;
    while (n < this.queue.length && this.queue[n]!.arrival <= until) n++;
    if (n === 0) return;
    const out = this.queue.splice(0, n);
    const answerAt = this.answerAt;
    if (answerAt == null) return; // not answered yet: older packets are only let go
    for (const h of out) {
      const at = h.clock.at(h.rtp.header.timestamp);
      if (at < answerAt || (this.endAt != null && at > this.endAt)) continue;
      h.clock.freeze();
      this.chain ??= this.open(answerAt);
      this.chain.write(h);
      this.written[h.kind]++;
    }
  }

  /** The werift pipeline: per track jitter buffer (video) → media time from the answer → depacketizer → order → WebM muxer → file. */
  private open(answerAt: number) {
    const tracks = this.tracks().map((kind, i) => ({ kind, trackNumber: i + 1 }));
    rmSync(this.file, { force: true });
    const webmTracks = tracks.map((t) =>
      t.kind === 'video'
        ? { kind: 'video' as const, codec: 'VP8' as const, clockRate: 90000, trackNumber: t.trackNumber, ...this.size }
        : { kind: 'audio' as const, codec: 'OPUS' as const, clockRate: 48000, trackNumber: t.trackNumber },
    );
    const webm = new WebmCallback(webmTracks, { duration: 1000 * 60 * 60 * 24 });
    // The span of the frames the muxer takes (it skips video until its first key frame), ms.
    const span = { first: undefined as number | undefined, last: 0, keyframe: false };
    const closed = new Promise<void>((resolve) => {
      const save = saveToFileSystem(this.file);
      webm.pipe(async (o: WebmOutput) => {
        if (o.eol && span.first != null) {
          // The talk (answer → end) by construction; the frames' span when they run past it.
          const talk = this.endAt != null ? this.endAt - answerAt : 0;
          const duration = Math.round(Math.max(span.last, talk));
          o = { eol: { ...o.eol, duration, durationElement: new WEBMContainer(webmTracks).createDuration(duration) } };
        }
        if (await save(o)) resolve();
      });
    });
    const hasAudio = tracks.some((t) => t.kind === 'audio');
    const order = new FrameOrder((kind, frame) => {
      // The muxer starts the file at its first frame: when the caller's media began after the
      // answer, a silent audio frame at the answer keeps the media at its place in the talk.
      if (span.first == null && hasAudio && frame.time > 0 && frame.time < MAX_LEAD_MS) {
        webm.inputAudio({ frame: { data: OPUS_SILENCE, isKeyframe: true, time: 0 } });
        span.first = 0;
      }
      if (kind === 'video') {
        span.keyframe ||= frame.isKeyframe;
        if (!span.keyframe) return;
        webm.inputVideo({ frame });
      } else webm.inputAudio({ frame });
      span.first ??= frame.time;
      span.last = Math.max(span.last, frame.time);
    });
    const inputs = new Map<Kind, { input(h: Held): void; end(): void }>();
    for (const t of tracks) {
      const depacketizer =
        t.kind === 'video' ? new DepacketizeCallback('VP8', { isFinalPacketInSequence: (h) => h.marker }) : new DepacketizeCallback('OPUS');
      depacketizer.pipe((o) => {
        if (o.frame) order.push(t.kind, o.frame);
      });
      // A packet's time in the file: its media instant from the answer (ms), by its stream's clock.
      const timed = (rtp: RtpPacket, clock: RtpClock) =>
        depacketizer.input({ rtp, time: Math.round(clock.at(rtp.header.timestamp) - answerAt) });
      if (t.kind === 'video') {
        // The jitter buffer gives the packets back in sequence order: each with its stream's clock.
        const jitter = new JitterBufferCallback(90000, {});
        jitter.pipe((o) => {
          if (!o.rtp) return;
          const clock = this.clocks.get(`video:${o.rtp.header.ssrc}`);
          if (clock) timed(o.rtp, clock);
        });
        inputs.set(t.kind, { input: (h) => jitter.input({ rtp: h.rtp }), end: () => jitter.input({ eol: true }) });
      } else {
        inputs.set(t.kind, { input: (h) => timed(h.rtp, h.clock), end: () => undefined });
      }
    }
    return {
      write: (h: Held) => inputs.get(h.kind)?.input(h),
      end: async () => {
        for (const i of inputs.values()) i.end();
        order.flush();
        // The muxer closes (cues, duration) once every track has ended.
        for (const t of tracks) (t.kind === 'video' ? webm.inputVideo : webm.inputAudio)({ eol: true });
        await closed;
      },
    };
  }
}
