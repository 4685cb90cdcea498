/**
 * Account lifecycle in a real browser (spec §2 /validateToken, /resetpassword, /login SSO branch;
 * §5 messages; §8): a Vigil server of its own (built bundle, embedded database, demo data) that
 * mails through a real SMTP peer (smtp-server) and signs in through a real OpenID Connect
 * provider (oidc-provider) on loopback https. The demo mailbox (/admin/outbox) is checked on the
 * shared e2e server, which keeps mail in the outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request, test, type Page } from '@playwright/test';
import { linkIn, startOidcPeer, startSmtpPeer, type OidcPeer, type SmtpPeer } from '@vigil/server/testing';
import { DEMO_PASSWORD, signIn, signInAdmin } from '../fixtures/auth.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, '.test-results', 'screenshots');
const US_DOMAIN = 'libertysavings-demo.com';

test.describe.configure({ mode: 'serial' });

let smtp: SmtpPeer;
let idp: OidcPeer;
let server: ChildProcess;
let vigil: string;
let tmp: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** An API session on the test's own server (CSRF header + cookies), as the console makes calls. */
async function api(email: string, password = DEMO_PASSWORD, area: 'client' | 'admin' = 'client') {
  const ctx = await request.newContext({ baseURL: vigil });
  const csrf = await ctx.get('/security/csrf-token');
  let token = csrf.headers()['x-xsrf-token']!;
  const post = async <T>(
    p: string,
    data: unknown,
  ): Promise<{ status: number; json: { success: boolean; body?: T; description?: string } }> => {
    const res = await ctx.post(p, { data, headers: { 'x-xsrf-token': token } });
    token = res.headers()['x-xsrf-token'] ?? token;
    return { status: res.status(), json: (await res.json()) as { success: boolean; body?: T; description?: string } };
  };
  const login = await post(`/api/${area}/login`, { username: email, password, sessiontype: 'WEB' });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  return { ctx, post };
}

interface Person {
  UserId: number;
  Email: string;
  RoleId: number;
  StatusId: number;
}

/** Demo people of the caller's organisation, found branch by branch (getofficesv2 + getbranchemployees). */
async function findPerson(session: Awaited<ReturnType<typeof api>>, pred: (p: Person) => boolean): Promise<Person> {
  const offices = await session.post<{ organizationobject: { BranchOfficeId: number }[] }>('/api/client/getofficesv2', {
    case: 'GET-ALL-BRANCH-OFFICES',
    limit: 200,
  });
  for (const b of offices.json.body!.organizationobject) {
    const people = await session.post<{ userobject: Person[] }>('/api/client/getbranchemployees', { param_branchid: b.BranchOfficeId });
    const found = people.json.body!.userobject.find(pred);
    if (found) return found;
  }
  throw new Error('no matching demo person');
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  vigil = `http://127.0.0.1:${port}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-account-e2e-'));
  const caFile = path.join(tmp, 'idp-ca.pem');
  smtp = await startSmtpPeer();
  idp = await startOidcPeer([`${vigil}/login`], caFile);
  const log = fs.openSync(path.join(tmp, 'server.log'), 'a');
  server = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VIGIL_DATA_DIR: path.join(tmp, 'data'),
      VIGIL_DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_MAX: '100',
      SMTP_URL: smtp.url,
      SSO_CA_FILE: caFile,
      PUBLIC_URL: '',
    },
  });
  for (let i = 0; ; i++) {
    const ok = await fetch(`${vigil}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600 || server.exitCode != null)
      throw new Error(`server did not start: ${fs.readFileSync(path.join(tmp, 'server.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode == null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  await idp?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('activation: the mailed link enforces each §5 rule, activates once, and the new password signs in', async ({ page }) => {
  const admin = await api('orgadmin@example.com');
  const person = await findPerson(admin, (p) => p.StatusId === 2 && p.RoleId === 6);
  const resend = await admin.post('/api/client/manageemployees', { case: 'RESEND-ACTIVATION', employeeId: person.UserId });
  expect(resend.status).toBe(200);
  const mail = await smtp.waitFor(person.Email);
  const link = linkIn(mail.text, '/validateToken/');
  expect(link.startsWith(`${vigil}/validateToken/`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Activate Your Account' })).toBeVisible();
  const submit = page.getByTestId('activation-submit');
  await expect(submit).toBeDisabled();
  const field = (name: string) => page.getByTestId(`activation-${name}`);
  const expectMessage = async (text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();
  const fill = async (name: string, value: string) => {
    await field(name).fill(value);
    await field(name).blur();
  };

  await fill('password', 'short');
  await expectMessage('Password must have eight or more characters');
  await fill('password', 'Browser-pass-1');
  await fill('password_confirm', 'Browser-pass-2');
  await expectMessage('Password confirmation does not match');
  await fill('password_confirm', 'Browser-pass-1');
  await fill('pin', '12');
  await expectMessage('PIN must have four digits');
  await fill('pin', '1234');
  await fill('pin_confirm', '1243');
  await expectMessage('PIN confirmation does not match');
  await fill('pin_confirm', '1234');
  await fill('duress', '98');
  await expectMessage('Panic Code must have four digits');
  await fill('duress', '1234');
  await expectMessage('Panic Code must be different from PIN');
  await fill('duress', '9876');
  await fill('duress_confirm', '9875');
  await expectMessage('Panic Code confirmation does not match');
  await expect(submit).toBeDisabled();
  await fill('duress_confirm', '9876');
  // The eye shows what was typed.
  await expect(field('password')).toHaveAttribute('type', 'password');
  await field('password').locator('xpath=..').getByRole('button').click();
  await expect(field('password')).toHaveAttribute('type', 'text');
  await expect(submit).toBeEnabled();
  await shoot(page, 'activation-form');
  await submit.click();

  await expect(page.getByTestId('account-done')).toBeVisible();
  await expect(page.getByText('Your account is active')).toBeVisible();
  await expect(page.getByTestId('store-apple')).toBeVisible();
  await expect(page.getByTestId('store-google')).toBeVisible();
  await shoot(page, 'activation-done');
  await page.getByTestId('go-to-login').click();
  await expect(page).toHaveURL(/\/login$/);

  // The link is spent.
  await page.goto(link);
  await expect(page.getByTestId('activation-error')).toHaveText('Invalid activation link or link already used.');
  await shoot(page, 'activation-used');

  await page.goto(`${vigil}/login`);
  await signIn(page, person.Email, 'Browser-pass-1');
  await expect(page).toHaveURL(`${vigil}/`);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
});

test('password reset: request, mail, mismatch message, success, old password refused, new accepted, used link refused', async ({
  page,
}) => {
  const email = 'regional@example.com';
  await page.goto(`${vigil}/login`);
  await page.getByTestId('forgot-toggle').click();
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('login-alert')).toContainText('If an account exists for this email address');
  const link = linkIn((await smtp.waitFor(email)).text, '/resetpassword/');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Enter your new password', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm your new password', { exact: true })).toBeVisible();
  await page.getByTestId('reset-password').fill('Reset-by-browser-1');
  await page.getByTestId('reset-confirm').fill('Reset-by-browser-2');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Please confirm your new password correctly', { exact: true })).toBeVisible();
  await shoot(page, 'reset-form');
  await page.getByTestId('reset-confirm').fill('Reset-by-browser-1');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Your new password has been set')).toBeVisible();
  await expect(page.getByTestId('go-to-login')).toBeVisible();
  // Role 9 may also use the mobile app.
  await expect(page.getByTestId('store-google')).toBeVisible();
  await shoot(page, 'reset-done');

  await page.goto(link);
  await expect(page.getByTestId('reset-error')).toHaveText('This password reset link is invalid or has expired.');
  await shoot(page, 'reset-invalid');

  await page.goto(`${vigil}/login`);
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByTestId('login-alert')).toHaveText(/Invalid username or password/);
  await page.getByTestId('login-change-email').click();
  await signIn(page, email, 'Reset-by-browser-1');
  await expect(page).toHaveURL(`${vigil}/`);
});

test.describe('single sign-on', () => {
  test.use({ ignoreHTTPSErrors: true });

  test('signs in end to end through the OpenID Connect provider, and refuses a tampered state', async ({ page }) => {
    const admin = await api('admin@example.com', DEMO_PASSWORD, 'admin');
    const us = await api('us-orgadmin@example.com');
    const person = await findPerson(us, (p) => p.StatusId === 1 && p.RoleId === 6 && p.Email.endsWith(`@${US_DOMAIN}`));
    const orgs = await us.post<{ organizationobject: { OrganizationId: number }[] }>('/api/client/getorganizations', {});
    const organizationId = orgs.json.body!.organizationobject[0]!.OrganizationId;
    const set = await admin.post('/api/admin/editclient', {
      case: 'UPDATE-SSO',
      organizationId,
      ssoDomain: US_DOMAIN,
      ssoIssuer: idp.issuer,
      ssoClientId: idp.clientId,
      ssoClientSecret: idp.clientSecret,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);

    await page.goto(`${vigil}/login`);
    await page.getByTestId('login-email').fill(person.Email);
    await page.getByTestId('login-next').click();
    // The provider's own sign-in page, with the e-mail as login hint.
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await expect(page.locator('input[name="login"]')).toHaveValue(person.Email);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(`${vigil}/`);
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('vigil.ssoDomain'))).toBe(US_DOMAIN);

    const fresh = await page.context().browser()!.newContext({ ignoreHTTPSErrors: true });
    const other = await fresh.newPage();
    await other.goto(`${vigil}/login?code=forged-code&session_state=x&state=tampered-state-value`);
    await expect(other.getByTestId('login-alert')).toHaveText('Unable to validate user credentials. Please try to log in again.');
    await expect(other.getByTestId('login-email')).toBeVisible();
    await fresh.close();
    await admin.post('/api/admin/editclient', { case: 'UPDATE-SSO', organizationId, ssoIssuer: null });
  });
});

test('a link cut short by a mail client says it is invalid instead of showing an empty page', async ({ page }) => {
  await page.goto('/resetpassword');
  await expect(page.getByTestId('reset-error')).toHaveText('This password reset link is invalid or has expired.');
  await page.goto('/validateToken/abc');
  await expect(page.getByTestId('activation-error')).toBeVisible();
});

test('the demo mailbox shows the platform admin the mail kept without SMTP, with a working link', async ({ page, baseURL }) => {
  // The shared e2e server has no SMTP_URL: its mail stays in the outbox.
  const email = 'officer@example.com';
  await page.goto(`${baseURL}/login`);
  await page.getByTestId('forgot-toggle').click();
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('login-alert')).toBeVisible();
  await signInAdmin(page);
  await expect(page).toHaveURL(/\/admin\/employees$/);
  await page.getByTestId('outbox-nav-link').click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const row = page.getByTestId('outbox-row').filter({ hasText: email }).first();
  // The reset mail is made just after the answer: refresh until it is there.
  await expect(async () => {
    await page.getByTestId('outbox-refresh').click();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(row).toContainText('Reset your Vigil password');
  await row.click();
  const href = await page.getByTestId('outbox-link').first().getAttribute('href');
  expect(href).toMatch(/\/resetpassword\/[A-Za-z0-9_-]+\/officer%40example\.com$/);
  await page.goto(href!);
  await expect(page.getByTestId('reset-password')).toBeVisible();
});
