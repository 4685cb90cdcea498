/**
 * Fuzz benchmark (issue 12): 100,000 generated malformed requests (fast-check, the attack test's
 * generators) to every registered route, for every session kind (none, mobile, each web role,
 * the platform admin), on a server with the demo data plus a third organisation. Prints the
 * count, the 5xx count, the time, and whether the third organisation's data changed under a
 * session other than the platform admin's. Exit code 1 on any 5xx or change.
 *
 *   npx tsx bench/fuzz.ts [--cases 100000] [--seed <n>] [--concurrency 4]
 *   BENCH_DATABASE_URL=… is not used: PGlite (in-process), or TEST_DATABASE_URL for PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { SESSION_ENDING, fuzzRoutes, openSessions, registeredRoutes, snapshotThird, startAttackServer } from '@vigil/server/testing';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
  },
});
const cases = Number(values.cases);
const seed = Number(values.seed ?? Date.now() % 1_000_000);
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const { server, third } = await startAttackServer(kind);
try {
  const sessions = await openSessions(server);
  const routes = registeredRoutes(server);
  const others = sessions.filter((s) => s.kind !== 'admin');
  const admins = sessions.filter((s) => s.kind === 'admin');
  // Bodies per route and session so that the total reaches `cases` (session-ending calls go without a session only).
  const pairs = routes.reduce((n, r) => n + (SESSION_ENDING.test(r.url) ? 1 : sessions.length), 0);
  const runs = Math.max(1, Math.ceil(cases / pairs));
  console.log(`fuzz: ${routes.length} routes × ${sessions.length} sessions × ${runs} bodies, seed ${seed}, ${kind}`);
  const before = await snapshotThird(server, third);
  const a = await fuzzRoutes(server, others, third, { seed, runs, concurrency: Number(values.concurrency) });
  const changed = (await snapshotThird(server, third)) !== before;
  const b = await fuzzRoutes(server, admins, third, { seed: seed + 7, runs, concurrency: Number(values.concurrency) });
  const requests = a.requests + b.requests;
  const errors = [...a.serverErrors, ...b.serverErrors];
  const resets = [...a.resets, ...b.resets];
  const ms = a.ms + b.ms;
  console.log(`requests ${requests}, 5xx ${errors.length}, time ${(ms / 1000).toFixed(1)} s (${Math.round((requests / ms) * 1000)} req/s)`);
  console.log(`connections closed without an answer: ${resets.length}`);
  for (const r of resets.slice(0, 20)) console.log(`  reset ${r.route} as ${r.session}, ${r.bytes} bytes sent: ${r.error}`);
  console.log(`third organisation changed by a non-admin session: ${changed ? 'YES' : 'no'}`);
  for (const e of errors.slice(0, 20)) console.log(`  5xx ${e.status} ${e.route} as ${e.session}: ${e.body}`);
  process.exitCode = errors.length || resets.length || changed ? 1 : 0;
} finally {
  await server.close();
}
