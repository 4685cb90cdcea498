/**
 * The live dashboard: a mobile PANIC reaches the console over the socket within 2 s (board
 * colour, alarm panel, alert tone), an acknowledgement shows on every console, and a branch
 * action from the console's row menu recolours the board.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';

const LIVE = { timeout: 2_000 };

interface MobileLogin {
  Token: string;
  Branches: { BranchOfficeId: number; Name: string }[];
}

async function mobilePanic(request: APIRequestContext): Promise<{ branchId: number; notificationId: number }> {
  const login = await request.post('/api/mobile/login', { data: { username: 'staff@example.com', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { body } = (await login.json()) as { body: MobileLogin };
  const branchId = body.Branches[0]!.BranchOfficeId;
  const alarm = await request.post('/api/mobile/alarm', {
    headers: { Authorization: `Bearer ${body.Token}` },
    data: { branchOfficeId: branchId, type: 'PANIC' },
  });
  expect(alarm.ok()).toBe(true);
  const res = (await alarm.json()) as { body: { NotificationId: number } };
  return { branchId, notificationId: res.body.NotificationId };
}

async function signInLive(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('branch-row').first()).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
}

test('a mobile panic turns the branch red, lists the alarm and sounds the tone within 2 s', async ({ page, request }) => {
  await signInLive(page, 'orgadmin@example.com');
  await page.getByTestId('sound-enable').click();
  await expect(page.getByTestId('sound-status')).toHaveAttribute('data-state', 'on');

  const { branchId, notificationId } = await mobilePanic(request);

  const row = page.locator(`[data-testid="branch-row"][data-branch-id="${branchId}"]`);
  await expect(row.getByTestId('branch-status')).toHaveAttribute('data-status', 'alarm', LIVE);
  const item = page.locator(`[data-testid="alarm-item"][data-notification-id="${notificationId}"]`);
  await expect(item).toBeVisible(LIVE);
  await expect(item.getByTestId('alarm-ack')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.body.dataset.lastAlertSound ?? ''), LIVE).not.toBe('');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
});

test('an acknowledgement by the operator shows on the organisation admin console', async ({ browser, request }) => {
  const adminCtx = await browser.newContext();
  const operatorCtx = await browser.newContext();
  try {
    const admin = await adminCtx.newPage();
    const operator = await operatorCtx.newPage();
    await signInLive(admin, 'orgadmin@example.com');
    await signInLive(operator, 'operator@example.com');

    const { notificationId } = await mobilePanic(request);
    const sel = `[data-testid="alarm-item"][data-notification-id="${notificationId}"]`;
    await expect(admin.locator(sel)).toBeVisible(LIVE);
    await expect(operator.locator(sel)).toBeVisible(LIVE);

    await operator.locator(sel).getByTestId('alarm-ack').click();
    const operatorName = await operator.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('vigil.session') ?? '{}') as { Name?: string; Surname?: string };
      return `${s.Name ?? ''} ${s.Surname ?? ''}`;
    });
    await expect(operator.locator(sel).getByTestId('alarm-acked')).toContainText(operatorName);
    await expect(admin.locator(sel).getByTestId('alarm-acked')).toContainText(operatorName, LIVE);
    await expect(admin.locator(sel).getByTestId('alarm-ack')).toHaveCount(0);
  } finally {
    await adminCtx.close();
    await operatorCtx.close();
  }
});

test('a branch opened from the console row menu turns open', async ({ page }) => {
  await signInLive(page, 'orgadmin@example.com');
  // Any branch, whatever the demo's time of day: close it from the menu first when it is not closed.
  const row = page.getByTestId('branch-row').first();
  const branchId = await row.getAttribute('data-branch-id');
  expect(branchId).toBeTruthy();
  const target = page.locator(`[data-testid="branch-row"][data-branch-id="${branchId}"]`);
  const setMode = async (mode: 'open' | 'close') => {
    await target.getByTestId('branch-actions').click();
    await page.getByTestId(`branch-mode-${mode}`).click();
    await page.getByTestId('confirm-yes').click();
  };
  if ((await target.getByTestId('branch-status').getAttribute('data-status')) !== 'closed') {
    await setMode('close');
    await expect(target.getByTestId('branch-status')).toHaveAttribute('data-status', 'closed');
  }
  await setMode('open');
  await expect(target.getByTestId('branch-status')).toHaveAttribute('data-status', 'open');
});
