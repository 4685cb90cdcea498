/**
 * A generated camera and microphone for the call-media tests (call-media.ts re-exports them): RTP
 * packets written to werift tracks as a device stamps them. Only werift here, so a caller running
 * in a process of its own (caller-process.ts) uses the same source as the in-process callers.
 */
import { RtpHeader, RtpPacket, type MediaStreamTrack } from 'werift';

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
