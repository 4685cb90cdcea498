/**
 * Phone fields and CarrierInfo in the browser (issue 19; spec §3 Country list entry, PhoneNumber,
 * Operator, User CarrierInfo): the employee form's phone field starts on the organisation's
 * country (Albania → +355, the US bank → +1) with an example of that country in the hint, reads a
 * national number in that country, offers every country of the list, and the SMS operator is
 * chosen from getknownoperators' list. Nothing is saved. Screenshots go to .test-results/phone-fields.
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';

test('the Albanian bank’s employee form: +355 hint, a national number made international, countries and operators to choose from', async ({
  page,
}) => {
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  await page.goto('/employees');
  await page.getByTestId('employees-add').click();
  const dialog = page.getByTestId('employee-add-dialog');
  const phone = dialog.getByTestId('employee-add-phoneNumber');
  await expect(dialog.getByText(/^International format, e\.g\. \+355 /)).toBeVisible();
  await phone.fill('069 123 4567');
  await phone.blur();
  await expect(phone).toHaveValue('+355 69 123 4567');
  // Another country from the list: the hint follows it.
  await phone.fill('');
  await dialog.getByTestId('employee-add-phoneNumber-country').locator('..').click();
  await expect(page.getByRole('option', { name: 'Albania (+355)' })).toBeVisible();
  await page.getByRole('option', { name: 'Kosovo (+383)' }).click();
  await expect(phone).toHaveValue('+383 ');
  await expect(dialog.getByText(/^International format, e\.g\. \+383 /)).toBeVisible();
  // The SMS operator from getknownoperators.
  await dialog.getByTestId('employee-add-carrierName').locator('..').click();
  await expect(page.getByRole('option', { name: 'Verizon (vtext.com)' })).toBeVisible();
  await page.getByRole('option', { name: 'T-Mobile (tmomail.net)' }).click();
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    await page.getByRole('dialog').screenshot({ path: `.test-results/phone-fields/employee-add-${width}.png` });
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the US bank’s employee form starts on +1', async ({ page }) => {
  await signIn(page, 'us-orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  await page.goto('/employees');
  await page.getByTestId('employees-add').click();
  const dialog = page.getByTestId('employee-add-dialog');
  await expect(dialog.getByText(/^International format, e\.g\. \+1 /)).toBeVisible();
  const phone = dialog.getByTestId('employee-add-phoneNumber');
  await phone.fill('(212) 555-0100');
  await phone.blur();
  await expect(phone).toHaveValue('+1 212 555 0100');
});
