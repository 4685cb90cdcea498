/**
 * Branch Activities (spec §7 managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID) as a tab of the
 * branch page: a mobile check-in at the branch shows up in the tab with the user's name; a range
 * whose end precedes its start is refused on the form. Screenshots at 1280 and 800 px go to docs/screenshots/.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

test('the branch page’s Activities tab lists the branch’s activity, newest first', async ({ page, request }) => {
  const login = await request.post('/api/mobile/login', { data: { username: 'staff@example.com', password: DEMO_PASSWORD } });
  const { body } = (await login.json()) as { body: { Token: string; Branches: { BranchOfficeId: number; Name: string }[] } };
  const branch = body.Branches[0]!;
  const alarm = await request.post('/api/mobile/alarm', {
    headers: { Authorization: `Bearer ${body.Token}` },
    data: { branchOfficeId: branch.BranchOfficeId, type: 'TROUBLE' },
  });
  expect(alarm.ok(), await alarm.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await page.getByTestId('board-view-activity').click();
  await expect(page.getByTestId('timers-panel')).toBeVisible();
  await page.goto('/branches');
  await page.getByTestId('branches-search').fill(branch.Name);
  // The search applies after a short pause: open the row only once the list shows the branch first.
  await expect(page.getByTestId('branches-row').first()).toContainText(branch.Name);
  await page.getByTestId('branches-row').first().click();
  await page.getByRole('tab', { name: 'Activities' }).click();
  const list = page.getByTestId('branch-activities');
  await expect(list.getByTestId('branch-activity').first()).toBeVisible();
  // Newest first: the trouble just raised heads the list.
  await expect(list.getByTestId('branch-activity').first()).toContainText('Trouble');
  await page.screenshot({ path: shot('branch-activities-1280.png') });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: shot('branch-activities-800.png') });

  // An end before the start is flagged.
  await list.getByLabel('To Date').fill('2020-01-01');
  await expect(list.getByTestId('branch-activities-range-error')).toHaveText('To Date cannot be earlier than From Date');
});
