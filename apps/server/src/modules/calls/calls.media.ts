/**
 * Call media through the server (issue 15): the caller and the answering console each hold one
 * WebRTC peer connection to this process (werift, pure TypeScript). The server forwards the
 * caller's audio and video to the console holding the call and the console's audio (and camera,
 * when it sends one) back to the caller, and writes the caller's audio and video to a WebM file under RECORDINGS_DIR as it
 * arrives (call-recorder.ts: werift's depacketizers and WebM muxer, the file covering the answer →
 * end interval of the incident by construction), so a console that closes, crashes or is replaced by a
 * transfer loses nothing of the recording. Signalling is one offer/answer exchange per peer
 * (the client offers with its gathered candidates; the answer carries the server's): the mobile
 * call `calls/media` and the console call `callmedia` (docs/API.md "Call media").
 *
 * Limits: one process holds a call's media (the one the caller signalled to); several processes
 * need sticky routing of a call's media calls, and recordings on shared storage.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CallMediaSession } from './call-media-session.js';

/**
 * The werift side (call-media-session.ts), loaded by the first call's media. A session is created
 * in the continuation of this promise; `settled()` waits on the same promise, so an operation asked
 * for while the module loads (an answer's `record`, a transfer's `dropConsole`, an end's `stop`)
 * runs after every session whose creation was asked for before it (promise reactions run in order).
 */
let sessionModule: Promise<typeof import('./call-media-session.js')> | undefined;
const loadSessions = () => (sessionModule ??= import('./call-media-session.js'));
/** Resolves once the sessions asked for so far exist (at once when no call's media was ever asked for). */
const settled = async () => {
  if (sessionModule) await sessionModule;
};

/** An ICE server (RTCIceServer). */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** The calls' media of this process. */
export class CallMediaRelay {
  private readonly sessions = new Map<number, CallMediaSession>();
  /** Recordings being closed (the end's grace, call-recorder.ts): still being written. */
  private readonly closing = new Set<string>();
  /** The close hook: called with the path of each recording once its file is closed (recordings-storage.ts uploads it). */
  onRecordingClosed: ((file: string) => void) | undefined;

  constructor(
    private readonly dir: string,
    private readonly iceServers: IceServer[],
  ) {}

  /** The recording's file name of a call (relative to the recordings folder). */
  static fileOf(callId: number, textId: string): string {
    return `call-${callId}-${textId}.webm`;
  }

  /** The call's media session, created on first use (after the module is loaded: no await between look-up and creation). */
  private async session(callId: number, fileName: string): Promise<CallMediaSession> {
    const { CallMediaSession } = await loadSessions();
    let s = this.sessions.get(callId);
    if (!s) {
      mkdirSync(this.dir, { recursive: true });
      s = new CallMediaSession(callId, path.join(this.dir, fileName));
      this.sessions.set(callId, s);
    }
    return s;
  }

  /** The caller's offer (SDP) → the server's answer; starts the recording at `fileName`. */
  async caller(callId: number, fileName: string, offer: string): Promise<string> {
    return (await this.session(callId, fileName)).acceptCaller(offer, this.iceServers);
  }

  /** The holding console's offer → the server's answer (replaces any earlier console leg). */
  async console(callId: number, fileName: string, userId: number, offer: string): Promise<string> {
    return (await this.session(callId, fileName)).acceptConsole(userId, offer, this.iceServers);
  }

  /**
   * Starts the recording of a call whose caller media is on this process, from `answerAt` (ms since
   * the epoch); resolves false when none is here or it records already.
   */
  async record(callId: number, answerAt: number): Promise<boolean> {
    await settled();
    return this.sessions.get(callId)?.record(answerAt) ?? false;
  }

  /** Drops the console leg of a call (transferred or ended). */
  async dropConsole(callId: number) {
    await settled();
    this.sessions.get(callId)?.dropConsole();
  }

  /** Calls whose media this process holds. */
  callIds(): number[] {
    return [...this.sessions.keys()];
  }

  /** True while this process records into the file `fileName` (a name in the recordings folder), until it is closed. */
  isRecording(fileName: string): boolean {
    return (
      [...this.sessions.values()].some((s) => path.basename(s.file) === fileName) ||
      [...this.closing].some((f) => path.basename(f) === fileName)
    );
  }

  /** Packets received from the caller so far (undefined: no media on this process). */
  figures(callId: number) {
    return this.sessions.get(callId)?.received;
  }

  /**
   * Ends a call's media and closes its recording at `endAt` (ms since the epoch; the incident's
   * end, or now at shutdown); resolves once the file is closed — after the recorder's grace for
   * the media sent before the end and read after it (call-recorder.ts, 2 s at most).
   */
  async stop(callId: number, endAt = Date.now()) {
    await settled();
    const s = this.sessions.get(callId);
    if (!s) return;
    this.sessions.delete(callId);
    this.closing.add(s.file);
    try {
      await s.stop(endAt);
    } finally {
      this.closing.delete(s.file);
    }
    if (s.recorded) this.onRecordingClosed?.(s.file);
  }

  /** Ends every call's media (shutdown). */
  async stopAll() {
    await settled();
    const now = Date.now();
    await Promise.all([...this.sessions.keys()].map((id) => this.stop(id, now)));
  }
}

const relays = new WeakMap<object, CallMediaRelay>();

/** The media relay of this process (one per configuration, i.e. per server). */
export function relayOf(config: { recordingsDir: string; iceServers: IceServer[] }): CallMediaRelay {
  let r = relays.get(config);
  if (!r) {
    r = new CallMediaRelay(config.recordingsDir, config.iceServers);
    relays.set(config, r);
  }
  return r;
}
