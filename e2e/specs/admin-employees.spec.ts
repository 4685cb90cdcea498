/**
 * The admin console's employees in the browser (issue 19; spec §2 /admin/employees, /admin/clients):
 * the platform admin creates a client, gives it its first administrator from the client's page,
 * finds that person on /admin/employees, resends the activation, edits the surname; once the
 * person has activated the account (link from the demo mailbox), sends a temporary password and
 * sets the user inactive and active again; then adds a second person to the client from
 * /admin/employees. Only this test's own client and users are touched.
 * Screenshots at 1280 and 800 px wide go to .test-results/admin-employees.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAdmin } from '../fixtures/auth.js';

const shots = '.test-results/admin-employees';

/** Screenshots of the page (or `target`) at 1280 and 800 px wide, then back to 1280. */
async function screenshots(page: Page, name: string, target?: Locator) {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    if (target) await target.screenshot({ path: `${shots}/${name}-${width}.png` });
    else await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The newest link to `path` in the demo mailbox's mail to `email` with `subject`. */
async function mailedLink(page: Page, email: string, subject: string): Promise<string> {
  await page.goto('/admin/outbox');
  const row = page.getByTestId('outbox-row').filter({ hasText: email }).filter({ hasText: subject }).first();
  await expect(async () => {
    await page.getByTestId('outbox-refresh').click();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await row.click();
  const href = await page.getByTestId('outbox-link').first().getAttribute('href');
  return href!;
}

test('the platform admin gives a new client its first admin, then edits, resends, sends a temporary password and changes status', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const client = `E2E19 Client ${stamp}`;
  const email = `first.admin.${stamp}@e2e19.example`;

  await signInAdmin(page);
  await expect(page).toHaveURL(/\/admin\/employees$/);
  await page.goto('/admin/clients');
  await page.getByTestId('admin-clients-add').click();
  await page.getByTestId('client-form-name').fill(client);
  await page.getByTestId('client-form-timeZone').fill('Europe/Tirane');
  await page.getByTestId('client-form-latitude').fill('41.33');
  await page.getByTestId('client-form-longitude').fill('19.82');
  await page.getByTestId('client-form-submit').click();
  await expect(page.getByTestId('client-form-dialog')).toBeHidden();

  // The client's page: no administrator yet; add the first one.
  await page.getByTestId('admin-clients-search').fill(client);
  await expect(page.getByTestId('admin-clients-row')).toHaveCount(1);
  await page.getByTestId('admin-clients-row').first().click();
  const admins = page.getByTestId('client-admins');
  await expect(admins.getByTestId('client-admins-empty')).toHaveText("No administrator yet. Add the organization's first administrator.");
  await admins.getByTestId('client-admins-add').click();
  await admins.getByTestId('client-admin-add-name').fill('Blerta');
  await admins.getByTestId('client-admin-add-surname').fill('Kola');
  await admins.getByTestId('client-admin-add-email').fill(email);
  await admins.getByTestId('client-admin-add-phoneNumber').fill('12');
  await admins.getByTestId('client-admin-add-submit').click();
  await expect(admins.getByText('Phone Number should look like this: +XXXXXXXXXXX')).toBeVisible();
  await admins.getByTestId('client-admin-add-phoneNumber').fill('+355 69 222 3344');
  await admins.getByTestId('client-admin-add-submit').click();
  await expect(admins.getByTestId('client-admins-row')).toHaveCount(1);
  await expect(admins.getByTestId('client-admins-row')).toContainText(`Blerta Kola${email}`);
  await expect(admins.getByTestId('client-admins-row')).toContainText('Pending');
  await screenshots(page, 'client-admins', page.getByRole('dialog'));
  await page.getByRole('button', { name: 'Cancel' }).last().click();

  // /admin/employees: the new admin, Pending; resend the activation, edit the surname.
  await page.goto('/admin/employees');
  await page.getByTestId('admin-employees-search').fill(email);
  const row = page.getByTestId('admin-employees-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(client);
  await expect(row).toContainText('Organization Admin');
  await row.click();
  const dialog = page.getByTestId('admin-employee-dialog');
  await expect(dialog.getByTestId('admin-employee-temporary')).toHaveCount(0);
  await dialog.getByTestId('admin-employee-resend').click();
  await expect(dialog.getByTestId('admin-employee-notice')).toHaveText('Activation sent');
  await dialog.getByTestId('admin-employee-edit-surname').fill('Kola-Hoxha');
  await dialog.getByTestId('admin-employee-edit-submit').click();
  await expect(dialog.getByTestId('admin-employee-notice')).toHaveText('Employee saved');
  await expect(row).toContainText('Blerta Kola-Hoxha');
  await screenshots(page, 'admin-employee-pending', dialog.getByRole('dialog').or(page.getByRole('dialog')).first());
  await page.keyboard.press('Escape');

  // The person activates the account through the (second) mailed link.
  const link = await mailedLink(page, email, 'Activate');
  await page.goto(link);
  await page.getByTestId('activation-password').fill('First-admin-19');
  await page.getByTestId('activation-password_confirm').fill('First-admin-19');
  await page.getByTestId('activation-password_confirm').blur();
  await page.getByTestId('activation-submit').click();
  await expect(page.getByTestId('account-done')).toBeVisible();

  // Active now: a temporary password, then inactive and active again (the admin session is still open).
  await page.goto('/admin/employees');
  await page.getByTestId('admin-employees-search').fill(email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Pending');
  await row.click();
  await expect(dialog.getByTestId('admin-employee-resend')).toHaveCount(0);
  await dialog.getByTestId('admin-employee-temporary').click();
  await expect(dialog.getByTestId('admin-employee-notice')).toHaveText('Temporary password sent to the user by e-mail');
  await dialog.getByTestId('admin-employee-status').click();
  await expect(dialog.getByTestId('admin-employee-notice')).toHaveText('Employee saved');
  await expect(dialog.getByTestId('admin-employee-status')).toHaveText('Set active');
  await expect(row).toContainText('Inactive');
  await screenshots(page, 'admin-employee-inactive', page.getByRole('dialog'));
  await dialog.getByTestId('admin-employee-status').click();
  await expect(dialog.getByTestId('admin-employee-status')).toHaveText('Set inactive');
  await page.keyboard.press('Escape');
  await expect(row).not.toContainText('Inactive');
  await expect(row).toContainText('Active');
  await screenshots(page, 'admin-employees');

  // Add a second person to the same client from /admin/employees: the organisation is required.
  await page.getByTestId('admin-employees-add').click();
  const add = page.getByTestId('admin-employee-add-dialog');
  await add.getByTestId('admin-employee-add-name').fill('Dritan');
  await add.getByTestId('admin-employee-add-surname').fill('Meta');
  await add.getByTestId('admin-employee-add-email').fill(`second.${email}`);
  await add.getByTestId('admin-employee-add-submit').click();
  await expect(add.getByTestId('admin-employee-add-error')).toHaveText('Choose an organization first');
  await add.getByTestId('admin-employee-add-organizationId').locator('..').click();
  await page.getByRole('option', { name: client, exact: true }).click();
  await add.getByTestId('admin-employee-add-submit').click();
  await expect(add).toBeHidden();
  await expect(dialog).toContainText('Dritan Meta');
  await expect(dialog).toContainText(`${client} · Pending`);
  await page.keyboard.press('Escape');

  // The temporary password reached the user's mailbox.
  await page.goto('/admin/outbox');
  const mail = page.getByTestId('outbox-row').filter({ hasText: email }).filter({ hasText: 'temporary' });
  await expect(async () => {
    await page.getByTestId('outbox-refresh').click();
    await expect(mail).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
});
