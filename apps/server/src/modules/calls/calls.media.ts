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
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI } from 'werift';
import { CallRecorder } from './call-recorder.js';

/** Codecs offered on both legs (the same payload types, so packets are forwarded as they are). */
function codecs() {
  return {
    video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()] })],
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
  };
}

/** The media of one call on this process. */
class CallMediaSession {
  caller?: RTCPeerConnection;
  console?: { pc: RTCPeerConnection; userId: number };
  /** Local tracks the console leg sends (fed by the caller's packets). */
  readonly toConsole = { video: new MediaStreamTrack({ kind: 'video' }), audio: new MediaStreamTrack({ kind: 'audio' }) };
  /** Local track the caller leg sends (fed by the console's microphone). */
  readonly toCaller = new MediaStreamTrack({ kind: 'audio' });
  /** Local video track the caller leg sends (fed by the console's camera, when it has one). */
  readonly toCallerVideo = new MediaStreamTrack({ kind: 'video' });
  private consoleVideoSsrc?: number;
  /** The recording: fed every caller packet, it writes those from the answer instant to the end instant. */
  readonly recorder: CallRecorder;
  /** True once the recording started (at the first answer). */
  recorded = false;
  /** The caller's track kinds, in arrival order (the recording's tracks). */
  private callerKinds: ('video' | 'audio')[] = [];
  private pli?: NodeJS.Timeout;
  private videoSsrc?: number;
  /** Packets received from the caller, by kind (figures for tests and the benchmark). */
  readonly received = { video: 0, audio: 0 };

  constructor(
    readonly callId: number,
    readonly file: string,
  ) {
    this.recorder = new CallRecorder(file, () => [...this.callerKinds]);
  }

  /** Asks the caller (and the console, for its camera) for a key frame (a new receiver must start on one). */
  keyFrame() {
    if (this.caller && this.videoSsrc != null) {
      for (const t of this.caller.getTransceivers())
        if (t.kind === 'video') void t.receiver.sendRtcpPLI(this.videoSsrc).catch(() => undefined);
    }
    if (this.console && this.consoleVideoSsrc != null) {
      for (const t of this.console.pc.getTransceivers())
        if (t.kind === 'video') void t.receiver.sendRtcpPLI(this.consoleVideoSsrc).catch(() => undefined);
    }
  }

  async acceptCaller(offer: string, iceServers: IceServer[]): Promise<string> {
    this.caller?.close().catch(() => undefined);
    const pc = new RTCPeerConnection({ codecs: codecs(), iceServers: werIceServers(iceServers) });
    this.caller = pc;
    pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
      // werift adds a remote transceiver as recvonly; sendrecv lets the answer say what this side
      // sends (browsers honour the answer's direction: a recvonly answer plays nothing).
      transceiver.setDirection('sendrecv');
      void transceiver.sender.replaceTrack(transceiver.kind === 'audio' ? this.toCaller : this.toCallerVideo);
      transceiver.onTrack.subscribe((track) => {
        const kind = track.kind as 'video' | 'audio';
        if (kind === 'video') this.videoSsrc = track.ssrc;
        if (!this.callerKinds.includes(kind)) this.callerKinds.push(kind);
        const out = this.toConsole[kind];
        track.onReceiveRtp.subscribe((rtp) => {
          this.received[kind]++;
          this.recorder.offer(kind, rtp);
          out.writeRtp(rtp.serialize());
        });
      });
    });
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await answerWithoutDefaultStun(pc, iceServers);
    this.pli ??= setInterval(() => this.keyFrame(), 2_000);
    return pc.localDescription!.sdp;
  }

  async acceptConsole(userId: number, offer: string, iceServers: IceServer[]): Promise<string> {
    this.console?.pc.close().catch(() => undefined);
    const pc = new RTCPeerConnection({ codecs: codecs(), iceServers: werIceServers(iceServers) });
    this.console = { pc, userId };
    pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
      transceiver.setDirection('sendrecv');
      void transceiver.sender.replaceTrack(transceiver.kind === 'video' ? this.toConsole.video : this.toConsole.audio);
      // The console's microphone, and its camera when it sends one, go to the caller.
      transceiver.onTrack.subscribe((track) => {
        const out = track.kind === 'video' ? this.toCallerVideo : this.toCaller;
        if (track.kind === 'video') this.consoleVideoSsrc = track.ssrc;
        track.onReceiveRtp.subscribe((rtp) => out.writeRtp(rtp.serialize()));
      });
    });
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await answerWithoutDefaultStun(pc, iceServers);
    pc.connectionStateChange.subscribe((s) => {
      if (s === 'connected') this.keyFrame();
    });
    return pc.localDescription!.sdp;
  }

  /**
   * Starts the recording (once; at the first answer): the caller's media that arrived from
   * `answerAt` (ms since the epoch, the incident's AnsweredTimeUTC) on, video from a key frame
   * asked for at once. Media before the answer (while ringing) is not recorded.
   */
  record(answerAt: number): boolean {
    if (this.recorded) return false;
    this.recorded = true;
    this.recorder.start(answerAt);
    this.keyFrame();
    return true;
  }

  /** Drops the console leg (transfer, end): the caller's media and the recording go on. */
  dropConsole() {
    this.console?.pc.close().catch(() => undefined);
    this.console = undefined;
    this.consoleVideoSsrc = undefined;
  }

  /** Ends everything: the recording is cut at `endAt` (ms since the epoch, the incident's EndTimeUTC) and closed, then both legs. */
  async stop(endAt: number) {
    clearInterval(this.pli);
    await this.recorder.stop(endAt).catch(() => undefined);
    this.dropConsole();
    await this.caller?.close().catch(() => undefined);
  }
}

/**
 * Creates and sets the answer. werift's ICE falls back to a public STUN server
 * (stun.l.google.com) when none is configured and waits up to 5 s for it while gathering (for
 * ever 5 s on a host without Internet access); without a STUN entry in ICE_SERVERS the answer
 * carries host candidates only, gathered at once (one host or LAN; TURN entries still apply).
 */
async function answerWithoutDefaultStun(pc: RTCPeerConnection, iceServers: IceServer[]) {
  const answer = await pc.createAnswer();
  const stun = iceServers.some((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]).some((u) => u.startsWith('stun:')));
  if (!stun) for (const t of pc.iceTransports) (t.connection as { stunServer?: unknown }).stunServer = undefined;
  await pc.setLocalDescription(answer);
}

/** An ICE server (RTCIceServer). */

/** ICE_SERVERS entries as werift takes them: one URL per entry (a list of URLs becomes several entries). */
function werIceServers(servers: IceServer[]): { urls: string; username?: string; credential?: string }[] {
  return servers.flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]).map((urls) => ({ ...s, urls })));
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** The calls' media of this process. */
export class CallMediaRelay {
  private readonly sessions = new Map<number, CallMediaSession>();
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

  private session(callId: number, fileName: string): CallMediaSession {
    let s = this.sessions.get(callId);
    if (!s) {
      mkdirSync(this.dir, { recursive: true });
      s = new CallMediaSession(callId, path.join(this.dir, fileName));
      this.sessions.set(callId, s);
    }
    return s;
  }

  /** The caller's offer (SDP) → the server's answer; starts the recording at `fileName`. */
  caller(callId: number, fileName: string, offer: string): Promise<string> {
    return this.session(callId, fileName).acceptCaller(offer, this.iceServers);
  }

  /** The holding console's offer → the server's answer (replaces any earlier console leg). */
  console(callId: number, fileName: string, userId: number, offer: string): Promise<string> {
    return this.session(callId, fileName).acceptConsole(userId, offer, this.iceServers);
  }

  /** Starts the recording of a call whose caller media is on this process, from `answerAt` (ms since the epoch; false: none here, or already recording). */
  record(callId: number, answerAt: number): boolean {
    return this.sessions.get(callId)?.record(answerAt) ?? false;
  }

  /** Drops the console leg of a call (transferred or ended). */
  dropConsole(callId: number) {
    this.sessions.get(callId)?.dropConsole();
  }

  /** Calls whose media this process holds. */
  callIds(): number[] {
    return [...this.sessions.keys()];
  }

  /** True while this process records into the file `fileName` (a name in the recordings folder). */
  isRecording(fileName: string): boolean {
    return [...this.sessions.values()].some((s) => path.basename(s.file) === fileName);
  }

  /** Packets received from the caller so far (undefined: no media on this process). */
  figures(callId: number) {
    return this.sessions.get(callId)?.received;
  }

  /** Ends a call's media and closes its recording at `endAt` (ms since the epoch; the incident's end, or now at shutdown). */
  async stop(callId: number, endAt = Date.now()) {
    const s = this.sessions.get(callId);
    if (!s) return;
    this.sessions.delete(callId);
    await s.stop(endAt);
    if (s.recorded) this.onRecordingClosed?.(s.file);
  }

  /** Ends every call's media (shutdown). */
  async stopAll() {
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
