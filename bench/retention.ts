/**
 * Retention benchmark (docs/OPERATIONS.md "Retention"): trims a year of `seed:scale` history down
 * to RETENTION days while mobile alarms keep flowing, and prints the time, the rows archived and
 * removed, and the alarms' latency (POST /api/mobile/alarm → the event on an operator's socket)
 * before and during the trim. PostgreSQL only; the data goes to a scratch database that is dropped.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/retention.ts \
 *     [--branches 500] [--employees 5000] [--days 365] [--keep-days 30] [--rate 20]
 * (`--branches 5000 --employees 50000` is the full scale of about 30 million events: tens of minutes here.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ApiClient, SocketClient, mobileLogin, seedScale, startServerOn, trimHistory } from '@vigil/server/testing';
import { scratchDatabase } from './scratch-db.js';

const { values } = parseArgs({
  options: {
    branches: { type: 'string', default: '500' },
    employees: { type: 'string', default: '5000' },
    days: { type: 'string', default: '365' },
    'keep-days': { type: 'string', default: '30' },
    rate: { type: 'string', default: '20' },
  },
});
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!base) throw new Error('Set BENCH_DATABASE_URL (a PostgreSQL database on the server to use)');

const pct = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const fmt = (list: number[]) =>
  `n=${list.length} p50=${pct(list, 50).toFixed(1)} ms p99=${pct(list, 99).toFixed(1)} ms max=${Math.max(...list).toFixed(1)} ms`;

const scratch = await scratchDatabase(base, 'vigil_bench_retention');
const archiveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-archive-'));
try {
  const t0 = performance.now();
  await seedScale(scratch.url, {
    branches: Number(values.branches),
    employees: Number(values.employees),
    days: Number(values.days),
    orgs: Math.max(1, Math.round(Number(values.branches) / 100)),
    reset: false,
  });
  console.log(`seeded ${values.branches} branches × ${values.days} days in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const server = await startServerOn({ databaseUrl: scratch.url }, { LOGIN_RATE_MAX: '1000' });
  const [{ n: before }] = (await server.database.pool!.query<{ n: number }>('select count(*)::int as n from events')).rows as [
    { n: number },
  ];

  const c = new ApiClient(server.baseUrl);
  const infos = ((await c.login('operator@example.com')).json.body as { UserInfos: { Token: string; UserId: number } }).UserInfos;
  const socket = await SocketClient.connect(server.baseUrl, infos.Token, infos.UserId);
  const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
  const b = staff.Branches[0]!;
  const sentAt = new Map<number, number>();
  const latencies: { during: boolean; ms: number }[] = [];
  let trimming = false;
  let stop = false;
  const seen = new Set<number>();
  const poll = setInterval(() => {
    for (const e of socket.events) {
      if (seen.has(e.id) || !sentAt.has(e.id)) continue;
      seen.add(e.id);
      latencies.push({ during: trimming, ms: performance.now() - sentAt.get(e.id)! });
    }
  }, 2);
  const interval = 1000 / Number(values.rate);
  const sender = (async () => {
    while (!stop) {
      const at = performance.now();
      const r = await staff.call<{ NotificationId: number }>('alarm', {
        branchOfficeId: b.BranchOfficeId,
        type: 'PANIC',
        latitude: b.Latitude,
        longitude: b.Longitude,
      });
      if (r.status === 200) sentAt.set(r.json.body!.NotificationId, at);
      await new Promise((res) => setTimeout(res, Math.max(0, interval - (performance.now() - at))));
    }
  })();

  await new Promise((r) => setTimeout(r, 5_000));
  trimming = true;
  const t1 = performance.now();
  const result = await trimHistory(server.database.db, { days: Number(values['keep-days']), archiveDir });
  const trimMs = performance.now() - t1;
  trimming = false;
  await new Promise((r) => setTimeout(r, 2_000));
  stop = true;
  await sender;
  clearInterval(poll);
  socket.close();
  const removed = Object.values(result.removed).reduce((a, b2) => a + b2, 0);
  const archiveBytes = fs.readdirSync(archiveDir).reduce((s, f) => s + fs.statSync(path.join(archiveDir, f)).size, 0);
  console.log(`events before: ${before}`);
  console.log(
    `trim to ${values['keep-days']} days: ${(trimMs / 1000).toFixed(1)} s, ${removed} rows removed (${JSON.stringify(result.removed)}), ${result.batches} batches, ${(removed / (trimMs / 1000)).toFixed(0)} rows/s, archive ${(archiveBytes / 1e6).toFixed(1)} MB`,
  );
  console.log(`alarm latency before/after the trim: ${fmt(latencies.filter((l) => !l.during).map((l) => l.ms))}`);
  console.log(`alarm latency during the trim:      ${fmt(latencies.filter((l) => l.during).map((l) => l.ms))}`);
  const lost = [...sentAt.keys()].filter((id) => !seen.has(id));
  console.log(`alarms answered: ${sentAt.size}, reached the console: ${seen.size}, lost: ${lost.length}`);
  await server.close();
} finally {
  await scratch.release();
  fs.rmSync(archiveDir, { recursive: true, force: true });
}
