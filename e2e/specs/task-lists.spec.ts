/**
 * Task lists in the browser (issue 17 "Done when"): an organisation admin builds a template with
 * three items, reorders them from the keyboard (dnd-kit: Space, arrow keys, Space), assigns it to a
 * whole region, the branch staff run it through the mobile API while the board's running task
 * follows live to 3/3, and the task-list report shows the run with every item's duration.
 * Screenshots at 1280 and 800 px wide go to .test-results/task-lists-screens.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, signInAdmin } from '../fixtures/auth.js';

const shots = '.test-results/task-lists-screens';
const NAME = 'E2E morning opening';
const BRANCH = 'Dega Skënderbej';

/** Screenshots of the page (or `target`) at 1280 and 800 px wide, then back to 1280. */
async function screenshots(page: Page, name: string, target?: Locator) {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    if (target) await target.screenshot({ path: `${shots}/${name}-${width}.png` });
    else await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The mobile API as the branch staff's app uses it. */
async function mobile(request: APIRequestContext) {
  const login = await request.post('/api/mobile/login', { data: { username: 'staff@example.com', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const body = ((await login.json()) as { body: { Token: string; Branches: { BranchOfficeId: number; Name: string }[] } }).body;
  const call = async <T>(path: string, data: unknown): Promise<T> => {
    const r = await request.post(`/api/mobile/${path}`, { data, headers: { authorization: `Bearer ${body.Token}` } });
    const json = (await r.json()) as { body: T; description?: string };
    expect(r.status(), `${path}: ${json.description ?? ''}`).toBe(200);
    return json.body;
  };
  const branchId = body.Branches.find((b) => b.Name === BRANCH)!.BranchOfficeId;
  return { call, branchId };
}

test('build, reorder by keyboard, assign to a region, run from the app, watch 3/3 on the board, read the report', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await page.getByTestId('board-view-activity').click(); // the side panel's tab (remembered across reloads)
  await expect(page.getByTestId('running-tasks')).toBeVisible();
  await page.goto('/task-list');
  await expect(page.getByTestId('task-lists')).toBeVisible();

  // A template with three items.
  await page.getByTestId('task-list-add').click();
  const dialog = page.getByTestId('task-list-dialog');
  await dialog.getByTestId('task-list-name').fill(NAME);
  const names = ['Walk the perimeter', 'Disarm the alarm', 'Check the vault'];
  for (const [i, name] of names.entries()) {
    if (i > 0) await dialog.getByTestId('task-item-add').click();
    await dialog.getByTestId('task-item-name').nth(i).fill(name);
    await dialog.getByTestId('task-item-minutes').nth(i).fill('1');
  }
  const order = () => dialog.getByTestId('task-item-name').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(await order()).toEqual(names);

  // Keyboard reorder: the vault check moves to the top (Space, ArrowUp twice, Space).
  const handle = dialog.getByTestId('task-item-handle').nth(2);
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(200);
  await page.keyboard.press('Space');
  await expect.poll(order).toEqual(['Check the vault', 'Walk the perimeter', 'Disarm the alarm']);
  await screenshots(page, 'editor', dialog);
  await dialog.getByTestId('task-list-save').click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`[data-testid="task-list-row"][data-name="${NAME}"]`);
  await expect(row.getByTestId('task-list-items')).toHaveText('3');

  // The §5 duplicate-name text.
  await page.getByTestId('task-list-add').click();
  await page.getByTestId('task-list-dialog').getByTestId('task-list-name').fill(NAME.toUpperCase());
  await page.getByTestId('task-list-dialog').getByTestId('task-item-name').first().fill('One');
  await page.getByTestId('task-list-save').click();
  await expect(page.getByTestId('task-list-error')).toHaveText('This Task List Name is already in use');
  await page.getByTestId('task-list-dialog').getByRole('button', { name: 'Cancel' }).click();

  // Assign to the whole Tirana region.
  await row.getByTestId('task-list-assign').click();
  const assign = page.getByTestId('task-list-assign-dialog');
  await assign.getByTestId('assign-regions').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Tirana Region' }).click();
  await assign.getByTestId('assign-save').click();
  await expect(assign.getByTestId('assigned-branches')).toContainText(BRANCH);
  await screenshots(page, 'assign', assign);
  await assign.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByTestId('task-list-assigned')).toHaveText('Multiple');
  await screenshots(page, 'list');

  // The staff start it from the app; the board follows live.
  const app = await mobile(request);
  const offered = await app.call<{ templates: { TemplateAutoId: number; name: string }[] }>('tasks', { branchOfficeId: app.branchId });
  const templateId = offered.templates.find((t) => t.name === NAME)!.TemplateAutoId;
  await page.goto('/');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  const task = await app.call<{ TaskId: number; items: { TemplateDetailsAutoId: number; name: string }[] }>('task/start', {
    branchOfficeId: app.branchId,
    TemplateAutoId: templateId,
  });
  expect(task.items.map((i) => i.name)).toEqual(['Check the vault', 'Walk the perimeter', 'Disarm the alarm']);
  const running = page.locator(`[data-testid="running-task"][data-branch="${BRANCH}"]`);
  await expect(running.getByTestId('running-task-progress')).toHaveText('0 / 3');
  for (const [i, item] of task.items.entries()) {
    await app.call('task/item', { TaskId: task.TaskId, TemplateDetailsAutoId: item.TemplateDetailsAutoId, action: 'START' });
    await page.waitForTimeout(1100);
    await app.call('task/item', { TaskId: task.TaskId, TemplateDetailsAutoId: item.TemplateDetailsAutoId, action: 'DONE' });
    await expect(running.getByTestId('running-task-progress')).toHaveText(`${i + 1} / 3`);
  }
  await expect(running).toContainText('Completed');
  await screenshots(page, 'board', page.getByTestId('running-tasks'));

  // The report shows the run and its items' durations.
  await page.goto('/task-list');
  await page.getByTestId('task-list-report-link').click();
  const report = page.getByTestId('task-run-report');
  const runRow = report.getByRole('row').filter({ hasText: NAME });
  await expect(runRow).toContainText(BRANCH);
  await expect(runRow).toContainText('3/3');
  await expect(runRow).toContainText('00:03:00');
  await runRow.click();
  const items = page.getByTestId('task-run-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('1. Check the vault');
  for (let i = 0; i < 3; i++) {
    await expect(items.nth(i)).toContainText(/00:00:0[1-9]/);
    await expect(items.nth(i)).toContainText('00:01:00');
  }
  await screenshots(page, 'report-run', page.getByRole('dialog'));
  await page.keyboard.press('Escape');
  await page.getByTestId('task-report-tab-summary').click();
  const summary = page.getByTestId('task-summary-report').getByRole('row').filter({ hasText: NAME });
  await expect(summary).toContainText(BRANCH);
  await expect(summary).toContainText('100');
  await screenshots(page, 'report-summary');
});

test('the platform admin keeps the task list library with its edit and delete flags', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  await page.getByTestId('task-library-link').click();
  const rows = page.getByTestId('task-library-row');
  await expect(rows.filter({ hasText: 'Standard branch opening' })).toBeVisible();
  const opening = rows.filter({ hasText: 'Standard branch opening' });
  // The demo's opening may not be edited by organisations; switching it on is saved.
  const edit = opening.getByRole('switch', { name: 'Organizations may edit' });
  await expect(edit).not.toBeChecked();
  await edit.click();
  await expect(edit).toBeChecked();
  await page.reload();
  await expect(
    page
      .getByTestId('task-library-row')
      .filter({ hasText: 'Standard branch opening' })
      .getByRole('switch', { name: 'Organizations may edit' }),
  ).toBeChecked();
  await screenshots(page, 'library', page.getByTestId('task-library'));
});

test('the board shows an error, not "No task is running", when the running tasks cannot be read', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let fail = true;
  await page.route('**/api/client/gettasks', async (route) => {
    if (fail) await route.fulfill({ status: 403, json: { success: false, description: 'Forbidden' } });
    else await route.continue();
  });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await page.getByTestId('board-view-activity').click();
  const board = page.getByTestId('running-tasks');
  await expect(board.getByTestId('running-tasks-error')).toContainText('Error retrieving Tasks');
  await expect(board.getByTestId('running-tasks-empty')).toHaveCount(0);
  await screenshots(page, 'board-error', board);
  fail = false;
  await board.getByRole('button', { name: 'Retry' }).click();
  await expect(board.getByTestId('running-tasks-error')).toHaveCount(0);
  await expect(board.locator('[data-testid="running-tasks-empty"], [data-testid="running-task"]').first()).toBeVisible();
});
