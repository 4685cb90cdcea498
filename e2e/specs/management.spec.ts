/**
 * Management screens in the browser (issue 4): an organisation admin creates a region, a branch
 * in it with a week schedule (coordinates set by clicking the map, then from the address) and an
 * employee assigned to that branch, then finds all three in the lists and in the CSV exports
 * downloaded through the screens; the platform admin creates a client organisation (coordinates from the map) and a
 * security office that monitors it, and finds both in the lists. A default that depends on a list
 * still loading when the add dialog opened fills in when it arrives. Screenshots at 1280 and 800 px
 * wide of the changed screens go to .test-results/management-screens.
 */
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signInAdmin } from '../fixtures/auth.js';

const shots = '.test-results/management-screens';

/** Rows of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF), BOM dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Clicks the list's export button, reads the downloaded file; returns the rows as objects keyed by the header. */
async function exportCsv(page: Page, list: string, filename: string): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${list}-export`).click()]);
  expect(download.suggestedFilename()).toBe(filename);
  const [header, ...rows] = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/**
 * Waits for a picker map to load, clicks it `dx`, `dy` px from its centre (a new map opens on the
 * Western Balkans) and returns the coordinates the form now holds.
 */
async function pickOnMap(page: Page, form: string, dx: number, dy: number): Promise<{ lat: string; lng: string }> {
  const map = page.getByTestId(`${form}-coordinates-map`);
  await expect(map).toHaveAttribute('data-ready', 'true');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
  const lat = page.getByTestId(`${form}-latitude`);
  const lng = page.getByTestId(`${form}-longitude`);
  await expect(lat).toHaveValue(/^-?\d{1,2}(\.\d{1,6})?$/);
  await expect(lng).toHaveValue(/^-?\d{1,3}(\.\d{1,6})?$/);
  const picked = { lat: await lat.inputValue(), lng: await lng.inputValue() };
  await expect(map).toHaveAttribute('data-marker', `${Number(picked.lat)},${Number(picked.lng)}`);
  await expect(map.locator('.maplibregl-marker')).toHaveCount(1);
  return picked;
}

/** Chooses `option` in the MUI select whose input has data-testid `testId` (closes a multiple select after). */
async function choose(page: Page, testId: string, option: string, multiple = false) {
  await page.getByTestId(testId).locator('..').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  if (multiple) await page.keyboard.press('Escape');
}

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

test('an organisation admin creates a region, a branch in it and an employee there, and finds them in the lists and exports', async ({
  page,
}) => {
  // Three forms, two exports and ten screenshots: about 60 s alone, twice that beside another worker.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  // The test server has no geocoder (GEOCODER_URL; the server side is tested in
  // apps/server/test/geocode.test.ts): this page sees one through its geocode call.
  await page.route('**/api/client/geocode', async (route) => {
    const body = route.request().postDataJSON() as { case: string; address?: string };
    const results = body.address?.includes('Skanderbeg')
      ? [{ Latitude: 41.327546, Longitude: 19.818699, DisplayName: 'Sheshi Skënderbej, Tiranë' }]
      : [];
    await route.fulfill({
      json: { success: true, body: body.case === 'GEOCODER-STATUS' ? { configured: true } : { configured: true, results } },
    });
  });
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const region = `E2E Region ${stamp}`;
  const branch = `E2E Branch ${stamp}`;
  const email = `e2e.${stamp.toLowerCase()}@example.com`;

  // Region.
  await page.goto('/regions');
  await page.getByTestId('regions-add').click();
  await page.getByTestId('region-add-name').fill(region);
  await page.getByTestId('region-add-code').fill(`RG-${stamp}`);
  await page.getByTestId('region-add-phoneNumber').fill('+355 69 111 2222');
  await page.getByTestId('region-add-timeZone').fill('Europe/Tirane');
  await page.getByTestId('region-add-submit').click();
  await expect(page.getByTestId('region-add-dialog')).toBeHidden();
  await page.getByTestId('regions-search').fill(region);
  await expect(page.getByTestId('regions-row')).toHaveCount(1);
  await expect(page.getByTestId('regions-row').first()).toContainText('+355 69 111 2222');
  const regions = await exportCsv(page, 'regions', 'regions.csv');
  expect(regions.map((r) => r.Name)).toEqual([region]);
  expect(regions[0]).toMatchObject({ Code: `RG-${stamp}`, PhoneNumber: '+355 69 111 2222', TimeZone: 'Europe/Tirane', Status: 'Active' });

  // Branch in the region, coordinates chosen on the map.
  await page.goto('/branches');
  await page.getByTestId('branches-add').click();
  await page.getByTestId('branch-add-name').fill(branch);
  await page.getByTestId('branch-add-code').fill(`BR-${stamp}`);
  await choose(page, 'branch-add-regionalOfficeId', region);
  await page.getByTestId('branch-add-city').fill('Tiranë');
  await page.getByTestId('branch-add-timeZone').fill('Europe/Tirane');
  const picked = await pickOnMap(page, 'branch-add', 2, 1);
  // The point under the cursor: next to the view's centre, 41° N 20° E.
  expect(Math.abs(Number(picked.lat) - 41)).toBeLessThan(2);
  expect(Math.abs(Number(picked.lng) - 20)).toBeLessThan(2);
  await screenshots(page, 'branch-add', page.getByRole('dialog'));
  await page.getByTestId('branch-add-submit').click();
  await expect(page.getByTestId('branch-add-dialog')).toBeHidden();
  await page.getByTestId('branches-search').fill(branch);
  await expect(page.getByTestId('branches-row')).toHaveCount(1);
  await expect(page.getByTestId('branches-row').first()).toContainText(region);
  await screenshots(page, 'branches');
  const branches = await exportCsv(page, 'branches', 'branches.csv');
  expect(branches.map((b) => b.Name)).toEqual([branch]);
  expect(branches[0]).toMatchObject({ Code: `BR-${stamp}`, Region: region, City: 'Tiranë', TimeZone: 'Europe/Tirane', Type: 'Branch' });
  expect(Number(branches[0]!.Latitude)).toBe(Number(picked.lat));
  expect(Number(branches[0]!.Longitude)).toBe(Number(picked.lng));

  // The branch editor: the map shows the saved point; "Find from the address" sets the coordinates.
  await page.getByTestId('branches-row').first().click();
  await expect(page.getByTestId('branch-editor')).toBeVisible();
  const map = page.getByTestId('branch-details-coordinates-map');
  await expect(map).toHaveAttribute('data-ready', 'true');
  await expect(map).toHaveAttribute('data-marker', `${Number(picked.lat)},${Number(picked.lng)}`);
  await page.getByTestId('branch-details-city').fill('');
  await page.getByTestId('branch-details-coordinates-geocode').click();
  await expect(page.getByTestId('branch-details-coordinates-lookup')).toHaveText('Fill in the address first');
  await page.getByTestId('branch-details-address').fill('Sheshi Skanderbeg 1');
  await page.getByTestId('branch-details-city').fill('Tiranë');
  await page.getByTestId('branch-details-coordinates-geocode').click();
  await expect(page.getByTestId('branch-details-coordinates-lookup')).toHaveText('Coordinates set from: Sheshi Skënderbej, Tiranë');
  await expect(page.getByTestId('branch-details-latitude')).toHaveValue('41.327546');
  await expect(page.getByTestId('branch-details-longitude')).toHaveValue('19.818699');
  await expect(map).toHaveAttribute('data-marker', '41.327546,19.818699');
  await screenshots(page, 'branch-edit');
  await page.getByTestId('branch-details-submit').click();
  await expect(page.getByTestId('branch-details-saved')).toBeVisible();

  // Week schedule: Monday to Friday, Monday from 08:30.
  await page.getByTestId('branch-tab-1').click();
  for (const d of [1, 2, 3, 4, 5]) await page.getByTestId(`branch-week-days-day-${d}`).check();
  await page.getByTestId('branch-week-days-opens-1').fill('08:30');
  await page.getByTestId('branch-week-submit').click();
  await expect(page.getByTestId('branch-week-saved')).toBeVisible();
  await page.reload();
  await page.getByTestId('branch-tab-1').click();
  await expect(page.getByTestId('branch-week-days-opens-1')).toHaveValue('08:30');
  for (const d of [1, 2, 3, 4, 5]) await expect(page.getByTestId(`branch-week-days-day-${d}`)).toBeChecked();
  for (const d of [6, 7]) await expect(page.getByTestId(`branch-week-days-day-${d}`)).not.toBeChecked();

  // Employee assigned to the branch.
  await page.goto('/employees');
  await page.getByTestId('employees-add').click();
  await page.getByTestId('employee-add-name').fill('Elira');
  await page.getByTestId('employee-add-surname').fill(`Test ${stamp}`);
  await page.getByTestId('employee-add-email').fill(email);
  await page.getByTestId('employee-add-phoneNumber').fill('+355 69 222 3333');
  await choose(page, 'employee-add-branchOfficeIds', branch, true);
  await page.getByTestId('employee-add-submit').click();
  await expect(page).toHaveURL(/\/employees\/\d+$/);
  await page.goto('/employees');
  await page.getByTestId('employees-search').fill(email);
  await expect(page.getByTestId('employees-row')).toHaveCount(1);
  await expect(page.getByTestId('employees-row').first()).toContainText(branch);
  const employees = await exportCsv(page, 'employees', 'employees.csv');
  expect(employees.map((e) => e.Email)).toEqual([email]);
  expect(employees[0]).toMatchObject({
    Name: 'Elira',
    Surname: `Test ${stamp}`,
    PhoneNumber: '+355 69 222 3333',
    WorksIn: branch,
    Status: 'Pending',
  });

  // The branch lists its employee.
  await page.goto('/branches');
  await page.getByTestId('branches-search').fill(branch);
  // The search applies after a short pause: open the branch only once the list shows it alone.
  await expect(page.getByTestId('branches-row')).toHaveCount(1);
  await page.getByTestId('branches-row').first().click();
  await page.getByRole('tab', { name: 'Employees' }).click();
  await expect(page.getByTestId('branch-employees')).toContainText(`Elira Test ${stamp}`);
});

test('a branch type list that arrives after the add dialog opened fills the Type field', async ({ page }) => {
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  // The branch types answer only once the dialog is open, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/client/getknownoperators', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/branches');
  await page.getByTestId('branches-add').click();
  const type = page.getByTestId('branch-add-branchOfficeTypeId');
  await expect(type).toHaveValue('');
  release();
  await expect(type).not.toHaveValue('');
});

test('the platform admin creates a client organisation and a security office that monitors it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  // Wait for the sign-in to finish before navigating, or the navigation cancels it.
  await expect(page).toHaveURL(/\/admin\/employees$/);
  await page.goto('/admin/clients');
  const stamp = Date.now().toString(36);
  const client = `E2E Client ${stamp}`;
  const office = `E2E Monitoring ${stamp}`;
  await page.getByTestId('admin-clients-add').click();
  await page.getByTestId('client-form-name').fill(client);
  await page.getByTestId('client-form-city').fill('Durrës');
  await page.getByTestId('client-form-timeZone').fill('Europe/Tirane');
  await pickOnMap(page, 'client-form', -20, -10);
  // Typing moves the marker.
  await page.getByTestId('client-form-latitude').fill('41.32');
  await page.getByTestId('client-form-longitude').fill('19.45');
  await expect(page.getByTestId('client-form-coordinates-map')).toHaveAttribute('data-marker', '41.32,19.45');
  // No geocoder is configured on the test server: no address lookup is offered.
  await expect(page.getByTestId('client-form-coordinates-geocode')).toHaveCount(0);
  await screenshots(page, 'client-form', page.getByRole('dialog'));
  await page.getByTestId('client-form-submit').click();
  await expect(page.getByTestId('client-form-dialog')).toBeHidden();
  await page.getByTestId('admin-clients-search').fill(client);
  await expect(page.getByTestId('admin-clients-row')).toHaveCount(1);
  await expect(page.getByTestId('admin-clients-row').first()).toContainText('Durrës');

  await page.goto('/admin/security-offices');
  await page.getByTestId('admin-security-offices-add').click();
  await page.getByTestId('security-office-form-name').fill(office);
  await page.getByTestId('security-office-form-code').fill(`SO-${stamp}`);
  await page.getByTestId('security-office-form-timeZone').fill('Europe/Tirane');
  await choose(page, 'security-office-form-organizationIds', client, true);
  await page.getByTestId('security-office-form-submit').click();
  await expect(page.getByTestId('security-office-form-dialog')).toBeHidden();
  await page.getByTestId('admin-security-offices-search').fill(office);
  await expect(page.getByTestId('admin-security-offices-row')).toHaveCount(1);
  await expect(page.getByTestId('admin-security-offices-row').first()).toContainText(client);

  // The client's detail lists the office among those monitoring it.
  await page.goto('/admin/clients');
  await page.getByTestId('admin-clients-search').fill(client);
  // The search applies after a short pause: open the row only once the list shows the client first.
  await expect(page.getByTestId('admin-clients-row').first()).toContainText(client);
  await page.getByTestId('admin-clients-row').first().click();
  await expect(page.getByTestId('client-form-dialog')).toBeVisible();
  await expect(page.getByTestId('client-form-securityOfficeIds').locator('..')).toContainText(office);
  await expect(page.getByTestId('client-form-coordinates-map')).toHaveAttribute('data-marker', '41.32,19.45');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('admin-clients-search').fill('');
  await screenshots(page, 'admin-clients');
});
