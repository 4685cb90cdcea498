/**
 * Report screens in the browser (spec §2 report routes, §7 Reports): every screen loads for each
 * role whose menu has it; the organisation admin filters by range and branch and downloads CSVs
 * whose rows are the rows on the screen, in the same order. An activity's details show its location
 * on a small offline map, and a timer's details its pings on one, joined by a line.
 */
import fs from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';
import { goInApp } from '../fixtures/navigate.js';
import { SPEC_MENUS } from '../fixtures/menus.js';

interface Screen {
  path: string;
  testId: string;
  /** [screen column, CSV column] pairs that show the same value. */
  same: [number, number][];
}
const SCREENS: Screen[] = [
  {
    path: '/daily',
    testId: 'daily-report',
    same: [
      [0, 0],
      [1, 3],
    ],
  },
  {
    path: '/activities',
    testId: 'activity-report',
    same: [
      [0, 0],
      [1, 3],
    ],
  },
  {
    path: '/checkinout',
    testId: 'checkinout-report',
    same: [
      [0, 0],
      [3, 6],
    ],
  },
  {
    path: '/timerreports',
    testId: 'timer-report',
    same: [
      [0, 0],
      [3, 3],
    ],
  },
  {
    path: '/surveyreports',
    testId: 'survey-report',
    same: [
      [0, 0],
      [4, 6],
    ],
  },
  {
    path: '/reports/logaccess',
    testId: 'logaccess-report',
    same: [
      [0, 0],
      [4, 6],
    ],
  },
];
const ROLES = [
  { email: 'orgadmin@example.com', roleId: 2 },
  { email: 'dealer@example.com', roleId: 12 },
  { email: 'officer@example.com', roleId: 5 },
  { email: 'operator@example.com', roleId: 8 },
  { email: 'regional@example.com', roleId: 9 },
  { email: 'manager@example.com', roleId: 6 },
] as const;

/** The date `offset` days from now in Tirana, the zone of every demo branch (YYYY-MM-DD). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tirane' }).format(new Date(Date.now() + offset * 86_400_000));
/** The last 7 days (the branches' dates) as the global range, stored where the top-bar picker keeps it. */
function lastWeek() {
  return { start: day(-6), end: day(0) };
}
async function useRange(page: Page, range: { start: string; end: string }) {
  await page.addInitScript((r) => sessionStorage.setItem('vigil.dateRange', JSON.stringify({ ...r, preset: 'custom' })), range);
}

/** Minimal RFC 4180 CSV reader. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    out.push(row);
  }
  return out;
}

/** Waits until the report shows rows or its empty state (and no error). */
async function loaded(page: Page, testId: string) {
  const screen = page.getByTestId(testId);
  await expect(screen).toBeVisible();
  await expect(screen.getByTestId('report-row').first().or(screen.getByTestId('report-empty'))).toBeVisible();
  await expect(screen.getByTestId('report-error')).toHaveCount(0);
  await expect(screen.getByTestId('report-loading')).toHaveCount(0);
}

/**
 * The screen's row holding `text`, on whichever page it is: other spec files, running at the same
 * time on the same demo organisation, add rows ahead of it (timers.spec starts 130 timers), so it
 * is not always on the first page. Pages forward until it is on the page; fails on the last page.
 */
async function rowOnSomePage(page: Page, testId: string, text: string) {
  const screen = page.getByTestId(testId);
  const row = screen.getByTestId('report-row').filter({ hasText: text });
  const pagination = screen.getByTestId('report-pagination');
  const shown = pagination.locator('.MuiTablePagination-displayedRows');
  while ((await row.count()) === 0) {
    const next = pagination.getByRole('button', { name: 'Go to next page' });
    expect(await next.isEnabled(), `no row with "${text}" on any page`).toBe(true);
    const before = await shown.textContent();
    await next.click();
    // The range shown changes in the same render that starts the page's fetch.
    await expect(shown).not.toHaveText(before ?? '');
    await loaded(page, testId);
  }
  return row;
}

/** Cell texts of the screen's rows. */
async function screenRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('report-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
}

/** Downloads the CSV of the current filters and returns its data rows (header dropped). */
async function downloadCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  return parseCsv(text).slice(1);
}

for (const role of ROLES) {
  test(`every report screen of role ${role.roleId} loads (${role.email})`, async ({ page }) => {
    await useRange(page, lastWeek());
    await page.goto('/login');
    await signIn(page, role.email);
    await expect(page.getByTestId('drawer').first()).toBeAttached();
    const paths = SPEC_MENUS[role.roleId];
    const mine = SCREENS.filter((s) => paths.includes(s.path));
    expect(mine.length).toBeGreaterThanOrEqual(4);
    await page.goto('/reports');
    await expect(page.getByTestId('report-card')).toHaveCount(
      paths.filter((p) => SCREENS.some((s) => s.path === p) || ['/chatrecordings', '/videorecordings'].includes(p)).length,
    );
    await expect(page.getByTestId('summary-report').getByTestId('count-Openings')).toBeVisible();
    for (const s of mine) {
      await goInApp(page, s.path);
      await loaded(page, s.testId);
    }
  });
}

test('the organisation admin filters by range and branch, and each CSV has the rows of the screen', async ({ page }) => {
  test.setTimeout(180_000);
  const range = lastWeek();
  await useRange(page, range);
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();
  for (const s of SCREENS) {
    // Other spec files add rows to the same organisation while this runs (a timer started between
    // the screen's read and the CSV's is first in one and not in the other): the screen is read
    // again until both were read in a quiet moment.
    await expect(async () => {
      await page.goto(s.path);
      await loaded(page, s.testId);
      await expect(page.getByTestId('report-range')).toHaveText(`${range.start} – ${range.end}`);
      // Largest page, so that the whole CSV can be compared when it fits.
      await page.getByTestId('report-pagination').getByRole('combobox').click();
      await page.getByRole('option', { name: '100' }).click();
      await loaded(page, s.testId);
      const shown = await screenRows(page);
      const csv = await downloadCsv(page);
      if (shown.length === 0) expect(csv).toEqual([]);
      for (const [i, row] of shown.entries()) {
        for (const [screenCol, csvCol] of s.same) expect(csv[i]?.[csvCol], `${s.path} row ${i}`).toBe(row[screenCol]);
      }
      if (shown.length < 100) expect(csv.length).toBe(shown.length);
    }).toPass({ timeout: 40_000 });
  }

  // Branch filter on the daily and activity reports: every row is that branch, and so is the CSV.
  for (const s of SCREENS.slice(0, 2)) {
    await page.goto(s.path);
    await loaded(page, s.testId);
    await page.getByTestId('filter-branch').click();
    const option = page.getByRole('option').nth(1);
    const branch = (await option.textContent())!.trim();
    await option.click();
    await expect(page.getByTestId('filter-branch')).toContainText(branch);
    // The unfiltered rows stay on the screen until the filtered page arrives, and `loaded` can see
    // them before the new request starts: the rows are read again until they are the new page's.
    await expect(async () => {
      await loaded(page, s.testId);
      const rows = await screenRows(page);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r[1] === branch)).toBe(true);
    }).toPass({ timeout: 20_000 });
    const csv = await downloadCsv(page);
    expect(csv.length).toBeGreaterThan(0);
    expect(csv.every((r) => r[3] === branch)).toBe(true);
  }
});

/** Waits until the map in `map` has drawn its style, then checks it shows `count` markers, each inside the map. */
async function mapShows(map: Locator, count: number) {
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-points', String(count));
  await expect(map.locator('canvas')).toBeVisible();
  const markers = map.locator('.maplibregl-marker');
  await expect(markers).toHaveCount(count);
  const box = (await map.boundingBox())!;
  for (const marker of await markers.all()) {
    const m = (await marker.boundingBox())!;
    const [x, y] = [m.x + m.width / 2, m.y + m.height / 2];
    expect(x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height, 'marker inside the map').toBe(true);
  }
}

/** Screenshots of the page at 1280 and 800 px wide (test output), for looking at the layout. */
async function screenshots(page: Page, testInfo: TestInfo, name: string, map: Locator) {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(map).toBeVisible();
    await page.waitForTimeout(300); // the map follows its container's new size
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

test('an activity row opens its details with its location on a map; a VaultTrak row opens /reports/logaccess/:id', async ({
  page,
}, testInfo) => {
  // Up to yesterday: the demo's events, each with its branch's location (today's live test events may have none).
  await useRange(page, { start: day(-6), end: day(-1) });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();
  await page.goto('/activities');
  await loaded(page, 'activity-report');
  await page.getByTestId('report-row').first().click();
  const detail = page.getByTestId('report-detail');
  await expect(detail.getByTestId('detail-packet')).toBeVisible();
  const map = detail.getByTestId('detail-map');
  await mapShows(map, 1);
  await expect(map).toHaveAttribute('data-line', 'false');
  await expect(map.locator('.maplibregl-marker').first()).toHaveAttribute('data-role', 'only');
  // The coordinates stay as text, with OpenStreetMap as a second way to see them.
  await expect(detail.getByText(/^-?\d+\.\d{5}, -?\d+\.\d{5}/)).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=/,
  );
  await screenshots(page, testInfo, 'activity-detail', map);
  await page.keyboard.press('Escape');
  await page.goto('/reports/logaccess');
  await loaded(page, 'logaccess-report');
  const rows = page.getByTestId('report-row');
  if ((await rows.count()) > 0) {
    await rows.first().click();
    await expect(page).toHaveURL(/\/reports\/logaccess\/\d+$/);
    await expect(page.getByTestId('logaccess-detail')).toContainText('Main vault');
  }
});

test('a check-in row opens its details with the branch and the check-in on a map', async ({ page }, testInfo) => {
  await useRange(page, { start: day(-6), end: day(-1) });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();
  await page.goto('/checkinout');
  await loaded(page, 'checkinout-report');
  await page.getByTestId('report-row').first().click();
  const detail = page.getByTestId('report-detail');
  const map = detail.getByTestId('checkinout-map');
  await mapShows(map, 2);
  await expect(map.locator('.maplibregl-marker').first()).toHaveAttribute('data-role', 'first');
  await expect(detail.getByTestId('checkinout-map-legend')).toContainText('Branch');
  await expect(detail.getByTestId('checkinout-map-legend')).toContainText('Check-in location');
  await screenshots(page, testInfo, 'checkin-detail', map);
});

test('an export shows its progress while the server prepares it, and Cancel stops it', async ({ page }) => {
  await useRange(page, lastWeek());
  // Hold the CSV answer, so that the export is still running when Cancel is clicked.
  let held = false;
  await page.route('**/api/client/getnotifications', async (route) => {
    if ((route.request().postDataJSON() as { format?: string }).format !== 'csv') return route.fallback();
    held = true;
    await new Promise((r) => setTimeout(r, 20_000));
    await route.abort().catch(() => undefined);
  });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();
  await page.goto('/activities');
  await loaded(page, 'activity-report');
  await page.getByTestId('export-csv').click();
  await expect(page.getByTestId('export-progress-text')).toHaveText('Preparing the export…');
  expect(held).toBe(true);
  await page.getByTestId('export-cancel').click();
  await expect(page.getByTestId('export-message')).toHaveText('Export cancelled');
  await expect(page.getByTestId('export-csv')).toBeVisible();
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('each report shows its spec §8 text when its call fails, and its empty state for a period without records', async ({ page }) => {
  test.setTimeout(120_000);
  const failing: [string, string, string, string][] = [
    ['/daily', 'daily-report', '**/api/client/dailyreports', 'Error retrieving Daily Reports'],
    ['/activities', 'activity-report', '**/api/client/getnotifications', 'Error retrieving Activity Reports'],
    ['/checkinout', 'checkinout-report', '**/api/client/getcheckinout', 'Error retrieving Check In/Out Reports'],
    ['/timerreports', 'timer-report', '**/api/client/gettrackings', 'Error retrieving Timer Reports'],
    ['/surveyreports', 'survey-report', '**/api/client/managesurveys', 'Error retrieving Survey Reports'],
    ['/reports/logaccess', 'logaccess-report', '**/api/client/log-access/reports', 'Error retrieving VaultTrak report'],
    ['/reports', 'summary-report', '**/api/client/managesummaryreports', 'Error retrieving Summary Reports'],
  ];
  await useRange(page, { start: '2001-01-01', end: '2001-01-07' });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();
  for (const [path, testId] of failing) {
    if (path === '/daily' || path === '/reports') continue; // a daily row exists for every branch and day; the summary shows counts
    await page.goto(path);
    await expect(page.getByTestId(testId).getByTestId('report-empty')).toHaveText('No records for this period');
  }
  for (const [path, testId, url, text] of failing) {
    await page.route(url, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'errors.generic' }) }),
    );
    await page.goto(path);
    await expect(page.getByTestId(testId).getByTestId('report-error').locator('.MuiAlert-message')).toHaveText(text);
    await page.unroute(url);
  }
});

test('a timer row shows its pings on a map, joined in their order, first and last marked', async ({ page, request }, testInfo) => {
  // A regional manager's phone starts a timer and sends two pings on a walk through Tirana.
  const login = await request.post('/api/mobile/login', { data: { username: 'regional@example.com', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const mobile = ((await login.json()) as { body: { Token: string; Branches: { BranchOfficeId: number }[] } }).body;
  const headers = { Authorization: `Bearer ${mobile.Token}` };
  const action = `Map walk ${Date.now()}`;
  const start = await request.post('/api/mobile/timer/start', {
    headers,
    data: {
      timerForAction: action,
      durationSeconds: 86_400,
      branchOfficeId: mobile.Branches[0]!.BranchOfficeId,
      latitude: 41.3275,
      longitude: 19.8187,
      horizontalAccuracy: 8,
    },
  });
  expect(start.ok()).toBe(true);
  const timerId = ((await start.json()) as { body: { TimerId: number } }).body.TimerId;
  for (const [latitude, longitude] of [
    [41.3312, 19.8251],
    [41.3351, 19.8318],
  ] as const) {
    const ping = await request.post('/api/mobile/timer/ping', { headers, data: { timerId, latitude, longitude, horizontalAccuracy: 10 } });
    expect(ping.ok()).toBe(true);
  }

  await useRange(page, lastWeek());
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeAttached();
  await page.goto('/timerreports');
  await loaded(page, 'timer-report');
  await (await rowOnSomePage(page, 'timer-report', action)).click();
  const detail = page.getByTestId('report-detail');
  await expect(detail.getByTestId('timer-pings').getByRole('listitem')).toHaveCount(3);
  const map = detail.getByTestId('timer-pings-map');
  await mapShows(map, 3);
  await expect(map).toHaveAttribute('data-line', 'true');
  const markers = map.locator('.maplibregl-marker');
  await expect(markers.nth(0)).toHaveAttribute('data-role', 'first');
  await expect(markers.nth(0)).toHaveAttribute('title', /^First ping · /);
  await expect(markers.nth(1)).toHaveAttribute('data-role', 'middle');
  await expect(markers.nth(2)).toHaveAttribute('data-role', 'last');
  await expect(markers.nth(2)).toHaveAttribute('title', /^Last ping · /);
  // The walk goes north-east: each marker is right of and above the one before.
  const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await markers.nth(i).boundingBox())!));
  expect(a!.x < b!.x && b!.x < c!.x).toBe(true);
  expect(a!.y > b!.y && b!.y > c!.y).toBe(true);
  await expect(detail.getByTestId('timer-pings-map-legend')).toHaveText(/First ping.*Last ping/);
  await screenshots(page, testInfo, 'timer-pings', map);
});
