import { describe, expect, it } from 'vitest';
import { hasWebRtc, missingFeatures, REQUIRED_FEATURES, type FeatureEnv } from './browser-features';

function storage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: () => null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

function fullEnv(): FeatureEnv {
  return {
    window: { addEventListener: () => undefined },
    document: {
      querySelector: () => null,
      createElementNS: () => ({ createSVGRect: () => ({}) }),
    },
    fetch: () => undefined,
    CSS: { supports: (p: string, v: string) => p === 'display' && v === 'flex' },
    JSON,
    localStorage: storage(),
    sessionStorage: storage(),
    Promise,
    RTCPeerConnection: function RTCPeerConnection() {},
    navigator: { mediaDevices: {} },
  };
}

describe('browser feature check', () => {
  it('passes a complete environment', () => {
    expect(missingFeatures(fullEnv())).toEqual([]);
    expect(hasWebRtc(fullEnv())).toBe(true);
  });
  it('lists every missing feature in order', () => {
    expect(missingFeatures({})).toEqual([...REQUIRED_FEATURES]);
  });
  it('treats a throwing storage (private mode) and no flexbox as missing', () => {
    const env = fullEnv();
    env.localStorage = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    env.CSS = { supports: () => false };
    expect(missingFeatures(env)).toEqual(['flexbox', 'localStorage']);
  });
  it('reports WebRTC missing without media devices', () => {
    const env = fullEnv();
    env.navigator = {};
    expect(hasWebRtc(env)).toBe(false);
  });
});
