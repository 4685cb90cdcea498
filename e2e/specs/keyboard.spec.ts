/**
 * The alarm panel works by keyboard alone (issue 19, WCAG 2.1.1), on an organisation of the test's
 * own: from the page, Tab reaches an alarm's Acknowledge button; Enter opens the disposition
 * dialog; the disposition is chosen with the arrow keys, the note typed, and Enter on Confirm
 * acknowledges the panic. No mouse event is sent. (The chat spec answers and writes by keyboard,
 * the calls spec answers a call by keyboard.)
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { createOwnOrg, type OwnOrg } from '../fixtures/own-org.js';
import { tabTo } from '../fixtures/keyboard.js';

test.use({ viewport: { width: 1280, height: 800 } });

let world: OwnOrg;
test.beforeAll(async ({ baseURL }) => {
  world = await createOwnOrg(baseURL!, { branches: 1, consoles: 1, label: 'kbd' });
});
test.afterAll(async () => world?.dispose());

test('a panic is acknowledged with its disposition and note by keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, world.consoles[0]!);
  await expect(page.getByTestId('alarm-panel')).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  const id = await world.alarm(world.branches[0]!.id, 'PANIC');
  const item = page.locator(`[data-testid="alarm-item"][data-notification-id="${id}"]`);
  await expect(item).toBeVisible();

  await tabTo(page, `[data-notification-id="${id}"] [data-testid="alarm-ack"]`);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('ack-dialog');
  await expect(dialog).toBeVisible();

  // The disposition: the select opens on Enter/ArrowDown, an option is picked with the arrows and Enter.
  await tabTo(page, '[data-testid="ack-disposition-select"]', 20);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('ack-disposition-option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ack-disposition-option')).toHaveCount(0);

  await tabTo(page, '[data-testid="ack-note"]', 20);
  await page.keyboard.type('Called the branch: all well');
  await tabTo(page, '[data-testid="ack-confirm"]', 20);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(item).toHaveAttribute('data-acknowledged', 'true');
  await expect(item.getByTestId('alarm-disposition')).toBeVisible();
});
