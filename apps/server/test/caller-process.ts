/**
 * A caller's media in a process of its own (started by `callerProcess` in call-media.ts through
 * tsx): a werift peer connection with a generated camera and microphone (media-source.ts) that
 * goes on sending while the test's process — the server's — is blocked. Over the IPC channel it
 * sends `{offer}` (the caller's SDP), takes `{answer}`, sends `{connected: true}` once connected and
 * from then on sends both tracks every 20 ms; `{stop: true}` stops it: it answers
 * `{sentAt: {video, audio}}` (when each packet was written, ms since the epoch) and exits.
 */
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { pump } from './media-source.js';

const send = (m: unknown) => process.send!(m);
const caller = new RTCPeerConnection();
const camera = new MediaStreamTrack({ kind: 'video' });
const mic = new MediaStreamTrack({ kind: 'audio' });
caller.addTransceiver(camera, { direction: 'sendonly' });
caller.addTransceiver(mic, { direction: 'sendrecv' });
let stops: ReturnType<typeof pump>[] = [];

process.on('message', (m: { answer?: string; stop?: boolean }) => {
  if (m.answer) {
    void caller.setRemoteDescription({ type: 'answer', sdp: m.answer }).then(async () => {
      await caller.connectionStateChange.watch((s) => s === 'connected', 15_000);
      stops = [pump(camera, 'video'), pump(mic, 'audio')];
      send({ connected: true });
    });
  }
  if (m.stop) {
    for (const s of stops) s();
    const [video, audio] = stops.map((s) => s.sentAt);
    process.send!({ sentAt: { video, audio } }, () => {
      void caller.close().finally(() => process.exit(0));
    });
  }
});

void caller.createOffer().then(async (offer) => {
  await caller.setLocalDescription(offer);
  send({ offer: caller.localDescription!.sdp });
});
