/**
 * Video calls (issue 15), end to end without media yet: the simulator's call (a real mobile
 * client over the mobile API and the mobile channel) rings in a signed-in operator's drawer within
 * 2 s with the alert tone; the operator opens /video/[id] (caller profile, medical information,
 * emergency contacts) and answers, and the simulator prints active; the second operator sees it
 * as other-console; a transfer to that operator reaches it and it answers; it ends the call (the
 * simulator exits 0) and closes it out. Screenshots of /video/[id] at 1280 and 800 px.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { tabTo } from '../fixtures/keyboard.js';

test.describe.configure({ mode: 'serial' });

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, '.test-results/screenshots/calls');

/** The simulator's call command as a child process, its JSON lines collected. */
function simulateCall(baseURL: string, seconds: number) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/simulator/src/index.ts',
      'call',
      '--url',
      baseURL,
      '--email',
      'staff@example.com',
      '--seconds',
      String(seconds),
      '--timeout',
      '90',
    ],
    { cwd: ROOT },
  );
  const lines: string[] = [];
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => lines.push(...String(d).split('\n').filter(Boolean)));
  child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    lines,
    exited,
    kill: () => child.kill(),
    /** Waits until the simulator printed `line`. */
    async printed(line: object, timeout = 15_000) {
      const want = JSON.stringify(line);
      await expect.poll(() => lines.includes(want) || stderr, { timeout, message: `simulator: ${want}` }).toBe(true);
    },
  };
}

async function signInLive(browser: Browser, email: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  return page;
}

const incoming = (page: Page, id?: string) =>
  page
    .getByTestId('incoming-call')
    .filter({ visible: true })
    .and(page.locator(id ? `[data-call="${id}"]` : '[data-call]'));

test('a simulator call rings with sound; answer, other-console, transfer, answer there, end, close out', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const operator = await signInLive(browser, 'operator@example.com');
  const officer = await signInLive(browser, 'officer@example.com');
  await operator.getByTestId('sound-enable').click();
  await expect(operator.getByTestId('sound-status')).toHaveAttribute('data-state', 'on');
  const sim = simulateCall(baseURL!, 600);
  try {
    await sim.printed({ type: 'state', status: 'ringing' });
    const item = incoming(operator).first();
    await expect(item).toBeVisible({ timeout: 2_000 });
    await expect(item).toHaveAttribute('data-status', 'new');
    await expect(item).toContainText('Klodian Marku');
    await expect.poll(() => operator.evaluate(() => document.body.dataset.lastAlertSound ?? '')).not.toBe('');
    const id = (await item.getAttribute('data-call'))!;
    await expect(incoming(officer, id)).toHaveAttribute('data-status', 'new');

    await item.click();
    await expect(operator).toHaveURL(new RegExp(`/video/${id}$`));
    await expect(operator.getByTestId('call-caller')).toContainText('Klodian Marku');
    await expect(operator.getByTestId('call-medical')).toBeVisible();
    await expect(operator.getByTestId('call-contacts')).toBeVisible();
    // The caller organisation's current security phrases, to check the caller (the operator-ack spec checks one is listed).
    await expect(operator.getByTestId('security-phrases-box')).toBeVisible();
    await expect(operator.getByTestId('chat-map')).toHaveAttribute('data-ready', 'true');
    // Answered by keyboard alone (issue 19): Tab to Answer, Enter.
    await tabTo(operator, '[data-testid="call-answer"]');
    await operator.keyboard.press('Enter');
    await expect(operator.getByTestId('video-page')).toHaveAttribute('data-status', 'active');
    await sim.printed({ type: 'state', status: 'active' });

    // The second operator's console shows it on another console.
    await expect(incoming(officer, id)).toHaveAttribute('data-status', 'other-console');
    await expect(incoming(officer, id)).toContainText('Arta Leka');
    await incoming(officer, id).click();
    await expect(officer.getByTestId('call-taken')).toContainText('Arta Leka');
    await expect(officer.getByTestId('call-answer')).toHaveCount(0);

    // Transfer to the second operator (online): it may answer; the first now sees other-console.
    await operator.getByTestId('call-transfer').click();
    await operator.locator(`[data-testid="transfer-target"][data-user]`).filter({ hasText: 'Besnik Shehu' }).click();
    await expect(operator.getByTestId('video-page')).toHaveAttribute('data-status', 'other-console');
    await sim.printed({ type: 'state', status: 'transfer' });
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'transfer');
    await officer.getByTestId('call-answer').click();
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'active');
    await expect(officer.getByTestId('call-caller')).toContainText('Arta Leka → Besnik Shehu');
    await expect(incoming(operator, id)).toContainText('Besnik Shehu');
    await officer.screenshot({ path: path.join(SHOTS, 'video-1280.png'), fullPage: true });
    await officer.setViewportSize({ width: 800, height: 900 });
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'active');
    await officer.screenshot({ path: path.join(SHOTS, 'video-800.png'), fullPage: true });
    await officer.setViewportSize({ width: 1280, height: 900 });

    await officer.getByTestId('call-end').click();
    await sim.printed({ type: 'state', status: 'ended' });
    expect(await sim.exited).toBe(0);
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'ended');
    await expect(incoming(operator, id)).toHaveCount(0);
    await officer.getByTestId('call-closeout').click();
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'closeout');
    await expect(incoming(officer, id)).toHaveCount(0);
  } finally {
    sim.kill();
    await operator.context().close();
    await officer.context().close();
  }
});

test('a call whose caller hangs up before an answer leaves every drawer', async ({ browser, baseURL }) => {
  const operator = await signInLive(browser, 'operator@example.com');
  const sim = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/simulator/src/index.ts', 'call', '--url', baseURL!, '--email', 'staff@example.com', '--timeout', '3'],
    { cwd: ROOT },
  );
  try {
    const item = incoming(operator).first();
    await expect(item).toBeVisible();
    const id = (await item.getAttribute('data-call'))!;
    const code = await new Promise<number | null>((resolve) => sim.on('exit', resolve));
    expect(code).toBe(1);
    await expect(incoming(operator, id)).toHaveCount(0);
  } finally {
    sim.kill();
    await operator.context().close();
  }
});
