/**
 * One source for every count (issue 13), on an organisation of the test's own: the alarm panel's
 * badge, the bell and the board's alarm chip agree after every alarm and every acknowledgement,
 * and after a reload; a test alarm (branch in test mode) is listed apart, dimmed, and counted nowhere.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { acknowledge } from '../fixtures/alarms.js';
import { createOwnOrg, type OwnOrg } from '../fixtures/own-org.js';

test.use({ viewport: { width: 1280, height: 800 } });

let world: OwnOrg;
test.beforeAll(async ({ baseURL }) => {
  world = await createOwnOrg(baseURL!, { branches: 3, testBranches: 1, label: 'counts' });
});
test.afterAll(async () => world?.dispose());

/** Badge, bell and alarm chip all show `n` (and the chip counts `branches` branches). */
async function expectCounts(page: Page, n: number, branches: number) {
  await expect(page.getByTestId('alarm-badge')).toHaveAttribute('data-count', String(n));
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-count', String(n));
  await expect(page.getByTestId('status-count-alarm')).toHaveAttribute('data-count', String(branches));
}

test('the badge, the bell and the alarm chip agree after every action; test alarms are apart and not counted', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, world.consoles[0]!);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('branch-row')).toHaveCount(3);
  await expectCounts(page, 0, 0);

  const [b1, b2, testBranch] = world.branches;
  const panic = await world.alarm(b1!.id, 'PANIC');
  const trouble = await world.alarm(b1!.id, 'TROUBLE');
  const alarm = await world.alarm(b2!.id, 'ALARM');
  const testPanic = await world.alarm(testBranch!.id, 'PANIC');
  const item = (id: number) => page.locator(`[data-testid="alarm-item"][data-notification-id="${id}"]`);
  await expect(item(testPanic)).toBeVisible();
  await expectCounts(page, 3, 2);

  // The test alarm: below a heading of its own, after every real alarm, dimmed.
  await expect(item(testPanic)).toHaveAttribute('data-test-notification', 'true');
  await expect(page.getByTestId('alarm-test-heading')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('alarm-item').last()).toHaveAttribute('data-notification-id', String(testPanic));
  expect(Number(await item(testPanic).evaluate((e) => getComputedStyle(e).opacity))).toBeLessThan(1);

  await acknowledge(page, item(trouble));
  await expect(item(trouble)).toHaveAttribute('data-acknowledged', 'true');
  await expectCounts(page, 2, 2);
  await acknowledge(page, item(alarm));
  await expectCounts(page, 1, 1);
  await acknowledge(page, item(panic), 'Branch called, all well');
  await expectCounts(page, 0, 0);

  // After a reload (the alarms come from history now) the counts are the same.
  await page.reload();
  await expect(item(testPanic)).toBeVisible();
  await expectCounts(page, 0, 0);
  await expect(page.getByTestId('alarm-test-heading')).toHaveAttribute('data-count', '1');
});
