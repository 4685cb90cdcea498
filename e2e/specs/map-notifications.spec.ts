/**
 * The live map, the notifications pages and the alarm history: a mobile panic turns its branch
 * red on the board and on the map, live; the notifications pages list it, mark it read one
 * by one and all at once; an alarm raised before the console opened is in the alarm panel and
 * can be acknowledged there. How fast the panic shows (target 2 s): bench/live-console.ts.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';
import { acknowledge } from '../fixtures/alarms.js';

/** live.spec.ts panics this branch; these tests use the regional manager's other branches. */
const LIVE_SPEC_BRANCH = 'Dega Skënderbej';

interface MobileLogin {
  Token: string;
  Branches: { BranchOfficeId: number; Name: string }[];
}

async function mobileLogin(request: APIRequestContext): Promise<MobileLogin> {
  const login = await request.post('/api/mobile/login', { data: { username: 'regional@example.com', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { body: MobileLogin }).body;
}

async function panic(request: APIRequestContext, token: string, branchOfficeId: number): Promise<number> {
  const res = await request.post('/api/mobile/alarm', {
    headers: { Authorization: `Bearer ${token}` },
    data: { branchOfficeId, type: 'PANIC' },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { body: { NotificationId: number } }).body.NotificationId;
}

async function signInLive(page: Page, email = 'orgadmin@example.com') {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('branch-row').first()).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
}

test('a mobile panic turns the branch red on the board and on the map, live', async ({ page, request }) => {
  // WebGL programs the page links (compiles): the map compiles its layers' programs as it opens
  // (BranchMap.tsx warmUpLayerPrograms), so a live alarm draws without compiling one (a long task).
  await page.addInitScript(() => {
    for (const C of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const link = C.prototype.linkProgram;
      C.prototype.linkProgram = function (this: WebGLRenderingContext, p: WebGLProgram) {
        const w = window as unknown as { programsLinked?: number };
        w.programsLinked = (w.programsLinked ?? 0) + 1;
        link.call(this, p);
      };
    }
  });
  const programsLinked = () => page.evaluate(() => (window as unknown as { programsLinked?: number }).programsLinked ?? 0);
  await page.setViewportSize({ width: 1600, height: 1000 }); // list and map side by side
  // The regional manager's console: none of the region's branches is in alarm in the demo data, so
  // the map opens without alarm rings or alarm points, whose programs it must compile beforehand.
  await signInLive(page, 'regional@example.com');
  await page.getByTestId('board-view-map').click(); // the suite starts on the tasks tab
  const map = page.getByTestId('branch-map');
  await expect(map).toHaveAttribute('data-alarm-count', /^\d+$/, { timeout: 30_000 });
  await expect(map).toHaveAttribute('data-programs-ready', 'true', { timeout: 30_000 });
  const linkedAtOpen = await programsLinked();
  expect(linkedAtOpen).toBeGreaterThan(0);

  const mobile = await mobileLogin(request);
  // A branch of the regional manager that is not in alarm now (and not the one live.spec.ts uses).
  let target: number | null = null;
  for (const b of mobile.Branches) {
    if (b.Name === LIVE_SPEC_BRANCH) continue;
    const status = await page
      .locator(`[data-testid="branch-row"][data-branch-id="${b.BranchOfficeId}"] [data-testid="branch-status"]`)
      .getAttribute('data-status');
    if (status && status !== 'alarm') {
      target = b.BranchOfficeId;
      break;
    }
  }
  expect(target).not.toBeNull();
  const before = Number(await map.getAttribute('data-alarm-count'));

  await panic(request, mobile.Token, target!);

  const row = page.locator(`[data-testid="branch-row"][data-branch-id="${target}"]`);
  await expect(row.getByTestId('branch-status')).toHaveAttribute('data-status', 'alarm');
  await expect(map).toHaveAttribute('data-alarm-count', String(before + 1));
  // The map draws the update within a few frames; it needed no program the open had not compiled.
  await page.waitForTimeout(1_000);
  expect(await programsLinked()).toBe(linkedAtOpen);
});

test('the map is behind a tab of the side panel on narrower screens and still works at 800 px', async ({ page }) => {
  // The basemap's countries come from a worker as a blob: URL that MapLibre's worker fetches: no
  // CSP refusal, no fallback to the main thread, no map error (and no invalid CSP entry).
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to|countries worker|^map/.test(m.text())) problems.push(m.text());
  });
  await page.setViewportSize({ width: 800, height: 900 });
  await signInLive(page);
  await expect(page.getByTestId('branch-map')).toHaveCount(0); // the map chunk loads only when asked for
  await page.getByTestId('board-view-map').click();
  await expect(page.getByTestId('branch-map')).toHaveAttribute('data-alarm-count', /^\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('branch-map').locator('canvas')).toBeVisible();
  // The board stays in view beside the map (its own panel).
  await expect(page.getByTestId('branch-row').first()).toBeVisible();
  await expect(page.getByTestId('branch-map')).toHaveAttribute('data-ready', 'true');
  expect(problems).toEqual([]);
});

test('notifications pages list a live panic, mark it read, and mark all as read', async ({ page, request }) => {
  await signInLive(page);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
  await bell.click();
  await expect(page).toHaveURL(/\/notifications\/all$/);
  await page.getByTestId('notifications-tab-alarms').click();
  await expect(page).toHaveURL(/\/notifications\/alarms$/);
  await expect(page.getByTestId('notifications-page-root')).toHaveAttribute('data-type', 'alarms');
  // the list has loaded (rows or the empty state) before the panic
  await expect(page.getByTestId('notification-row').first().or(page.getByTestId('notifications-empty'))).toBeVisible();
  const bellBefore = Number(await bell.getAttribute('data-unread'));

  const mobile = await mobileLogin(request);
  const branch = mobile.Branches.find((b) => b.Name !== LIVE_SPEC_BRANCH)!;
  const id = await panic(request, mobile.Token, branch.BranchOfficeId);

  // live: on top of the open list, unread, and on the bell
  const row = page.locator(`[data-testid="notification-row"][data-notification-id="${id}"]`);
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect.poll(async () => Number(await bell.getAttribute('data-unread'))).toBeGreaterThan(bellBefore);

  // the same panic is an emergency (type 10) too
  await page.getByTestId('notifications-tab-emergency').click();
  await expect(row).toHaveAttribute('data-read', 'false');

  await row.getByTestId('mark-read').click();
  await expect(row).toHaveAttribute('data-read', 'true');
  await page.reload();
  await expect(row).toHaveAttribute('data-read', 'true'); // stored on the server

  // details: action, acknowledgement state
  await row.getByTestId('notification-open').click();
  await expect(page.getByTestId('notification-details')).toBeVisible();
  await expect(page.getByTestId('details-action')).not.toBeEmpty();
  await expect(page.getByTestId('details-ack')).toBeVisible();
  await page.getByTestId('details-close').click();

  // mark all as read
  const second = await panic(request, mobile.Token, branch.BranchOfficeId);
  await page.getByTestId('notifications-tab-all').click();
  const secondRow = page.locator(`[data-testid="notification-row"][data-notification-id="${second}"]`);
  await expect(secondRow).toHaveAttribute('data-read', 'false');
  await page.getByTestId('mark-all-read').click();
  await expect(secondRow).toHaveAttribute('data-read', 'true');
  await expect(page.locator('[data-testid="notification-row"][data-read="false"]')).toHaveCount(0);
  await page.reload();
  await expect(secondRow).toHaveAttribute('data-read', 'true');

  // ENS: the ENS list (rows when the ENS browser tests sent some on this server, else its empty state)
  await page.getByTestId('notifications-tab-ens').click();
  await expect(page.getByTestId('ens-row').first().or(page.getByTestId('notifications-empty'))).toBeVisible();
});

test('an alarm raised before the console opened is in the alarm panel and can be acknowledged', async ({ browser, request }) => {
  const mobile = await mobileLogin(request);
  const branch = mobile.Branches.find((b) => b.Name !== LIVE_SPEC_BRANCH)!;
  const id = await panic(request, mobile.Token, branch.BranchOfficeId);

  // A fresh console (first socket connection: nothing is replayed) loads it from history.
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await signInLive(page, 'orgadmin@example.com');
    const item = page.locator(`[data-testid="alarm-item"][data-notification-id="${id}"]`);
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-acknowledged', 'false');
    // after a reload it is still there
    await page.reload();
    await expect(item).toBeVisible();
    await acknowledge(page, item);
    await expect(item).toHaveAttribute('data-acknowledged', 'true');
    await expect(item.getByTestId('alarm-acked')).toBeVisible();
    // acknowledged alarms are no longer "not done": a new console does not list it unacknowledged
    await page.reload();
    await expect(page.getByTestId('alarm-panel')).toBeVisible();
    await expect(page.locator(`[data-testid="alarm-item"][data-notification-id="${id}"][data-acknowledged="false"]`)).toHaveCount(0);
  } finally {
    await ctx.close();
  }
});
