/**
 * Spec §8 "Other" failure texts of the management screens: when a call fails without an
 * explanation from the server (a 500 here, answered by the browser's route), the screen shows its
 * own text — 'Error retrieving Users', 'Error retrieving User', 'Error updating employee',
 * 'Error retrieving Branch Types', 'Error updating Branch Details', '… Branch Office Schedule',
 * '… Branch Holidays', '… Branch Timers'. (A refusal the server explains keeps its own text:
 * apps/web/src/shared/api/client.test.ts.)
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';

const FAILED = { status: 500, contentType: 'application/json', body: JSON.stringify({ success: false }) };

/** Fails the calls to `url` whose JSON body has `case` in `cases` (all of them when `cases` is empty). */
async function failCases(page: Page, url: string, cases: string[] = []) {
  await page.route(url, (route: Route) => {
    const body = route.request().postDataJSON() as { case?: string } | null;
    if (cases.length === 0 || (body?.case && cases.includes(body.case))) return route.fulfill(FAILED);
    return route.continue();
  });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();
});

test('the employee screens show the §8 texts when their calls fail', async ({ page }) => {
  await failCases(page, '**/api/client/getallemployees');
  await page.goto('/employees');
  await expect(page.getByTestId('employees-list').getByRole('alert')).toHaveText('Error retrieving Users');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto('/employees');
  await page.getByTestId('employees-row').first().click();
  await expect(page.getByTestId('employee-edit-form')).toBeVisible();
  const url = page.url();
  await failCases(page, '**/api/client/manageemployees', ['UPDATE-EMPLOYEE']);
  await page.getByTestId('employee-edit-submit').click();
  await expect(page.getByTestId('employee-edit-error')).toHaveText('Error updating employee');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await failCases(page, '**/api/client/getemployee');
  await page.goto(url);
  await expect(page.getByTestId('employee').getByRole('alert')).toHaveText('Error retrieving User');
});

test('the branch screens show the §8 texts when their calls fail', async ({ page }) => {
  await failCases(page, '**/api/client/getknownoperators', ['GET-BRANCH-OFFICE-TYPES']);
  await page.goto('/branches');
  await expect(page.getByTestId('branch-types-error')).toHaveText('Error retrieving Branch Types');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto('/branches');
  await page.getByTestId('branches-row').first().click();
  await expect(page.getByTestId('branch-editor')).toBeVisible();
  await failCases(page, '**/api/client/managebranchoffices');
  const forms: [number, string, string][] = [
    [0, 'branch-details', 'Error updating Branch Details'],
    [1, 'branch-week', 'Error updating Branch Office Schedule'],
    [2, 'branch-holidays', 'Error updating Branch Holidays'],
    [3, 'branch-timers', 'Error updating Branch Timers'],
  ];
  for (const [tab, testId, text] of forms) {
    await page.getByTestId(`branch-tab-${tab}`).click();
    await page.getByTestId(`${testId}-submit`).click();
    await expect(page.getByTestId(`${testId}-error`)).toHaveText(text);
  }
});
