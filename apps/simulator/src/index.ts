/**
 * Vigil mobile-client simulator: plays branch staff over the mobile HTTP API only, like the real
 * app. Branches open, get serviced and close in compressed time (mostly on time, some late, a few
 * not opened), staff check in and out with GPS jitter (some outside the geofence), lone-worker
 * timers run with pings (some lapse), and panics, duress, troubles and alarms happen at
 * configurable rates.
 *
 *   npm run simulate -- --url http://127.0.0.1:8080 --speed 60 --duration 300
 */
import { parseArgs } from 'node:util';
import { ConsoleClient, MobileClient, type MobileBranch } from './client.js';

const HELP = `Usage: npm run simulate -- [options]

  --url URL          server address (default http://127.0.0.1:8080, or PUBLIC_URL / PORT)
  --speed N          time factor: one real second plays N simulated seconds (default 60)
  --duration S       seconds of real time, then exit 0 (default 0 = until Ctrl+C)
  --discover EMAIL   console account that sees the branches to simulate (default dealer@example.com)
  --password P       password of the discovery and mobile accounts (default Vigil-demo-2026)
  --pin PIN          mobile PIN (default 1234); --duress-code CODE panic code (default 9999)
  --branches N       simulate at most N branches (default 40)
  --panic R          panics per branch per simulated day (default 0.02)
  --duress R         duress openings per branch per simulated day (default 0.01)
  --trouble R        troubles per branch per simulated day (default 0.05)
  --alarm R          alarms per branch per simulated day (default 0.03)
  --late P           share of openings that are late (default 0.1); --missed P not opened (default 0.03)
  --seed N           random seed (default: time)
  --quiet            print only errors and the summary
  --help             this text
`;

const { values: a } = parseArgs({
  options: {
    url: { type: 'string' },
    speed: { type: 'string', default: '60' },
    duration: { type: 'string', default: '0' },
    discover: { type: 'string', default: 'dealer@example.com' },
    password: { type: 'string', default: 'Vigil-demo-2026' },
    pin: { type: 'string', default: '1234' },
    duress: { type: 'string', default: '0.01' },
    'duress-code': { type: 'string', default: '9999' },
    branches: { type: 'string', default: '40' },
    panic: { type: 'string', default: '0.02' },
    trouble: { type: 'string', default: '0.05' },
    alarm: { type: 'string', default: '0.03' },
    late: { type: 'string', default: '0.1' },
    missed: { type: 'string', default: '0.03' },
    seed: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (a.help) {
  console.log(HELP);
  process.exit(0);
}
const num = (v: string | undefined, name: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`simulator: --${name} must be a non-negative number`);
    process.exit(2);
  }
  return n;
};
const port = Number(process.env.PORT ?? 8080);
const url = (a.url ?? process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
const speed = Math.max(1, num(a.speed, 'speed'));
const duration = num(a.duration, 'duration');
const DAY = 86_400;
const rate = {
  panic: num(a.panic, 'panic'),
  duress: num(a.duress, 'duress'),
  trouble: num(a.trouble, 'trouble'),
  alarm: num(a.alarm, 'alarm'),
};
const late = num(a.late, 'late');
const missed = num(a.missed, 'missed');

/** mulberry32 PRNG, seeded for reproducible runs. */
let seed = (a.seed ? Number(a.seed) : Date.now()) >>> 0;
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const log = (...m: unknown[]) => {
  if (!a.quiet) console.log('simulator:', ...m);
};
const counts: Record<string, number> = {};
const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);

/** Waits for GET /healthz. */
async function waitForServer(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

interface SimBranch {
  branch: MobileBranch;
  staff: MobileClient;
  state: 'closed' | 'open' | 'service';
  /** Simulated seconds until the next state change. */
  next: number;
  checkInId?: number;
  timerId?: number;
  timerStopAt?: number;
}

/** Discovers branches and their mobile staff through the console API, then signs the staff in. */
async function discover(): Promise<SimBranch[]> {
  const web = new ConsoleClient(url);
  await web.login(a.discover!, a.password!);
  const orgs = await web.post<{ organizationobject: { BranchOfficeId: number; Name: string }[] }>('/api/client/getofficesv2', {
    case: 'GET-ALL-BRANCH-OFFICES',
  });
  const max = num(a.branches, 'branches');
  const sims: SimBranch[] = [];
  const clients = new Map<string, MobileClient>();
  for (const b of orgs.organizationobject) {
    if (sims.length >= max) break;
    const people = await web.post<{ userobject: { Email: string; RoleId: number; StatusId: number }[] }>('/api/client/getbranchemployees', {
      param_branchid: b.BranchOfficeId,
    });
    const person =
      people.userobject.find((u) => u.StatusId === 1 && [7, 6].includes(u.RoleId)) ??
      people.userobject.find((u) => u.StatusId === 1 && [9, 10, 11, 13].includes(u.RoleId));
    if (!person) continue;
    let client = clients.get(person.Email);
    if (!client) {
      client = new MobileClient(url, person.Email);
      try {
        await client.login(a.password!);
      } catch (err) {
        log(String(err));
        continue;
      }
      clients.set(person.Email, client);
    }
    const branch = client.branches.find((x) => x.BranchOfficeId === b.BranchOfficeId);
    if (!branch) continue;
    sims.push({ branch, staff: client, state: 'closed', next: random() * 3600 });
  }
  return sims;
}

/** A position near the branch: within the geofence, or (sometimes) a few hundred metres out. */
function jitter(b: MobileBranch, outside: boolean) {
  const metres = outside ? b.GeofenceRadius * (2 + random() * 3) : b.GeofenceRadius * random() * 0.5;
  const angle = random() * 2 * Math.PI;
  const lat = (b.Latitude ?? 0) + (metres * Math.cos(angle)) / 111_320;
  const lng = (b.Longitude ?? 0) + (metres * Math.sin(angle)) / (111_320 * Math.cos(((b.Latitude ?? 0) * Math.PI) / 180));
  return { latitude: lat, longitude: lng, horizontalAccuracy: 5 + random() * 25 };
}

async function step(s: SimBranch, dt: number) {
  const id = s.branch.BranchOfficeId;
  const where = jitter(s.branch, false);
  for (const [type, perDay] of Object.entries(rate)) {
    if (type === 'duress') continue;
    if (random() < (perDay * dt) / DAY) {
      const r = await s.staff.call('alarm', {
        branchOfficeId: id,
        type: type.toUpperCase(),
        latitude: where.latitude,
        longitude: where.longitude,
      });
      count(type);
      log(`${type} at ${s.branch.Name} (${r.status})`);
    }
  }
  if (s.timerId && s.timerStopAt !== undefined && Date.now() >= s.timerStopAt) {
    await s.staff.call('timer/stop', { timerId: s.timerId, pin: a.pin });
    s.timerId = undefined;
    count('timer-stop');
  } else if (s.timerId && random() < 0.2) {
    await s.staff.call('timer/ping', { timerId: s.timerId, ...jitter(s.branch, false) });
  }
  s.next -= dt;
  if (s.next > 0) return;
  if (s.state === 'closed') {
    if (random() < missed) {
      s.next = 12 * 3600; // not opened today
      count('not-opened');
      return;
    }
    const code = random() < rate.duress / 10 ? a['duress-code']! : a.pin!;
    const r = await s.staff.call('branchaction', { branchOfficeId: id, action: 'OPEN', pin: code, ...where });
    count(code === a.pin ? 'open' : 'duress-open');
    log(`open ${s.branch.Name}${random() < late ? ' (late)' : ''} (${r.status})`);
    const ci = await s.staff.call<{ CheckInId: number }>('checkin', { branchOfficeId: id, ...jitter(s.branch, random() < 0.1) });
    if (ci.status === 200) s.checkInId = ci.body!.CheckInId;
    else count('checkin-refused');
    if (random() < 0.3) {
      const lapse = random() < 0.15;
      const t = await s.staff.call<{ TimerId: number }>('timer/start', {
        timerForAction: 'Cash handling',
        durationSeconds: 60,
        branchOfficeId: id,
        ...where,
      });
      if (t.status === 200) {
        s.timerId = t.body!.TimerId;
        s.timerStopAt = lapse ? Number.POSITIVE_INFINITY : Date.now() + 20_000 + random() * 30_000;
        count(lapse ? 'timer-lapsing' : 'timer');
      }
    }
    s.state = 'open';
    s.next = 8 * 3600 * (0.9 + random() * 0.2);
  } else if (s.state === 'open' && random() < 0.15) {
    await s.staff.call('branchaction', { branchOfficeId: id, action: 'SERVICE', pin: a.pin, ...where });
    count('service');
    s.state = 'service';
    s.next = 1800;
  } else {
    await s.staff.call('branchaction', { branchOfficeId: id, action: 'CLOSE', pin: a.pin, ...where });
    if (s.checkInId) await s.staff.call('checkout', { checkInId: s.checkInId, ...jitter(s.branch, false) });
    s.checkInId = undefined;
    count('close');
    log(`close ${s.branch.Name}`);
    s.state = 'closed';
    s.next = 16 * 3600 * (0.9 + random() * 0.2);
  }
}

if (!(await waitForServer())) {
  console.error(`simulator: the server at ${url} did not answer /healthz`);
  process.exit(1);
}
const sims = await discover();
log(`playing ${sims.length} branches at ${speed}x against ${url}${duration ? ` for ${duration} s` : ''}`);
console.log(`\nvigil demo: open ${url}/login — every demo account uses the password Vigil-demo-2026 (see README.md).\n`);

const started = Date.now();
let stopping = false;
process.on('SIGINT', () => (stopping = true));
process.on('SIGTERM', () => (stopping = true));
while (!stopping && (!duration || Date.now() - started < duration * 1000)) {
  const tickStart = Date.now();
  for (const s of sims) {
    try {
      await step(s, speed);
    } catch (err) {
      console.error('simulator:', String(err));
    }
    if (stopping) break;
  }
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tickStart))));
}
console.log(`simulator: done after ${Math.round((Date.now() - started) / 1000)} s:`, JSON.stringify(counts));
process.exit(0);
