/**
 * Issue 19 "Exact texts and constants": the spec §8 texts the console shows when the login-server
 * lookup or a screen's call fails ('Could not find server to connect', 'Error connecting to server:
 * code {status} {text}', 'Error retrieving Branches for Map', '(New Password confirmation failed)'),
 * the §2 single sign-on return on code with session_state, the §9 page height (window − 350, or 200
 * at ≤ 555 px, after a 250 ms resize debounce), the notification alert's 272 / 12 px offset and the
 * user-selection list (after 500 ms, at most 500 px). Failures are answered by the browser's route
 * (no data changes); every assertion reads only this test's own screens.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';

const FAILED = { status: 500, contentType: 'application/json', body: JSON.stringify({ success: false }) };

async function lookUp(page: Page, email = 'orgadmin@example.com') {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-next').click();
}

test('the login-server lookup names its failures with the §8 texts', async ({ page }) => {
  await page.route('**/locate', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await lookUp(page);
  await expect(page.getByTestId('login-alert')).toHaveText('Error connecting to server: code 503 Service Unavailable');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.route('**/locate', (route) => route.abort('connectionrefused'));
  await lookUp(page);
  await expect(page.getByTestId('login-alert')).toHaveText('Could not find server to connect');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.route('**/locate', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }));
  await lookUp(page);
  await expect(page.getByTestId('login-alert')).toHaveText('Error determining login server. Please check your email address.');
});

test('a single sign-on return with code and session_state signs in (here: refused, as its state is missing)', async ({ page }) => {
  // Before: only code with state was recognised, and this return showed the e-mail step silently.
  await page.goto('/login?code=returned-code&session_state=opaque-session');
  await expect(page.getByTestId('login-alert')).toHaveText('Unable to validate user credentials. Please try to log in again.');
  await expect(page.getByTestId('login-email')).toBeVisible();
});

test('profile: a new password that does not match its confirmation warns (New Password confirmation failed)', async ({ page }) => {
  await signIn(page, 'orgadmin@example.com');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('menu-profile').click();
  const dialog = page.getByTestId('profile-dialog');
  await dialog.getByTestId('profile-password-toggle').click();
  await dialog.getByTestId('profile-oldpass').fill('Whatever-old-1');
  await dialog.getByTestId('profile-newpass').fill('Brand-new-pass-1');
  await dialog.getByTestId('profile-confirmpass').fill('Brand-new-pass-2');
  await dialog.getByTestId('profile-save').click();
  await expect(dialog.getByTestId('profile-alert')).toHaveText('(New Password confirmation failed)');
});

test('the dashboard says the map could not be read when the branches cannot be', async ({ page }) => {
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('branch-board')).toBeVisible();
  await page.route('**/api/client/getofficesv2', (route) => route.fulfill(FAILED));
  await page.goto('/');
  await expect(page.getByTestId('dashboard-error')).toContainText('Error retrieving Branch Offices');
  await expect(page.getByTestId('dashboard-map-error')).toHaveText('Error retrieving Branches for Map');
});

test('lists are as tall as the window less 350 px, or 200 px in a window of 555 px or less, after resizing settles', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await page.goto('/employees');
  const scroll = page.getByTestId('employees-scroll');
  await expect(scroll).toHaveAttribute('data-page-height', '450');
  expect((await scroll.boundingBox())!.height).toBeLessThanOrEqual(450);
  await page.setViewportSize({ width: 1280, height: 700 });
  await expect(scroll).toHaveAttribute('data-page-height', '350');
  await page.setViewportSize({ width: 1280, height: 555 });
  await expect(scroll).toHaveAttribute('data-page-height', '200');
  // Debounced: a burst of resizes gives one update, after the last one.
  await page.evaluate(() => {
    for (let i = 0; i < 5; i++) window.dispatchEvent(new Event('resize'));
  });
  await expect(scroll).toHaveAttribute('data-page-height', '200');
});

test('the emergency dialog lists the employees after 500 ms, at most 500 px tall; its alert keeps clear of the drawer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'operator@example.com');
  await page.getByTestId('emergency-button').click();
  const dialog = page.getByTestId('emergency-dialog').getByRole('dialog');
  for (const label of ['Client', 'Region', 'Location']) {
    await dialog.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
  }
  const list = dialog.getByTestId('ens-employees');
  await expect(list).toBeVisible();
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('500px');
  // Closing and opening again hides the list for 500 ms.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('emergency-button').click();
  const shownAt = await page.evaluate(() => performance.now());
  for (const label of ['Client', 'Region', 'Location']) {
    await dialog.getByRole('combobox', { name: label }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
  }
  await expect(list).toBeVisible();
  expect((await page.evaluate(() => performance.now())) - shownAt).toBeGreaterThanOrEqual(500);

  // A failed send (answered by the route; nothing is sent) shows the alert 272 px from the left.
  await page.route('**/api/client/manageensmessagetemplates', async (route) => {
    const body = route.request().postDataJSON() as { case?: string } | null;
    if (body?.case === 'NOTIFY-EMEGREGENCY') {
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, description: 'Refused here' }),
      });
    }
    return route.continue();
  });
  await dialog.getByTestId('ens-message').fill('Drill: no action needed.');
  await dialog.getByTestId('ens-select-all').click();
  await dialog.getByTestId('ens-send').click();
  const alert = page.getByTestId('notification-alert');
  await expect(page.getByTestId('ens-snackbar-error')).toHaveText(/Refused here/);
  await expect(alert).toHaveAttribute('data-offset', '272');
  expect(Math.round((await alert.boundingBox())!.x)).toBe(272);
});
