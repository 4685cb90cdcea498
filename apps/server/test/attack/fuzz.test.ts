/**
 * Fuzz attack (issue 12): generated malformed bodies (fast-check) to every registered route, for
 * every session kind; fails on any 5xx and on any change to the third organisation's data. The
 * seed is printed (FUZZ_SEED=<n> replays it); FUZZ_RUNS sets the bodies per route and session
 * (bench/fuzz.ts sends 100,000 in all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type TestServer } from '../helpers.js';
import { fuzzRoutes, openSessions, snapshotThird, startAttackServer, type Session, type ThirdOrganization } from './harness.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

describe.each(DB_KINDS)('fuzz attack on every route (%s)', (kind) => {
  let server: TestServer;
  let third: ThirdOrganization;
  let sessions: Session[];
  beforeAll(async () => {
    ({ server, third } = await startAttackServer(kind));
    sessions = await openSessions(server);
  }, 120_000);
  afterAll(async () => server?.close());

  it('answers no 5xx to generated malformed bodies, and no session but the platform admin changes another organisation', async () => {
    console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${RUNS} bodies per route and session`);
    const before = await snapshotThird(server, third);
    const result = await fuzzRoutes(
      server,
      sessions.filter((s) => s.kind !== 'admin'),
      third,
      { seed: SEED, runs: RUNS },
    );
    console.log(`fuzz: ${result.requests} requests, ${result.serverErrors.length} × 5xx, ${result.ms} ms`);
    expect(result.serverErrors.slice(0, 10)).toEqual([]);
    expect(result.resets.slice(0, 10)).toEqual([]);
    expect(await snapshotThird(server, third)).toBe(before);
    // The platform admin may change anything; its requests must still never fail with a 5xx.
    const admin = await fuzzRoutes(
      server,
      sessions.filter((s) => s.kind === 'admin'),
      third,
      { seed: SEED + 7, runs: RUNS },
    );
    expect(admin.serverErrors.slice(0, 10)).toEqual([]);
    expect(admin.resets.slice(0, 10)).toEqual([]);
    // The server still answers, and a panic is still recorded.
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
  }, 170_000);
});
