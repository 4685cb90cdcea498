/**
 * Browser feature check (spec §2 Session gate): event listeners, fetch, flexbox, JSON,
 * localStorage, promises, querySelector, sessionStorage and SVG are required; real-time
 * voice/video (WebRTC) is optional and its result kept for the drawer's warning.
 */
export const REQUIRED_FEATURES = [
  'eventListeners',
  'fetch',
  'flexbox',
  'json',
  'localStorage',
  'promises',
  'querySelector',
  'sessionStorage',
  'svg',
] as const;
export type RequiredFeature = (typeof REQUIRED_FEATURES)[number];

/** What the check reads; `globalThis` in the browser, a stub in tests. */
export interface FeatureEnv {
  window?: unknown;
  document?: unknown;
  fetch?: unknown;
  CSS?: { supports?: (prop: string, value: string) => boolean };
  JSON?: unknown;
  localStorage?: unknown;
  sessionStorage?: unknown;
  Promise?: unknown;
  RTCPeerConnection?: unknown;
  navigator?: { mediaDevices?: unknown };
}

function safe(test: () => boolean): boolean {
  try {
    return test();
  } catch {
    return false;
  }
}

function storageWorks(s: unknown): boolean {
  const st = s as Storage | undefined;
  if (!st || typeof st.setItem !== 'function') return false;
  const k = '__vigil_check__';
  st.setItem(k, '1');
  st.removeItem(k);
  return true;
}

const checks: Record<RequiredFeature, (env: FeatureEnv) => boolean> = {
  eventListeners: (env) => typeof (env.window as Window | undefined)?.addEventListener === 'function',
  fetch: (env) => typeof env.fetch === 'function',
  flexbox: (env) => typeof env.CSS?.supports === 'function' && env.CSS.supports('display', 'flex'),
  json: (env) => typeof (env.JSON as JSON | undefined)?.parse === 'function' && typeof (env.JSON as JSON).stringify === 'function',
  localStorage: (env) => storageWorks(env.localStorage),
  promises: (env) => typeof env.Promise === 'function' && typeof (env.Promise as PromiseConstructor).resolve === 'function',
  querySelector: (env) => typeof (env.document as Document | undefined)?.querySelector === 'function',
  sessionStorage: (env) => storageWorks(env.sessionStorage),
  svg: (env) => {
    const d = env.document as Document | undefined;
    if (!d || typeof d.createElementNS !== 'function') return false;
    const el = d.createElementNS('http://www.w3.org/2000/svg', 'svg') as SVGSVGElement;
    return typeof el.createSVGRect === 'function';
  },
};

/** The required features this environment lacks (empty when all pass). */
export function missingFeatures(env: FeatureEnv): RequiredFeature[] {
  return REQUIRED_FEATURES.filter((f) => !safe(() => checks[f](env)));
}

/** True when WebRTC calls can be answered (RTCPeerConnection and navigator.mediaDevices). */
export function hasWebRtc(env: FeatureEnv): boolean {
  return safe(() => typeof env.RTCPeerConnection === 'function' && !!env.navigator?.mediaDevices);
}

let webRtc: boolean | null = null;

/** The WebRTC result kept from startup (checked on first call). */
export function webRtcSupported(): boolean {
  if (webRtc === null) webRtc = hasWebRtc(globalThis as unknown as FeatureEnv);
  return webRtc;
}
