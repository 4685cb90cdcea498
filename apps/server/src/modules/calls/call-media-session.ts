/**
 * The werift side of the call media relay (calls.media.ts): one call's peer connections, the
 * forwarding between them and its recording. A module of its own so that werift (~30 MB of the
 * process's memory once loaded) is loaded by the first call's media, not at every start: the
 * relay imports it on first use (the server's bundle keeps it in a chunk of its own).
 */
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI } from 'werift';
import { CallRecorder } from './call-recorder.js';
import type { IceServer } from './calls.media.js';

/** Codecs offered on both legs (the same payload types, so packets are forwarded as they are). */
function codecs() {
  return {
    video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()] })],
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
  };
}

/** The media of one call on this process. */
export class CallMediaSession {
  caller?: RTCPeerConnection;
  console?: { pc: RTCPeerConnection; userId: number };
  /** Local tracks the console leg sends (fed by the caller's packets). */
  readonly toConsole = { video: new MediaStreamTrack({ kind: 'video' }), audio: new MediaStreamTrack({ kind: 'audio' }) };
  /** Local track the caller leg sends (fed by the console's microphone). */
  readonly toCaller = new MediaStreamTrack({ kind: 'audio' });
  /** Local video track the caller leg sends (fed by the console's camera, when it has one). */
  readonly toCallerVideo = new MediaStreamTrack({ kind: 'video' });
  private consoleVideoSsrc?: number;
  /** The recording: fed every caller packet, it writes those sent (by RTP time) from the answer instant to the end instant. */
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

  /**
   * Ends everything: the recording is cut at `endAt` (ms since the epoch, the incident's
   * EndTimeUTC) and closed — the caller's leg stays open meanwhile, for the recorder's grace (the
   * media sent before the end but not read yet) — then both legs are closed.
   */
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

/** ICE_SERVERS entries as werift takes them: one URL per entry (a list of URLs becomes several entries). */
function werIceServers(servers: IceServer[]): { urls: string; username?: string; credential?: string }[] {
  return servers.flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]).map((urls) => ({ ...s, urls })));
}
