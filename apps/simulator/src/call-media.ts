/**
 * The caller's media of a simulated video call (issue 15; docs/API.md "Call media"): a headless
 * Debian Chromium with its fake media device (a moving test pattern at 640×480 and a beeping tone)
 * holds the caller's one WebRTC connection to the server, exactly as a phone would: getUserMedia,
 * an offer with every candidate gathered (no trickle), the mobile call `calls/media`, the server's
 * answer. The benchmark (bench/calls.ts) imports `startCallerMedia` too: keep its signature.
 *
 * Chromium: `CHROMIUM_PATH` or /usr/bin/chromium (launched through playwright-core, no
 * `playwright install`). The page is the server's /healthz, so the origin is the server's (an
 * http origin other than localhost is treated as secure by a flag, as getUserMedia needs one).
 */
import { chromium, type Browser, type Page } from 'playwright-core';

/** Figures of the caller's connection (from RTCPeerConnection.getStats in the caller's browser). */
export interface CallerMediaStats {
  /** RTCPeerConnection.connectionState: new, connecting, connected, disconnected, failed, closed. */
  connectionState: string;
  /** Video sent: RTP packets and payload bytes; frames encoded; the frame size sent (pixels, 0 before the first frame). */
  video: { packetsSent: number; bytesSent: number; framesEncoded: number; frameWidth: number; frameHeight: number };
  /** Audio sent: RTP packets and payload bytes. */
  audio: { packetsSent: number; bytesSent: number };
  /** Audio received from the server (the console's microphone): packets, bytes, packets lost. */
  audioIn: { packetsReceived: number; bytesReceived: number; packetsLost: number };
  /** Remote-inbound RTCP reports of the server: packets it reports lost, per kind. */
  remoteLost: { video: number; audio: number };
}

/** A running caller connection. */
export interface CallerMedia {
  /** The caller's current figures. */
  stats(): Promise<CallerMediaStats>;
  /** Closes the connection and the browser (idempotent). */
  close(): Promise<void>;
}

/** Options of `startCallerMedia`. */
export interface CallerMediaOptions {
  /** Server address, e.g. http://127.0.0.1:8080 (no trailing slash needed). */
  url: string;
  /** The caller's mobile session token (`/api/mobile/login` Token). */
  token: string;
  /** The call (`calls/start` callobject.IncidentId); it must be in progress (ringing, active, transfer). */
  callId: number;
  /** ICE servers for the browser's connection (RTCIceServer[]); default none (host candidates). */
  iceServers?: { urls: string | string[]; username?: string; credential?: string }[];
  /** A browser to open the page in instead of launching one (the benchmark shares one; `close` then closes only the page). */
  browser?: Browser;
}

/** Launches headless Chromium with the fake camera and microphone (no permission prompts). */
export function launchMediaBrowser(url: string): Promise<Browser> {
  const origin = new URL(url).origin;
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Ctrl+C is the call command's: it hangs up, then closes this browser (Playwright's own
    // handler would close it and exit 130 first).
    handleSIGINT: false,
    args: [
      '--no-sandbox',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      `--unsafely-treat-insecure-origin-as-secure=${origin}`,
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
}

/*
 * Code run in the caller's page. Plain JavaScript text, not functions of this module: tsx and
 * esbuild wrap this module's functions with helpers (`__name`) that do not exist in the page.
 */

/** Takes the fake camera and microphone, offers, waits for ICE gathering; evaluates to the offer SDP. `__ICE__` is replaced. */
const OFFER_SCRIPT = `(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true });
  const pc = new RTCPeerConnection({ iceServers: __ICE__ });
  for (const track of stream.getTracks()) pc.addTrack(track, stream);
  window.__pc = pc;
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete')
    await new Promise((resolve) => {
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
      setTimeout(resolve, 5000);
    });
  return pc.localDescription.sdp;
})()`;

/** Evaluates to the caller's figures (CallerMediaStats). */
const STATS_SCRIPT = `(async () => {
  const pc = window.__pc;
  const s = {
    connectionState: pc ? pc.connectionState : 'closed',
    video: { packetsSent: 0, bytesSent: 0, framesEncoded: 0, frameWidth: 0, frameHeight: 0 },
    audio: { packetsSent: 0, bytesSent: 0 },
    audioIn: { packetsReceived: 0, bytesReceived: 0, packetsLost: 0 },
    remoteLost: { video: 0, audio: 0 },
  };
  if (!pc) return s;
  (await pc.getStats()).forEach((r) => {
    if (r.type === 'outbound-rtp' && r.kind === 'video') {
      s.video.packetsSent += r.packetsSent || 0;
      s.video.bytesSent += r.bytesSent || 0;
      s.video.framesEncoded += r.framesEncoded || 0;
      s.video.frameWidth = r.frameWidth || s.video.frameWidth;
      s.video.frameHeight = r.frameHeight || s.video.frameHeight;
    } else if (r.type === 'outbound-rtp' && r.kind === 'audio') {
      s.audio.packetsSent += r.packetsSent || 0;
      s.audio.bytesSent += r.bytesSent || 0;
    } else if (r.type === 'inbound-rtp' && r.kind === 'audio') {
      s.audioIn.packetsReceived += r.packetsReceived || 0;
      s.audioIn.bytesReceived += r.bytesReceived || 0;
      s.audioIn.packetsLost += r.packetsLost || 0;
    } else if (r.type === 'remote-inbound-rtp' && (r.kind === 'video' || r.kind === 'audio')) {
      s.remoteLost[r.kind] += Math.max(0, r.packetsLost || 0);
    }
  });
  return s;
})()`;

/**
 * Starts the caller's media of call `callId`: opens a page on the server in headless Chromium
 * (or in `browser`), takes the fake camera (640×480) and microphone, offers, posts the offer to
 * mobile `calls/media` with `token` and sets the server's answer. Resolves once the answer is set
 * (media flows as soon as ICE and DTLS connect, well under a second on one host). Rejects when the
 * browser cannot start or the server refuses the offer (the error names the status and text).
 */
export async function startCallerMedia(opts: CallerMediaOptions): Promise<CallerMedia> {
  const base = opts.url.replace(/\/$/, '');
  const browser = opts.browser ?? (await launchMediaBrowser(base));
  const own = !opts.browser;
  let page: Page | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await page?.evaluate('window.__pc && window.__pc.close()').catch(() => undefined);
    if (own) await browser.close().catch(() => undefined);
    else await page?.close().catch(() => undefined);
  };
  try {
    page = await browser.newPage();
    await page.goto(`${base}/healthz`);
    const offer = await page.evaluate<string>(OFFER_SCRIPT.replace('__ICE__', JSON.stringify(opts.iceServers ?? [])));
    const res = await fetch(`${base}/api/mobile/calls/media`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
      body: JSON.stringify({ callId: opts.callId, sdp: offer }),
    });
    const json = (await res.json()) as { body?: { sdp: string }; description?: string };
    if (!res.ok || !json.body) throw new Error(`calls/media answered ${res.status} ${json.description ?? ''}`);
    await page.evaluate(`window.__pc.setRemoteDescription({ type: 'answer', sdp: ${JSON.stringify(json.body.sdp)} })`);
  } catch (err) {
    await close();
    throw err;
  }
  const p = page;
  return {
    stats: () => (closed ? Promise.reject(new Error('caller media closed')) : p.evaluate<CallerMediaStats>(STATS_SCRIPT)),
    close,
  };
}
