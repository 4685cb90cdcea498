/**
 * Start-up validation of the configuration (config.ts): defaults, units, bounds named in the
 * error with the variable, several bad variables reported at once, secrets never echoed, and the
 * heartbeat / dead-socket relation of the console (SOCKET_HEARTBEAT_MS at most half of the
 * contract's SOCKET_DEAD_AFTER_MS).
 */
import { describe, expect, it } from 'vitest';
import { SOCKET_DEAD_AFTER_MS } from '@vigil/contract';
import { ConfigError, loadConfig, MAX_SOCKET_HEARTBEAT_MS } from './config.js';

/** The ConfigError `env` raises (fails the test when it loads). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('starts with defaults on an empty environment, in the units the code uses', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      sessionIdleMs: 12 * 3_600_000,
      mobileSessionMs: 30 * 24 * 3_600_000,
      loginRateMax: 10,
      loginRateWindowMs: 300_000,
      socketHeartbeatMs: 15_000,
      dispatchIntervalMs: 25,
      supervisionIntervalMs: 30_000,
      timerCheckMs: 5_000,
      exportConnections: 3,
      logLevel: 'info',
      secureCookies: false,
    });
  });

  it('reads given values and converts minutes and days to ms; an empty value means unset', () => {
    const c = loadConfig({
      SESSION_IDLE_MINUTES: '30',
      MOBILE_SESSION_DAYS: '7',
      SOCKET_HEARTBEAT_MS: '300',
      TIMER_CHECK_MS: '',
      EXPORT_CONNECTIONS: '5',
      PUBLIC_URL: 'https://vigil.example.org',
    });
    expect(c.sessionIdleMs).toBe(30 * 60_000);
    expect(c.mobileSessionMs).toBe(7 * 24 * 3_600_000);
    expect(c.socketHeartbeatMs).toBe(300);
    expect(c.timerCheckMs).toBe(5_000);
    expect(c.exportConnections).toBe(5);
    expect(c.secureCookies).toBe(true);
  });

  it.each([
    ['SESSION_IDLE_MINUTES', '0', 'SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 43200 (got "0")'],
    ['SESSION_IDLE_MINUTES', 'twelve', 'SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 43200 (got "twelve")'],
    ['LOGIN_RATE_WINDOW_MS', '1.5', 'LOGIN_RATE_WINDOW_MS must be a whole number of ms from 1000 to 86400000 (got "1.5")'],
    ['DISPATCH_INTERVAL_MS', '5000', 'DISPATCH_INTERVAL_MS must be a whole number of ms from 0 to 1000 (got "5000")'],
    ['EXPORT_CONNECTIONS', '0', 'EXPORT_CONNECTIONS must be a whole number of connections from 1 to 50 (got "0")'],
    ['MOBILE_SESSION_DAYS', '400', 'MOBILE_SESSION_DAYS must be a whole number of days from 1 to 365 (got "400")'],
    ['TIMER_CHECK_MS', '-1', 'TIMER_CHECK_MS must be a whole number of ms from 500 to 60000 (got "-1")'],
    ['SUPERVISION_INTERVAL_MS', '10', 'SUPERVISION_INTERVAL_MS must be a whole number of ms from 1000 to 600000 (got "10")'],
    ['PORT', '70000', 'PORT must be a whole number of port from 0 to 65535 (got "70000")'],
  ])('refuses %s=%s with a message naming the variable and its bounds', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('refuses a heartbeat the console would take for a dead socket, and says why', () => {
    expect(MAX_SOCKET_HEARTBEAT_MS * 2).toBeLessThanOrEqual(SOCKET_DEAD_AFTER_MS);
    expect(loadConfig({ SOCKET_HEARTBEAT_MS: String(MAX_SOCKET_HEARTBEAT_MS) }).socketHeartbeatMs).toBe(MAX_SOCKET_HEARTBEAT_MS);
    for (const value of [MAX_SOCKET_HEARTBEAT_MS + 1, SOCKET_DEAD_AFTER_MS, 60_000]) {
      const [problem, ...more] = problemsOf({ SOCKET_HEARTBEAT_MS: String(value) });
      expect(more).toEqual([]);
      expect(problem).toBe(
        `SOCKET_HEARTBEAT_MS must be a whole number of ms from 100 to ${MAX_SOCKET_HEARTBEAT_MS}: the console treats a socket silent for ` +
          `${SOCKET_DEAD_AFTER_MS} ms as dead and reconnects, so a heartbeat must come at least twice in that time (got "${value}")`,
      );
    }
  });

  it('lists every bad variable at once in one error', () => {
    let error: unknown;
    try {
      loadConfig({ LOGIN_RATE_MAX: 'x', SOCKET_HEARTBEAT_MS: '50', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message, problems } = error as ConfigError;
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['LOGIN_RATE_MAX', 'LOG_LEVEL', 'SOCKET_HEARTBEAT_MS']);
    expect(message.split('\n')).toEqual(['Invalid configuration:', ...problems.map((p) => `  ${p}`)]);
  });

  it('never echoes a URL, which may carry a password or key', () => {
    const [problem, ...more] = problemsOf({ GEOCODER_URL: 'ftp://user:secret@geo.example.org' });
    expect(more).toEqual([]);
    expect(problem).toMatch(/^GEOCODER_URL /);
    expect(problem).not.toContain('secret');
  });

  it('reads the recordings bucket settings; they go together, and the secret is never echoed', () => {
    expect(loadConfig({}).recordingsS3).toBeUndefined();
    const c = loadConfig({
      RECORDINGS_S3_BUCKET: 'vigil-recordings',
      RECORDINGS_S3_ENDPOINT: 'http://127.0.0.1:9000',
      RECORDINGS_S3_ACCESS_KEY_ID: 'key',
      RECORDINGS_S3_SECRET_ACCESS_KEY: 'secret',
      RECORDINGS_S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.recordingsS3).toEqual({
      bucket: 'vigil-recordings',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      retryMs: 30_000,
    });
    // Without a key pair: the SDK's default credentials; AWS S3 without an endpoint.
    expect(loadConfig({ RECORDINGS_S3_BUCKET: 'vigil-recordings', RECORDINGS_S3_REGION: 'eu-central-1' }).recordingsS3).toMatchObject({
      endpoint: undefined,
      region: 'eu-central-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(problemsOf({ RECORDINGS_S3_BUCKET: 'Bad_Bucket' })).toEqual([
      'RECORDINGS_S3_BUCKET must be an S3 bucket name (3 to 63 lower-case letters, digits, dots and hyphens) (got "Bad_Bucket")',
    ]);
    expect(problemsOf({ RECORDINGS_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'RECORDINGS_S3_ENDPOINT needs RECORDINGS_S3_BUCKET (the bucket of the recordings)',
    ]);
    const [half, ...more] = problemsOf({ RECORDINGS_S3_BUCKET: 'vigil-recordings', RECORDINGS_S3_SECRET_ACCESS_KEY: 'secret' });
    expect(more).toEqual([]);
    expect(half).toMatch(/^RECORDINGS_S3_ACCESS_KEY_ID must be set with the other half/);
    expect(half).not.toContain('secret"');
    expect(problemsOf({ RECORDINGS_S3_BUCKET: 'vigil-recordings', RECORDINGS_S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      'RECORDINGS_S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    ]);
    expect(problemsOf({ RECORDINGS_S3_BUCKET: 'vigil-recordings', RECORDINGS_S3_RETRY_MS: '10' })[0]).toMatch(
      /^RECORDINGS_S3_RETRY_MS must be a whole number of ms from 500 to 3600000/,
    );
    const [endpoint] = problemsOf({ RECORDINGS_S3_BUCKET: 'vigil-recordings', RECORDINGS_S3_ENDPOINT: 'ftp://user:secret@s3.example.org' });
    expect(endpoint).toMatch(/^RECORDINGS_S3_ENDPOINT /);
    expect(endpoint).not.toContain('secret');
  });
});
