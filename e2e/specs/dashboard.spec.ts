/** The dashboard branch board: scope and status colours (spec §2 Shell, colours; issue Foundation). */
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';

test('the organisation admin sees its own branches with live status, and no US branch', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  const rows = page.getByTestId('branch-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(20);
  await expect(page.getByText('Liberty Savings Demo')).toHaveCount(0);
  const statuses = await page.getByTestId('branch-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  // Every row has one of the four board statuses; the demo keeps one Albanian branch in alarm.
  expect(statuses.every((s) => ['open', 'closed', 'service', 'alarm'].includes(s ?? ''))).toBe(true);
  expect(statuses).toContain('alarm');
});

test('the branch manager sees exactly one branch', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'manager@example.com');
  await expect(page.getByTestId('branch-row')).toHaveCount(1);
});
