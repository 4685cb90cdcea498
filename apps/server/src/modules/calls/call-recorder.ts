/**
 * The recording of one call (issue 15): the caller's audio and video written to a WebM file that
 * covers exactly the talk, i.e. the call's answer instant to its end instant as stored in the
 * incident (AnsweredTimeUTC → EndTimeUTC), both taken on this process's clock.
 *
 * How the interval is kept by construction:
 * - Every caller packet is stamped with its arrival instant on this process and held in a queue
 *   for {@link HOLD_MS} before it goes to the WebM writer. Packets that arrived before the answer
 *   instant are never written (those after it are, even when the answer's transaction commits
 *   later); at the end, packets that arrived after the end instant are dropped (even when the
 *   end's transaction commits later), the rest are written and the file is closed.
 * - Media time in the file is the RTP clock of each track, rebased at the answer: a track's first
 *   written packet sits at (its arrival − the answer instant), the following ones at that plus
 *   their RTP timestamp distance (48 kHz audio, 90 kHz video) — not the sender's NTP clock from
 *   RTCP sender reports, whose mapping jumps forward under load (werift's default recorder keeps
 *   the later of the two mappings at every report, so the file ran seconds longer than the talk,
 *   and its lip-sync stage dropped the audio that fell behind the video's reports).
 *
 * - The file's Duration is the talk, end − answer (or the last frame's time, should it run past
 *   the end): media that starts flowing a moment after the answer (the caller's connection still
 *   being set up) sits at its offset and does not shorten the file. werift's muxer computes the
 *   Duration from each track's time in its own cluster, stale for a track with no frame in the last
 *   cluster (one that opened on a video key frame): up to a key-frame interval too long (2 s here,
 *   the PLI period); its closing element is replaced by ours.
 *
 * The codec work is werift's (jitter buffer, VP8/Opus depacketizers, WebM muxer and writer); this
 * file only decides which packets and at what time.
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

/** How long a packet waits (ms, by arrival) before it is written: the end's transaction may commit this late and still cut the file at its instant. */
export const HOLD_MS = 3_000;
/** How far behind the newest frame a frame may be written (ms of media time): frames of both tracks are put in time order within this window. */
const ORDER_MS = 300;
const RTP_WRAP = 2 ** 32;
/** One 20 ms Opus frame of silence (TOC 0xf8: CELT fullband 20 ms, one frame; then the silent payload). */
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
/** The longest gap between the answer and the first frame that the silent lead-in covers (a block's timestamp is a signed 16-bit ms offset in its cluster). */
const MAX_LEAD_MS = 30_000;

/** A track's media clock: RTP timestamps unwrapped and rebased at the answer (ms from the answer instant). */
export class AnswerClock {
  private base?: number;
  private offsetMs = 0;
  private last = 0;
  private cycles = 0;

  constructor(
    /** RTP clock rate (Hz). */
    readonly clockRate: number,
    /** The answer instant (ms since the epoch). */
    readonly answerAt: number,
  ) {}

  /** The media time (ms from the answer) of a packet with RTP timestamp `ts` that arrived at `arrival` (ms since the epoch; only the first packet's arrival counts). */
  time(ts: number, arrival: number): number {
    if (this.base == null) {
      this.base = ts;
      this.last = ts;
      this.offsetMs = Math.max(0, arrival - this.answerAt);
    }
    // Unwrap the 32-bit timestamp (forward wrap, or a reordered packet just before a wrap).
    const d = ts - this.last;
    if (d < -RTP_WRAP / 2) this.cycles++;
    else if (d > RTP_WRAP / 2) this.cycles--;
    this.last = ts;
    const elapsed = ts + this.cycles * RTP_WRAP - this.base;
    return this.offsetMs + (elapsed * 1000) / this.clockRate;
  }
}

type Kind = 'audio' | 'video';
interface Held {
  kind: Kind;
  rtp: RtpPacket;
  arrival: number;
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
 * media is connected); `start(answerAt)` at the answer; `stop(endAt)` at the end closes the file.
 */
export class CallRecorder {
  private queue: Held[] = [];
  private answerAt?: number;
  private endAt?: number;
  private chain?: { write(h: Held): void; end(): Promise<void> };
  /** Figures: packets written per kind, frames dropped as late. */
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
    if (this.endAt != null) return;
    this.queue.push({ kind, rtp: rtp.clone(), arrival });
    this.release(arrival - HOLD_MS);
  }

  /** Starts the file at the answer instant (ms since the epoch): packets that arrived from then on are written. */
  start(answerAt: number) {
    if (this.answerAt != null) return;
    this.answerAt = answerAt;
    this.queue = this.queue.filter((h) => h.arrival >= answerAt);
    // The file (its header) exists from the answer on when both tracks are known; else it opens
    // with the first packet written.
    if (this.tracks().length >= 2) this.chain ??= this.open(answerAt);
  }

  /** Ends the file at the end instant (ms): packets that arrived until then are written, later ones dropped; resolves once the file is closed. */
  async stop(endAt: number) {
    if (this.endAt != null) return;
    if (this.answerAt == null) {
      this.endAt = endAt;
      return;
    }
    this.release(endAt);
    this.endAt = endAt;
    this.queue = [];
    await this.chain?.end();
  }

  /** Writes the held packets that arrived until `until` (none before the answer). */
  private release(until: number) {
    let n = 0;
    while (n < this.queue.length && this.queue[n]!.arrival <= until) n++;
    if (n === 0) return;
    const out = this.queue.splice(0, n);
    if (this.answerAt == null) return; // not answered yet: older packets are only let go
    for (const h of out) {
      this.chain ??= this.open(this.answerAt);
      this.chain.write(h);
      this.written[h.kind]++;
    }
  }

  /** The werift pipeline: per track jitter buffer (video) → answer clock → depacketizer → order → WebM muxer → file. */
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
      const clock = new AnswerClock(t.kind === 'video' ? 90000 : 48000, answerAt);
      const depacketizer =
        t.kind === 'video' ? new DepacketizeCallback('VP8', { isFinalPacketInSequence: (h) => h.marker }) : new DepacketizeCallback('OPUS');
      depacketizer.pipe((o) => {
        if (o.frame) order.push(t.kind, o.frame);
      });
      let arrival = 0;
      const timed = (rtp: RtpPacket) => depacketizer.input({ rtp, time: Math.round(clock.time(rtp.header.timestamp, arrival)) });
      if (t.kind === 'video') {
        const jitter = new JitterBufferCallback(90000, {});
        jitter.pipe((o) => {
          if (o.rtp) timed(o.rtp);
        });
        inputs.set(t.kind, {
          input: (h) => {
            arrival = h.arrival;
            jitter.input({ rtp: h.rtp });
          },
          end: () => jitter.input({ eol: true }),
        });
      } else {
        inputs.set(t.kind, {
          input: (h) => {
            arrival = h.arrival;
            timed(h.rtp);
          },
          end: () => undefined,
        });
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
