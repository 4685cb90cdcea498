/**
 * Surveys in a real browser (issue 18 "Done when"): an organisation admin builds a survey with an
 * ending option, schedules and assigns it, chooses who is notified and adds an external
 * respondent; the respondent opens the mailed link (a real SMTP peer) in a phone-sized viewport,
 * goes forward and back with Previous, submits and sees 'Submitted successfully'; the console shows
 * the Survey notification and the survey report the row. A server of its own (built bundle,
 * embedded database, demo data) mails through the SMTP peer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, startSmtpPeer, type SmtpPeer } from '@vigil/server/testing';
import { signIn } from '../fixtures/auth.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, 'docs', 'screenshots');

test.describe.configure({ mode: 'serial' });

let smtp: SmtpPeer;
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

async function shoot(page: Page, name: string, widths = [1280, 800]) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `surveys-${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  vigil = `http://127.0.0.1:${port}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-surveys-e2e-'));
  smtp = await startSmtpPeer();
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
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Picks `text` in the MUI Autocomplete whose TextField carries `testId`. */
async function pick(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

test('build, assign, answer from the mailed link on a phone, see the notification and the report row', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto(`${vigil}/login`);
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();

  // Builder: add, two questions, the first with an ending option.
  await page.goto(`${vigil}/survey-list`);
  await page.getByTestId('survey-add').click();
  await page.getByTestId('survey-add-name').fill('Back door check');
  await page.getByTestId('survey-add-save').click();
  await expect(page.getByTestId('survey-title')).toHaveText('Back door check');
  await page.getByTestId('survey-description').fill('Walk to the emergency exit and look.');
  await page.getByTestId('survey-notify-rec').fill('Call the regional manager now');
  await page.getByTestId('survey-non-notify-rec').fill('Carry on');
  await page.getByTestId('survey-add-question').click();
  await page.getByTestId('question-0-text').fill('Is the alarm panel armed?');
  await page.getByTestId('question-0-option-0').fill('Yes');
  await page.getByTestId('question-0-add-option').click();
  await page.getByTestId('question-0-option-1').fill('No');
  await page.getByTestId('survey-add-question').click();
  await page.getByTestId('question-1-text').fill('Is the emergency exit blocked?');
  await page.getByTestId('question-1-option-0').fill('Yes');
  await page.getByTestId('question-1-action-0').fill('Clear the exit');
  await page.getByTestId('question-1-end-0').check();
  await page.getByTestId('question-1-add-option').click();
  await page.getByTestId('question-1-option-1').fill('No');
  // Reorder: the exit question first.
  await page.getByTestId('question-1-up').click();
  await expect(page.getByTestId('question-0-text')).toHaveValue('Is the emergency exit blocked?');
  await page.getByTestId('survey-save').click();
  await expect(page.getByTestId('survey-saved')).toBeVisible();

  // Schedule from a minute ago, no end; assign the branch; notify its manager.
  const start = await page.evaluate(() => {
    const d = new Date(Date.now() - 60_000);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await page.getByTestId('survey-start').fill(start);
  await page.getByTestId('survey-save-schedule').click();
  await expect(page.getByTestId('survey-status')).toHaveText('Active');
  await pick(page, 'survey-assign-branches', 'Dega Skënderbej');
  await page.getByTestId('survey-assign').click();
  await expect(page.getByTestId('survey-branches')).toContainText('Dega Skënderbej');
  await pick(page, 'survey-notify-users', 'Mirela Gjoka');
  await page.getByTestId('survey-save-people').click();

  // An external respondent of the branch: mailed their link at once (the survey is offered).
  await page.getByTestId('external-branch').click();
  await page.getByRole('option', { name: 'Dega Skënderbej' }).click();
  await page.getByTestId('external-name').fill('Drita Landlord');
  await page.getByTestId('external-email').fill('drita@example.org');
  await page.getByTestId('external-add').click();
  await expect(page.getByTestId('survey-external-row')).toContainText('Drita Landlord');
  await shoot(page, 'builder');

  // The branch's demo surveys are offered too: the respondent gets a link for each; take this survey's.
  const mail = await smtp.waitFor('drita@example.org', (m) => m.subject === 'Survey: Back door check');
  expect(mail.subject).toBe('Survey: Back door check');
  const link = linkIn(mail.text, '/survey/');

  // The respondent, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const p = await phone.newPage();
  await p.goto(link);
  await expect(p.getByRole('heading', { name: 'Back door check' })).toBeVisible();
  await expect(p.getByTestId('survey-description')).toHaveText('Walk to the emergency exit and look.');
  const question = p.getByTestId('survey-question');
  await expect(question).toContainText('Is the emergency exit blocked?');
  await expect(p.getByTestId('survey-submit')).toBeDisabled();
  await expect(p.getByTestId('survey-previous')).toBeDisabled();
  await p.getByTestId('survey-option-No').click();
  await expect(question).toContainText('Is the alarm panel armed?');
  await p.getByTestId('survey-previous').click();
  await expect(question).toContainText('Is the emergency exit blocked?');
  await p.getByTestId('survey-option-Yes').click();
  await expect(p.getByTestId('survey-complete')).toBeVisible();
  await p.screenshot({ path: path.join(SHOTS, 'surveys-public-390.png'), fullPage: true });
  await p.getByTestId('survey-submit').click();
  await expect(p.getByTestId('survey-submitted')).toHaveText('Submitted successfully');
  await shoot(p, 'public-done');

  // The link is spent: a clear message and no form.
  await p.reload();
  await expect(p.getByTestId('survey-link-error')).toHaveText(
    'This survey link has already been used. Thank you, your answers were received.',
  );
  await expect(p.getByTestId('survey-form')).toHaveCount(0);
  await phone.close();

  // The notified manager got the mail; the console shows the Survey notification.
  const notice = await smtp.waitFor('manager@example.com', (m) => m.subject.includes('Back door check'));
  expect(notice.subject).toBe('Survey alert: Back door check at Dega Skënderbej');
  await page.goto(`${vigil}/notifications/all`);
  const row = page
    .getByTestId('notification-row')
    .filter({ has: page.getByTestId('notification-action').getByText('Survey', { exact: true }) });
  await expect(row.first()).toBeVisible();

  // The survey report has the row.
  await page.goto(`${vigil}/surveyreports`);
  const report = page.getByTestId('survey-report');
  await expect(report.getByTestId('report-row').filter({ hasText: 'Back door check' }).first()).toBeVisible();
  await expect(report.getByTestId('report-row').filter({ hasText: 'Drita Landlord' }).first()).toBeVisible();

  // The chart on the survey's page counts the answer.
  await page.goto(`${vigil}/survey-list`);
  await page.getByTestId('survey-row').filter({ hasText: 'Back door check' }).click();
  await expect(page.getByTestId('survey-chart').locator('svg').first()).toBeVisible();
  await shoot(page, 'survey-page');
  await page.goto(`${vigil}/survey-list`);
  await expect(page.getByTestId('survey-row').first()).toBeVisible();
  await shoot(page, 'list');
});
