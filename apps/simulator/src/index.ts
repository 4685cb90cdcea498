/**
 * Vigil mobile-client simulator: plays branch staff over the mobile HTTP API only, like the real
 * app. Branches open, get serviced and close (mostly on time, some late, a few not opened) either
 * in compressed time (`--speed`) or, with `--clock local` (the demo), each at its own schedule in
 * its own local time at real time with event rates raised by `--boost` (local-day.ts), staff check in and out with GPS jitter (some outside the geofence), lone-worker
 * timers run with pings (some lapse), the opening and closing task lists that come with the branch
 * action are worked through item by item (realistic durations, the odd late item, the odd task
 * abandoned paused), panics, duress, troubles and alarms happen at configurable rates, and the
 * staff answer ENS messages a few seconds after they arrive (ens-staff.ts: mostly "I am safe",
 * now and then "I need help").
 *
 *   npm run simulate -- --url http://127.0.0.1:8080 --speed 60 --duration 300
 *
 * `npm run simulate -- chat …` plays one mobile user chatting with the security office (chat.ts);
 * `npm run simulate -- call --url URL --email EMAIL [--seconds S]` one mobile user's video call (call.ts);
 * `npm run simulate -- ens-inbox --url URL --email EMAIL [--reply safe|help] [--timeout S]` one mobile user's ENS inbox.
 */
import { parseArgs } from 'node:util';
import { ConsoleClient, MobileClient, type MobileBranch } from './client.js';
import { runChat } from './chat.js';
import { runCall } from './call.js';
import { ensInbox } from './ens-inbox.js';
import { startEnsResponder } from './ens-staff.js';
import { currentOrNextPeriod, secondsUntil, type LocalSchedule } from './local-day.js';
import { demoCallsBlocked, startDemoCalls } from './demo-calls.js';

if (process.argv[2] === 'chat') process.exit(await runChat(process.argv.slice(3)));
if (process.argv[2] === 'call') process.exit(await runCall(process.argv.slice(3)));
// `ens-inbox`: one mobile user's ENS inbox (ens-inbox.ts); everything else is the branch simulation.
if (process.argv[2] === 'ens-inbox') await ensInbox(process.argv.slice(3));

const HELP = `Usage: npm run simulate -- [options]

  --url URL          server address (default http://127.0.0.1:8080, or PUBLIC_URL / PORT)
  --speed N          time factor: one real second plays N simulated seconds (default 60)
  --clock local      play each branch's current local day at real time by its week schedule
                     (--speed is then 1); without it a whole day passes in 24 minutes at 60x
  --boost N          with --clock local: panics, troubles, alarms and chats N times as often (default 30)
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
  --chat R           demo chats started per simulated day over all branches (default 2)
  --ens-staff N      staff signed in to answer ENS messages, besides the branch staff (default 60)
  --ens-help P       share of ENS answers that are "I need help" (default 0.1)
  --calls MIN        a demo video call by a branch employee every MIN to 2×MIN real minutes
                     (default 10; 0 = none); only when a Chromium is found (CHROMIUM_PATH)
  --help             this text

  npm run simulate -- chat --help   one mobile user's chat with the security office
  npm run simulate -- call --help   one mobile user's video call to the security office
`;

const { values: a } = parseArgs({
  options: {
    url: { type: 'string' },
    speed: { type: 'string', default: '60' },
    clock: { type: 'string', default: 'compressed' },
    boost: { type: 'string', default: '30' },
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
    chat: { type: 'string', default: '2' },
    'ens-staff': { type: 'string', default: '60' },
    'ens-help': { type: 'string', default: '0.1' },
    calls: { type: 'string', default: '10' },
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
if (a.clock !== 'local' && a.clock !== 'compressed') {
  console.error('simulator: --clock must be local or compressed');
  process.exit(2);
}
/** Real time by each branch's schedule (local-day.ts) instead of compressed days. */
const localClock = a.clock === 'local';
const speed = localClock ? 1 : Math.max(1, num(a.speed, 'speed'));
/** Factor on the per-day event rates: the demo's real-time day would be too quiet otherwise. */
const boost = localClock ? num(a.boost, 'boost') : 1;
const duration = num(a.duration, 'duration');
const DAY = 86_400;
/** Roles that use the mobile app (contract RoleGroup.Mobile). */
const MOBILE_ROLES = [6, 7, 9, 10, 11, 13];
const rate = {
  panic: num(a.panic, 'panic') * boost,
  duress: num(a.duress, 'duress') * boost,
  trouble: num(a.trouble, 'trouble') * boost,
  alarm: num(a.alarm, 'alarm') * boost,
};
const chatRate = num(a.chat, 'chat') * boost;
const late = num(a.late, 'late');
const missed = num(a.missed, 'missed');
const ensStaff = num(a['ens-staff'], 'ens-staff');
const ensHelp = Math.min(1, num(a['ens-help'], 'ens-help'));
const callMinutes = num(a.calls, 'calls');

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
  /** With --clock local: the branch's zone, week schedule and holidays. */
  schedule?: LocalSchedule;
  /** Simulated seconds until the next state change. */
  next: number;
  checkInId?: number;
  timerId?: number;
  timerStopAt?: number;
  /** The task list being worked through: its items in order, the next one, simulated seconds until it is done. */
  task?: { id: number; items: { id: number; secs: number }[]; index: number; wait: number };
}

/** The task list that came with a branch action (`Task` of its answer), as the staff will work through it. */
interface ActionTask {
  TaskId: number;
  Status: string;
  items: { TemplateDetailsAutoId: number; TimeInterval: number; Done: boolean }[];
}

/** Simulated seconds an item takes: 60–130 % of its expected time, one in ten 2–3 times it (late). */
function itemSeconds(expected: number): number {
  const base = Math.max(expected, 30);
  return random() < 0.1 ? base * (2 + random()) : base * (0.6 + random() * 0.7);
}

/** Starts working through the list of a branch action; one in thirty is abandoned (paused, never finished). */
async function takeTask(s: SimBranch, task: ActionTask | null | undefined) {
  if (!task || task.Status !== 'RUNNING') return;
  if (random() < 0.03) {
    await s.staff.call('task/pause', { TaskId: task.TaskId });
    count('task-abandoned');
    return;
  }
  const items = task.items.filter((i) => !i.Done).map((i) => ({ id: i.TemplateDetailsAutoId, secs: itemSeconds(i.TimeInterval) }));
  if (items.length) s.task = { id: task.TaskId, items, index: 0, wait: items[0]!.secs };
}

/** Checks the next item of the running list when its time has come. */
async function workTask(s: SimBranch, dt: number) {
  const t = s.task;
  if (!t) return;
  t.wait -= dt;
  if (t.wait > 0) return;
  const item = t.items[t.index]!;
  const r = await s.staff.call('task/item', { TaskId: t.id, TemplateDetailsAutoId: item.id, action: 'DONE' });
  count(r.status === 200 ? 'task-item' : 'task-item-refused');
  t.index += 1;
  if (r.status !== 200 || t.index >= t.items.length) {
    if (r.status === 200) count('task-done');
    s.task = undefined;
    return;
  }
  t.wait = t.items[t.index]!.secs;
}

/**
 * Discovers branches and their mobile staff through the console API, then signs the staff in: one
 * member per branch plays the branch; up to --ens-staff more active mobile users of those branches
 * sign in only to answer ENS messages (`responders` holds both).
 */
async function discover(): Promise<{ sims: SimBranch[]; responders: MobileClient[] }> {
  const web = new ConsoleClient(url);
  await web.login(a.discover!, a.password!);
  const orgs = await web.post<{ organizationobject: { BranchOfficeId: number; Name: string }[] }>('/api/client/getofficesv2', {
    case: 'GET-ALL-BRANCH-OFFICES',
  });
  const max = num(a.branches, 'branches');
  const sims: SimBranch[] = [];
  const clients = new Map<string, MobileClient>();
  const others = new Set<string>();
  for (const b of orgs.organizationobject) {
    if (sims.length >= max) break;
    const people = await web.post<{ userobject: { Email: string; RoleId: number; StatusId: number }[] }>('/api/client/getbranchemployees', {
      param_branchid: b.BranchOfficeId,
    });
    const person =
      people.userobject.find((u) => u.StatusId === 1 && [7, 6].includes(u.RoleId)) ??
      people.userobject.find((u) => u.StatusId === 1 && [9, 10, 11, 13].includes(u.RoleId));
    for (const u of people.userobject) {
      if (u.StatusId === 1 && MOBILE_ROLES.includes(u.RoleId) && u !== person) others.add(u.Email);
    }
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
    const schedule = localClock ? await readSchedule(web, branch) : undefined;
    sims.push({ branch, staff: client, state: 'closed', next: schedule ? firstOpening(schedule) : random() * 3600, schedule });
  }
  const responders = [...clients.values()];
  for (const email of others) {
    if (responders.length - clients.size >= ensStaff) break;
    if (clients.has(email)) continue;
    const client = new MobileClient(url, email);
    try {
      await client.login(a.password!);
      responders.push(client);
    } catch (err) {
      log(String(err));
    }
  }
  return { sims, responders };
}

/** The branch's week schedule and holidays (getbranchbyidv2), for --clock local. */
async function readSchedule(web: ConsoleClient, branch: MobileBranch): Promise<LocalSchedule> {
  const r = await web.post<{
    branchofficeobject: { WeekSchedule?: LocalSchedule['week']; HolidaysTemplate?: { day: string }[] };
  }>('/api/client/getbranchbyidv2', { case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID', branchOfficeId: branch.BranchOfficeId });
  return {
    zone: branch.BranchTimeZone ?? 'UTC',
    week: r.branchofficeobject.WeekSchedule ?? [],
    holidays: (r.branchofficeobject.HolidaysTemplate ?? []).map((h) => h.day),
  };
}

/**
 * Seconds until a branch opens, with --clock local: a branch inside its opening hours now opens
 * within two minutes of the start; otherwise at its next opening time, one in --late up to 45
 * minutes late, the rest within four minutes.
 */
function firstOpening(s: LocalSchedule, now = Date.now()): number {
  const p = currentOrNextPeriod(s, now);
  if (!p) return 7 * 86_400;
  if (p.opensAt <= now) return random() * 120;
  return openingDelay(p.opensAt, now);
}

function openingDelay(opensAt: number, now: number): number {
  return secondsUntil(opensAt, now) + (random() < late ? 600 + random() * 2100 : random() * 240);
}

/** With --clock local: seconds until the branch's next opening after the current period. */
function nextOpening(s: LocalSchedule, now = Date.now()): number {
  const p = currentOrNextPeriod(s, now);
  if (!p) return 7 * 86_400;
  // Inside a period that has already been played (closed early, or not opened): take the next one.
  const q = p.opensAt <= now ? currentOrNextPeriod(s, p.closesAt + 1) : p;
  return q ? openingDelay(q.opensAt, now) : 7 * 86_400;
}

/** With --clock local: seconds until the branch closes, a few minutes either side of its time. */
function closingDelay(s: LocalSchedule, now = Date.now()): number {
  const p = currentOrNextPeriod(s, now);
  if (!p || p.opensAt > now) return 60;
  return secondsUntil(p.closesAt, now) + (random() * 600 - 180);
}

/** A position near the branch: within the geofence, or (sometimes) a few hundred metres out. */
function jitter(b: MobileBranch, outside: boolean) {
  const metres = outside ? b.GeofenceRadius * (2 + random() * 3) : b.GeofenceRadius * random() * 0.5;
  const angle = random() * 2 * Math.PI;
  const lat = (b.Latitude ?? 0) + (metres * Math.cos(angle)) / 111_320;
  const lng = (b.Longitude ?? 0) + (metres * Math.sin(angle)) / (111_320 * Math.cos(((b.Latitude ?? 0) * Math.PI) / 180));
  return { latitude: lat, longitude: lng, horizontalAccuracy: 5 + random() * 25 };
}

/**
 * After opening, the staff answer the surveys offered to them at the branch (docs/API.md "Mobile:
 * surveys"): one option per question in order; an option that ends with notification is chosen
 * rarely (2 %) and ends the survey there.
 */
async function answerSurveys(s: SimBranch, where: { latitude?: number; longitude?: number }) {
  type Offered = {
    SurveyId: number;
    Questions: { QuestionId: number; Answers: { Option: string; EndSurveyWithNotification?: boolean }[] }[];
    BranchOffices: { BranchOfficeId: number }[];
  };
  const list = await s.staff.get<{ surveys: Offered[] }>('surveys');
  for (const sv of list.body?.surveys ?? []) {
    if (!sv.BranchOffices.some((b) => b.BranchOfficeId === s.branch.BranchOfficeId)) continue;
    const answers: { QuestionId: number; Answer: string }[] = [];
    for (const q of sv.Questions) {
      const ending = q.Answers.filter((o) => o.EndSurveyWithNotification);
      const calm = q.Answers.filter((o) => !o.EndSurveyWithNotification);
      const pick = ending.length && (random() < 0.02 || calm.length === 0) ? ending[0]! : calm[Math.floor(random() * calm.length)]!;
      answers.push({ QuestionId: q.QuestionId, Answer: pick.Option });
      if (pick.EndSurveyWithNotification) break;
    }
    const r = await s.staff.call('surveys/answers', { surveyId: sv.SurveyId, branchOfficeId: s.branch.BranchOfficeId, answers, ...where });
    count(r.status === 200 ? 'survey' : 'survey-refused');
  }
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
  await workTask(s, dt);
  s.next -= dt;
  if (s.next > 0) return;
  if (s.state === 'closed') {
    if (random() < missed) {
      s.next = s.schedule ? nextOpening(s.schedule) : 12 * 3600; // not opened today
      count('not-opened');
      return;
    }
    const code = random() < rate.duress / 10 ? a['duress-code']! : a.pin!;
    const r = await s.staff.call<{ Task?: ActionTask | null }>('branchaction', { branchOfficeId: id, action: 'OPEN', pin: code, ...where });
    count(code === a.pin ? 'open' : 'duress-open');
    await takeTask(s, r.body?.Task);
    log(`open ${s.branch.Name}${random() < late ? ' (late)' : ''} (${r.status})`);
    const ci = await s.staff.call<{ CheckInId: number }>('checkin', { branchOfficeId: id, ...jitter(s.branch, random() < 0.1) });
    if (ci.status === 200) s.checkInId = ci.body!.CheckInId;
    else count('checkin-refused');
    await answerSurveys(s, where);
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
    s.next = s.schedule ? closingDelay(s.schedule) : 8 * 3600 * (0.9 + random() * 0.2);
  } else if (s.state === 'open' && random() < 0.15) {
    await s.staff.call('branchaction', { branchOfficeId: id, action: 'SERVICE', pin: a.pin, ...where });
    count('service');
    s.state = 'service';
    s.next = s.schedule ? 600 : 1800;
  } else {
    const r = await s.staff.call<{ Task?: ActionTask | null }>('branchaction', {
      branchOfficeId: id,
      action: 'CLOSE',
      pin: a.pin,
      ...where,
    });
    await takeTask(s, r.body?.Task);
    if (s.checkInId) await s.staff.call('checkout', { checkInId: s.checkInId, ...jitter(s.branch, false) });
    s.checkInId = undefined;
    count('close');
    log(`close ${s.branch.Name}`);
    s.state = 'closed';
    s.next = s.schedule ? nextOpening(s.schedule) : 16 * 3600 * (0.9 + random() * 0.2);
  }
}

if (!(await waitForServer())) {
  console.error(`simulator: the server at ${url} did not answer /healthz`);
  process.exit(1);
}
const { sims, responders } = await discover();
log(
  `playing ${sims.length} branches ${localClock ? `at their local time (events x${boost})` : `at ${speed}x`} against ${url}${duration ? ` for ${duration} s` : ''}`,
);
const stopEns = startEnsResponder(responders, {
  helpShare: ensHelp,
  pollMs: 5_000,
  readDelayMs: [1_000, 4_000],
  replyDelayMs: [3_000, 15_000],
  random,
  count,
  log,
});
// Demo video calls (demo-calls.ts): ~60 s of talk once answered, missed after 90 s unanswered.
const callsBlocked = callMinutes > 0 ? demoCallsBlocked() : 'off (--calls 0)';
if (callsBlocked) log(`no demo video calls: ${callsBlocked}`);
const demoCalls = callsBlocked
  ? undefined
  : startDemoCalls({
      url,
      password: a.password!,
      everyMinutes: callMinutes,
      seconds: 60,
      timeout: 90,
      callers: () => [...new Set(sims.map((s) => s.staff))],
      random,
      count,
      log,
    });
log(`open ${url}/login — every demo account uses the password Vigil-demo-2026 (see README.md)`);

/** Demo chats in progress: terminated by their caller after a few minutes unless an operator finished them. */
const demoChats: { staff: MobileClient; id: string; endAt: number }[] = [];
const CHAT_TEXTS = ['Someone is waiting outside the back door', 'A customer is acting aggressively', 'The alarm panel shows a fault'];
/** Now and then (--chat per simulated day over all branches) a staff member starts a chat with the security office. */
async function demoChat(dt: number) {
  for (const c of demoChats.splice(0)) {
    if (Date.now() < c.endAt) demoChats.push(c);
    else await c.staff.call('chat/finish', { chatSessionId: c.id });
  }
  if (sims.length === 0 || random() >= (chatRate * dt) / DAY) return;
  const s = sims[Math.floor(random() * sims.length)]!;
  const r = await s.staff.call<{ chatobject: { ChatSessionId: string } }>('chat/start', {
    branchOfficeId: s.branch.BranchOfficeId,
    ...jitter(s.branch, false),
    appVersion: 'simulator',
    content: CHAT_TEXTS[Math.floor(random() * CHAT_TEXTS.length)],
  });
  count('chat');
  log(`chat from ${s.branch.Name} (${r.status})`);
  if (r.body) demoChats.push({ staff: s.staff, id: r.body.chatobject.ChatSessionId, endAt: Date.now() + 180_000 });
}

const started = Date.now();
let stopping = false;
process.on('SIGINT', () => (stopping = true));
process.on('SIGTERM', () => (stopping = true));
while (!stopping && (!duration || Date.now() - started < duration * 1000)) {
  const tickStart = Date.now();
  try {
    await demoChat(speed);
  } catch (err) {
    console.error('simulator:', String(err));
  }
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
stopEns();
await demoCalls?.stop();
console.log(`simulator: done after ${Math.round((Date.now() - started) / 1000)} s:`, JSON.stringify(counts));
process.exit(0);
