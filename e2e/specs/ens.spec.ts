/**
 * Emergency notification dialog (spec §2 Shell, §5, §6, §8; issue 16): the cascade client → region
 * → location for a security user, none for a branch manager; Send disabled with no one chosen;
 * a send reaches the recipient's app, whose "I need help" answer raises an alarm on a second
 * console. Screenshots of the dialog at 1280 and 800 px go to docs/screenshots/.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Where the screenshots go: docs/screenshots of the repository. */
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

async function openDialog(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await page.getByTestId('emergency-button').click();
  const dialog = page.getByTestId('emergency-dialog').getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  if (option) await listbox.getByRole('option', { name: option }).click();
  else await listbox.getByRole('option').first().click();
}

test('a security user chooses client, then region, then location; Send waits for an employee', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const dialog = await openDialog(page, 'operator@example.com');
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByTestId('ens-send')).toBeDisabled();
  await choose(page, 'Client');
  await expect(dialog.getByRole('combobox', { name: 'Region' })).not.toHaveAttribute('aria-disabled', 'true');
  await choose(page, 'Region');
  await choose(page, 'Location');
  await expect(dialog.getByTestId('ens-employees')).toBeVisible();
  await dialog.getByTestId('ens-message').fill('Severe weather: stay inside.');
  await expect(dialog.getByTestId('ens-send')).toBeDisabled();
  await dialog.getByTestId('ens-select-all').click();
  await expect(dialog.getByTestId('ens-send')).toBeEnabled();
  await page.screenshot({ path: shot('ens-dialog-1280.png') });
  // Narrowing the window rebuilds the drawer; the open dialog and its message stay.
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(dialog.getByTestId('ens-message')).toHaveValue('Severe weather: stay inside.');
  await expect(dialog.getByTestId('ens-send')).toBeEnabled();
  await page.screenshot({ path: shot('ens-dialog-800.png') });
});

test('a branch manager chooses no location; the send reaches the app and "I need help" raises an alarm on another console', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const dialog = await openDialog(page, 'manager@example.com');
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveCount(0);
  await expect(dialog.getByTestId('ens-branch-name')).toBeVisible();

  // The recipient: the branch's staff member, signed in on the app.
  const login = await request.post('/api/mobile/login', { data: { username: 'staff@example.com', password: DEMO_PASSWORD } });
  const staff = ((await login.json()) as { body: { Token: string; UserId: number } }).body;

  // A second console watches the alarm panel.
  const other = await browser.newPage();
  await other.goto('/login');
  await signIn(other, 'orgadmin@example.com');
  await expect(other.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');

  // The recipient's phone: the simulator signs in as them, prints each ENS message and answers "help".
  const sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/simulator/src/index.ts',
      'ens-inbox',
      '--url',
      baseURL!,
      '--email',
      'staff@example.com',
      '--reply',
      'help',
      '--delay',
      '3000',
      '--timeout',
      '60',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Live once its socket says ready (a message sent before its sign-in would not reach it): starting
  // it takes seconds on a busy machine.
  const ready = new Promise<void>((resolve) => {
    let err = '';
    sim.stderr.on('data', (d) => {
      process.stderr.write(d);
      err += String(d);
      if (err.includes('ens-inbox ready')) resolve();
    });
  });
  const firstLine = new Promise<string>((resolve) => {
    let out = '';
    sim.stdout.on('data', (d) => {
      out += String(d);
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
  });
  await ready;

  await dialog.getByTestId('ens-message').fill('Gas leak: leave the building now.');
  await expect(dialog.getByTestId('ens-send')).toBeDisabled();
  await dialog.getByTestId('ens-search').fill('Marku');
  await dialog.getByTestId(`ens-employee-${staff.UserId}`).click();
  await dialog.getByTestId('ens-send').click();
  await expect(page.getByTestId('ens-snackbar-success')).toContainText('Emergency notification sent to 1 people');

  const line = await firstLine;
  expect(JSON.parse(line)).toMatchObject({ MessageContent: 'Gas leak: leave the building now.' });
  const ensId = (JSON.parse(line) as { EnsId: number }).EnsId;
  // The sender watches the detail: the recipient's row turns red, live, when the simulator answers "I need help".
  await page.goto('/notifications/ens');
  await page.locator(`[data-testid="ens-row"][data-ens-id="${ensId}"]`).click();
  const row = page.locator(`[data-testid="ens-recipient"][data-user-id="${staff.UserId}"]`);
  await expect(row).toBeVisible();
  // …and the second console's alarm panel lists the Emergency alarm the answer raised.
  await expect(other.getByTestId('alarm-item').filter({ hasText: 'needs help' }).first()).toBeVisible({ timeout: 5_000 });
  await expect(row).toHaveAttribute('data-reply', 'help', { timeout: 10_000 });
  // Red, as the sender sees it (the error red at 16 %), not only marked.
  await expect(row).toHaveCSS('background-color', 'rgba(211, 47, 47, 0.16)');
  await page.screenshot({ path: shot('ens-detail-1280.png') });
  sim.kill();
  await other.close();
});

test('an organisation admin adds a message template, and the dialog offers it and fills the message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('emergency-button')).toBeVisible();
  await page.goto('/notifications/ens');
  await page.getByTestId('ens-templates-open').click();
  const templates = page.getByTestId('ens-templates').getByRole('dialog');
  await templates.getByTestId('ens-template-add').click();
  await templates.getByTestId('ens-template-short').fill('Fire drill');
  await templates.getByTestId('ens-template-description').fill('Fire drill at 10:00. Leave by the nearest exit.');
  await templates.getByTestId('ens-template-save').click();
  await expect(templates.getByTestId('ens-template').filter({ hasText: 'Fire drill' })).toBeVisible();
  await page.screenshot({ path: shot('ens-templates-1280.png') });
  await templates.getByRole('button', { name: 'Back' }).click();

  await page.getByTestId('emergency-button').click();
  const dialog = page.getByTestId('emergency-dialog').getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveCount(0);
  await choose(page, 'Region');
  await choose(page, 'Location');
  await choose(page, 'Message template', 'Fire drill');
  await expect(dialog.getByTestId('ens-message')).toHaveValue('Fire drill at 10:00. Leave by the nearest exit.');
});
