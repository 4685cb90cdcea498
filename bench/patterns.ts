/**
 * Pattern timing (issue 12, not in the suite): the worst-case input of every pattern and text
 * check the server runs on request input, each under a millisecond per call; then the event
 * loop's longest stall while 1 MB bodies arrive (a CSV import preview from the organisation admin,
 * the same body from a mobile token — refused before it is read — and to a small-limit call, 413),
 * with /healthz answered meanwhile.
 *
 *   npx tsx bench/patterns.ts [--bodies 20]
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  ApiClient,
  ZEmployeeDetails,
  ZLinkToken,
  ZLocateRequest,
  ZLoginEmail,
  ZOptionalEmail,
  ZTimeOfDay,
  ZTimeZone,
  ZUpdateSsoRequest,
  cleanText,
  isAddressOrCidr,
  isDay,
  isEmailAddress,
  isStorableText,
  loadConfig,
  mobileLogin,
  neutralizeCsvCell,
  startTestServer,
  toE164,
  zDay,
  zId,
  zNumber,
} from '@vigil/server/testing';

const { values } = parseArgs({ options: { bodies: { type: 'string', default: '20' } } });

const big = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));

// Inputs are built before timing. Sizes: 64 kB (the default body limit) or what the check's field may carry.
const KB64 = 64 * 1024;
const I = {
  email: `${big('a@a.', KB64)}@`,
  email254: `${big('a@a.', 253).slice(0, 253)}@`,
  digits: big('9', KB64),
  decimal: `${big('9', KB64)}.5`,
  time: big('1', KB64),
  zone: big('A/', KB64),
  token: `${big('a', KB64)}!`,
  day: big('2026-', KB64),
  text: `${big('ab', KB64)}\ud800`,
  dirty: big('\ud800\u0000', KB64),
  phone: big('+1', 40),
  cell: `-${big('1 ', 299)}x`,
  cidr: big('1.', KB64),
  ssoDomain: `${big('a.', 250).slice(0, 250)}!`,
};

const ID = zId();
const COORD = zNumber(-90, 90);
const DAY = zDay();

/** name → the check run on its worst-case input. */
const cases: [string, () => unknown][] = [
  ['isEmailAddress, 64 kB a@a.a.…@', () => isEmailAddress(I.email)],
  ['isEmailAddress, 254 chars a@a.a.…@', () => isEmailAddress(I.email254)],
  ['ZLoginEmail (zod email after max), 64 kB', () => ZLoginEmail.safeParse(I.email)],
  ['ZLoginEmail, 254 chars', () => ZLoginEmail.safeParse(I.email254)],
  ['ZOptionalEmail, 64 kB', () => ZOptionalEmail.safeParse(I.email)],
  ['ZEmployeeDetails.email, 64 kB', () => ZEmployeeDetails.shape.email.safeParse(I.email)],
  ['ZLocateRequest.email, 64 kB', () => ZLocateRequest.safeParse({ email: I.email })],
  [
    'ssoDomain /^[a-z0-9.-]+\\.[a-z]{2,}$/, 255 chars',
    () =>
      ZUpdateSsoRequest.safeParse({
        case: 'UPDATE-SSO',
        organizationId: 1,
        ssoDomain: I.ssoDomain,
        ssoIssuer: 'https://x.example',
        ssoClientId: 'x',
      }),
  ],
  ['ZTimeOfDay, 64 kB', () => ZTimeOfDay.safeParse(I.time)],
  ['ZTimeZone, 64 kB', () => ZTimeZone.safeParse(I.zone)],
  ['ZLinkToken, 64 kB', () => ZLinkToken.safeParse(I.token)],
  ['zId, 64 kB digits', () => ID.safeParse(I.digits)],
  ['zNumber, 64 kB digits', () => COORD.safeParse(I.decimal)],
  ['zDay / isDay, 64 kB', () => [DAY.safeParse(I.day), isDay(I.day)]],
  ['isStorableText, 64 kB with a lone surrogate at the end', () => isStorableText(I.text)],
  ['cleanText, 64 kB of lone surrogates and NULs', () => cleanText(I.dirty)],
  ['toE164 (phone), 40 chars', () => toE164(I.phone)],
  ['neutralizeCsvCell, 300 chars', () => neutralizeCsvCell(I.cell)],
  ['isAddressOrCidr, 64 kB', () => isAddressOrCidr(I.cidr)],
];

console.log('worst-case input per pattern, ms per call: median and max of 50 (the machine may be shared: the median is the figure)');
let slow = 0;
for (const [name, run] of cases) {
  for (let i = 0; i < 5; i++) run();
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[25]!;
  if (median >= 1) slow++;
  console.log(`  ${median < 1 ? 'ok  ' : 'SLOW'} ${median.toFixed(3).padStart(8)} ${times[49]!.toFixed(3).padStart(9)}  ${name}`);
}
void loadConfig;

// Event-loop stall while 1 MB bodies arrive (the server runs in this process).
const server = await startTestServer('pglite');
try {
  const admin = new ApiClient(server.baseUrl);
  await admin.login('orgadmin@example.com');
  const staff = await mobileLogin(server.baseUrl, 'staff@example.com');
  const header = 'Name,Surname,Email,Phone Number,Role,Regional office code,Branch code,Security office code,Send Email\n';
  const row = (i: number) => `Ana${i},Hoxha,${'a@a.'.repeat(20)}${i}@,+355691234567,Branch Staff,,,,No\n`;
  let csv = header;
  for (let i = 0; csv.length < 1024 * 1024; i++) csv += row(i);
  const body = JSON.stringify({ case: 'IMPORT-EMPLOYEES-PREVIEW', csv });
  const n = Number(values.bodies);
  const scenario = async (name: string, send: () => Promise<Response>) => {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    let healthWorst = 0;
    let stop = false;
    const pinger = (async () => {
      while (!stop) {
        const t0 = performance.now();
        await fetch(`${server.baseUrl}/healthz`);
        healthWorst = Math.max(healthWorst, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    const statuses = await Promise.all(Array.from({ length: n }, () => send().then((r) => r.status)));
    const total = performance.now() - t0;
    stop = true;
    await pinger;
    h.disable();
    console.log(
      `  ${name}: ${n} × ${(body.length / 1024 / 1024).toFixed(2)} MB, statuses ${[...new Set(statuses)].join('/')}, ` +
        `${total.toFixed(0)} ms, longest event-loop stall ${(h.max / 1e6).toFixed(1)} ms, slowest /healthz ${healthWorst.toFixed(0)} ms`,
    );
  };
  console.log('event loop while 1 MB bodies arrive:');
  const cookieHeaders = () => ({ 'content-type': 'application/json', cookie: admin.cookieHeader(), 'x-xsrf-token': admin.csrf! });
  await scenario('mobile token on manageemployees (refused before the body is read)', () =>
    fetch(`${server.baseUrl}/api/client/manageemployees`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.Token}` },
      body,
    }),
  );
  await scenario('org admin to a 64 kB call (413)', () =>
    fetch(`${server.baseUrl}/api/client/getofficesv2`, { method: 'POST', headers: cookieHeaders(), body }),
  );
  await scenario('org admin CSV import preview (parsed and checked)', () =>
    fetch(`${server.baseUrl}/api/client/manageemployees`, { method: 'POST', headers: cookieHeaders(), body }),
  );
} finally {
  await server.close();
}
process.exitCode = slow ? 1 : 0;
