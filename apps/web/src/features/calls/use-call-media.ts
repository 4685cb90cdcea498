/**
 * The console's media of the call it holds (issue 15; docs/API.md "Call media"): one
 * RTCPeerConnection to the server while `holding` — video recvonly (sendrecv with the camera when
 * the browser has one), audio sendrecv with the microphone (recvonly without one) — signalled over
 * the live socket (`call-media-offer` → `call-media-answer`, no trickle: the offer waits for ICE
 * gathering). The server's caller audio and video end up in `remote`. Reloading the page while the
 * call is active offers again (the server replaces the console's earlier connection); leaving the
 * page, a transfer or the end closes the connection and releases camera and microphone. A failed
 * connection is offered again up to three times.
 */
import { useEffect, useRef, useState } from 'react';
import { webRtcSupported } from '../../shared/browser/browser-features';
import { offerCallMedia, SocketRequestError } from '../../realtime/socket-requests';

/** Where the connection is: idle (not holding), connecting, connected, failed (see `error`), unsupported (no WebRTC). */
export type CallMediaState = 'idle' | 'connecting' | 'connected' | 'failed' | 'unsupported';

export interface CallMedia {
  state: CallMediaState;
  /** The caller's audio and video (null before the first track). */
  remote: MediaStream | null;
  /** This console's camera and microphone (null: none available or not allowed). */
  local: MediaStream | null;
  hasMicrophone: boolean;
  hasCamera: boolean;
  micMuted: boolean;
  cameraOff: boolean;
  /** The server's description when it refused the offer; '' for a network failure. */
  error: string;
  /** Inbound figures (getStats, read every second while connected): audio bytes, video frames decoded, packets received and lost. */
  stats: CallMediaStats;
  toggleMic(): void;
  toggleCamera(): void;
}

/** Inbound figures of the console's connection (RTCInboundRtpStreamStats, summed over the kinds). */
export interface CallMediaStats {
  audioBytesIn: number;
  videoFramesIn: number;
  packetsIn: number;
  packetsLost: number;
}

const NO_STATS: CallMediaStats = { audioBytesIn: 0, videoFramesIn: 0, packetsIn: 0, packetsLost: 0 };

/** Reads the inbound figures of `pc`. */
async function readStats(pc: RTCPeerConnection): Promise<CallMediaStats> {
  const s = { ...NO_STATS };
  (await pc.getStats()).forEach(
    (r: {
      type: string;
      kind?: string;
      bytesReceived?: number;
      framesDecoded?: number;
      packetsReceived?: number;
      packetsLost?: number;
    }) => {
      if (r.type !== 'inbound-rtp') return;
      if (r.kind === 'audio') s.audioBytesIn += r.bytesReceived ?? 0;
      if (r.kind === 'video') s.videoFramesIn += r.framesDecoded ?? 0;
      s.packetsIn += r.packetsReceived ?? 0;
      s.packetsLost += Math.max(0, r.packetsLost ?? 0);
    },
  );
  return s;
}

/** Camera and microphone if allowed, else the microphone alone, else nothing. */
async function localMedia(): Promise<MediaStream | null> {
  const md = navigator.mediaDevices;
  for (const c of [{ audio: true, video: { width: { ideal: 640 }, height: { ideal: 480 } } }, { audio: true }, { video: true }]) {
    try {
      return await md.getUserMedia(c);
    } catch {
      // try the next, smaller set
    }
  }
  return null;
}

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const check = () => {
      if (pc.iceGatheringState === 'complete') resolve();
    };
    pc.addEventListener('icegatheringstatechange', check);
    // Host candidates come at once; do not wait for ever on an unreachable STUN server.
    setTimeout(resolve, 3_000);
  });
}

export function useCallMedia(callId: number, holding: boolean, lang: string): CallMedia {
  const supported = webRtcSupported();
  const [state, setState] = useState<CallMediaState>('idle');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [error, setError] = useState('');
  const [micMuted, setMicMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [stats, setStats] = useState<CallMediaStats>(NO_STATS);
  const langRef = useRef(lang);
  useEffect(() => {
    langRef.current = lang;
  }, [lang]);

  useEffect(() => {
    if (!holding || !supported) return;
    let stopped = false;
    let pc: RTCPeerConnection | null = null;
    let stream: MediaStream | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => {
      if (pc?.connectionState === 'connected')
        void readStats(pc).then(
          (v) => !stopped && setStats(v),
          () => undefined,
        );
    }, 1_000);
    const fail = (message: string, again: boolean) => {
      if (stopped) return;
      setState('failed');
      setError(message);
      if (again && attempt < 3) retry = setTimeout(() => setAttempt((a) => a + 1), 2_000);
    };
    void (async () => {
      setState('connecting');
      setError('');
      stream = await localMedia();
      if (stopped) {
        stream?.getTracks().forEach((t) => t.stop());
        return;
      }
      setLocal(stream);
      setMicMuted(false);
      setCameraOff(false);
      pc = new RTCPeerConnection();
      const mic = stream?.getAudioTracks()[0];
      const cam = stream?.getVideoTracks()[0];
      if (mic && stream) pc.addTransceiver(mic, { direction: 'sendrecv', streams: [stream] });
      else pc.addTransceiver('audio', { direction: 'recvonly' });
      if (cam && stream) pc.addTransceiver(cam, { direction: 'sendrecv', streams: [stream] });
      else pc.addTransceiver('video', { direction: 'recvonly' });
      const incoming = new MediaStream();
      pc.ontrack = (ev) => {
        incoming.addTrack(ev.track);
        setRemote(new MediaStream(incoming.getTracks()));
      };
      pc.onconnectionstatechange = () => {
        if (stopped || !pc) return;
        if (pc.connectionState === 'connected') setState('connected');
        else if (pc.connectionState === 'failed') fail('', true);
      };
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      if (stopped) return;
      const answer = await offerCallMedia(callId, pc.localDescription!.sdp, langRef.current);
      if (stopped) return;
      await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    })().catch((err: unknown) => {
      if (err instanceof SocketRequestError) fail(err.description, false);
      else fail('', true);
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(poll);
      pc?.close();
      stream?.getTracks().forEach((t) => t.stop());
      setRemote(null);
      setLocal(null);
      setStats(NO_STATS);
      setState('idle');
    };
  }, [callId, holding, supported, attempt]);

  const mic = local?.getAudioTracks()[0];
  const cam = local?.getVideoTracks()[0];
  return {
    state: supported ? state : 'unsupported',
    remote,
    local,
    hasMicrophone: !!mic,
    hasCamera: !!cam,
    micMuted,
    cameraOff,
    error,
    stats,
    toggleMic: () => {
      if (!mic) return;
      mic.enabled = micMuted;
      setMicMuted(!micMuted);
    },
    toggleCamera: () => {
      if (!cam) return;
      cam.enabled = cameraOff;
      setCameraOff(!cameraOff);
    },
  };
}
