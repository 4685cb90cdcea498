/**
 * Management screens in the browser (issue 4): an organisation admin adds a region and a branch
 * in it (with a week schedule) through the screens and finds both in the lists; the platform
 * admin adds a client organisation and finds it in the list. Screenshots at 1280 and 800 wide.
 */
import { expect, test } from '@playwright/test';
import { signIn, signInAdmin } from '../fixtures/auth.js';

const shots = '.test-results/management-screens';

test('an organisation admin adds a region and a branch through the screens', async ({ page }) => {
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();

  await page.goto('/regions');
  await page.getByTestId('regions-add').click();
  await page.getByTestId('region-add-name').fill(`E2E Region ${stamp}`);
  await page.getByTestId('region-add-code').fill(`RG-${stamp}`);
  await page.getByTestId('region-add-phoneNumber').fill('+355 69 111 2222');
  await page.getByTestId('region-add-timeZone').fill('Europe/Tirane');
  await page.getByTestId('region-add-submit').click();
  await expect(page.getByTestId('region-add-dialog')).toBeHidden();
  await page.getByTestId('regions-search').fill(`E2E Region ${stamp}`);
  await expect(page.getByTestId('regions-row')).toHaveCount(1);
  await expect(page.getByTestId('regions-row').first()).toContainText('+355 69 111 2222');

  await page.goto('/branches');
  await page.getByTestId('branches-add').click();
  await page.getByTestId('branch-add-name').fill(`E2E Branch ${stamp}`);
  await page.getByTestId('branch-add-code').fill(`BR-${stamp}`);
  await page.getByTestId('branch-add-regionalOfficeId').locator('..').click();
  await page.getByRole('option', { name: `E2E Region ${stamp}` }).click();
  await page.getByTestId('branch-add-timeZone').fill('Europe/Tirane');
  await page.getByTestId('branch-add-submit').click();
  await expect(page.getByTestId('branch-add-dialog')).toBeHidden();
  await page.getByTestId('branches-search').fill(`E2E Branch ${stamp}`);
  await expect(page.getByTestId('branches-row')).toHaveCount(1);
  await expect(page.getByTestId('branches-row').first()).toContainText(`E2E Region ${stamp}`);
  await page.screenshot({ path: `${shots}/branches-1280.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${shots}/branches-800.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The branch editor: week schedule Monday to Friday.
  await page.getByTestId('branches-row').first().click();
  await expect(page.getByTestId('branch-editor')).toBeVisible();
  await page.screenshot({ path: `${shots}/branch-edit-1280.png`, fullPage: true });
  await page.getByTestId('branch-tab-1').click();
  for (const d of [1, 2, 3, 4, 5]) await page.getByTestId(`branch-week-days-day-${d}`).check();
  await page.getByTestId('branch-week-days-opens-1').fill('08:30');
  await page.getByTestId('branch-week-submit').click();
  await expect(page.getByTestId('branch-week-saved')).toBeVisible();
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${shots}/branch-edit-800.png`, fullPage: true });
});

test('the platform admin adds a client organisation', async ({ page }) => {
  await signInAdmin(page);
  // Wait for the sign-in to finish before navigating, or the navigation cancels it.
  await expect(page).toHaveURL(/\/admin\/employees$/);
  await page.goto('/admin/clients');
  const name = `E2E Client ${Date.now().toString(36)}`;
  await page.getByTestId('admin-clients-add').click();
  await page.getByTestId('client-form-name').fill(name);
  await page.getByTestId('client-form-city').fill('Durrës');
  await page.getByTestId('client-form-latitude').fill('41.32');
  await page.getByTestId('client-form-longitude').fill('19.45');
  await page.getByTestId('client-form-timeZone').fill('Europe/Tirane');
  await page.getByTestId('client-form-submit').click();
  await expect(page.getByTestId('client-form-dialog')).toBeHidden();
  await page.getByTestId('admin-clients-search').fill(name);
  await expect(page.getByTestId('admin-clients-row')).toHaveCount(1);
  await page.getByTestId('admin-clients-search').fill('');
  await page.screenshot({ path: `${shots}/admin-clients-1280.png` });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: `${shots}/admin-clients-800.png` });
});
