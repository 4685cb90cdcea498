/**
 * Live lone-worker timers (issue 19; spec §4 Timers, §7 START / CHECKINOUT / STOP-CHECKINOUT-PINGS,
 * §9 hh:mm:ss): a timer started over the mobile API appears on a signed-in console's Timers panel
 * without a reload, with user, branch and time left; a ping resets the last ping's age and extends
 * the trail on the map; a timer in its last minutes is orange ("Expiring"); a console opened in the
 * middle of a timer shows it (gettimers); a stop removes it. Screenshots at 1280 and 800 px go to
 * docs/screenshots/.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

interface Mobile {
  token: string;
  branch: { BranchOfficeId: number; Name: string; Latitude: number; Longitude: number };
  call: (path: string, data: Record<string, unknown>) => Promise<{ TimerId: number }>;
}

async function mobile(request: APIRequestContext): Promise<Mobile> {
  const login = await request.post('/api/mobile/login', { data: { username: 'staff@example.com', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { body } = (await login.json()) as { body: { Token: string; Branches: Mobile['branch'][] } };
  const call = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/mobile/${path}`, { headers: { Authorization: `Bearer ${body.Token}` }, data });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { body: { TimerId: number } }).body;
  };
  return { token: body.Token, branch: body.Branches[0]!, call };
}

async function signInLive(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await page.getByTestId('board-view-activity').click(); // the side panel's tab (remembered across reloads)
  await expect(page.getByTestId('timers-panel')).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
}

/** Seconds of an hh:mm:ss text. */
const seconds = (hms: string) => {
  const m = /(\d+):(\d\d):(\d\d)/.exec(hms);
  expect(m, hms).not.toBeNull();
  return Number(m![1]) * 3600 + Number(m![2]) * 60 + Number(m![3]);
};

test('start appears live, a ping resets its age and extends the trail, the last minutes are orange, stop removes it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInLive(page, 'orgadmin@example.com');
  const m = await mobile(request);
  const b = m.branch;
  const { TimerId: id } = await m.call('timer/start', {
    timerForAction: 'Cash delivery',
    durationSeconds: 1800,
    branchOfficeId: b.BranchOfficeId,
    latitude: b.Latitude,
    longitude: b.Longitude,
  });
  const row = page.locator(`[data-testid="timer-row"][data-timer-id="${id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(b.Name);
  await expect(row).toContainText('Cash delivery');
  await expect(row).toHaveAttribute('data-state', 'running');
  const left = seconds((await row.getByTestId('timer-left').textContent()) ?? '');
  expect(left).toBeGreaterThan(1700);
  expect(left).toBeLessThanOrEqual(1800);
  // The time left ticks down.
  await expect.poll(async () => seconds((await row.getByTestId('timer-left').textContent()) ?? '')).toBeLessThan(left);

  // Age grows without pings, and a ping resets it.
  await expect
    .poll(async () => seconds((await row.getByTestId('timer-ping-age').textContent()) ?? ''), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(3);
  await row.getByRole('radio').check();
  await expect(page.getByTestId('timer-trail')).toHaveAttribute('data-points', '1');
  await m.call('timer/ping', { timerId: id, latitude: b.Latitude + 0.002, longitude: b.Longitude + 0.002, horizontalAccuracy: 5 });
  await expect.poll(async () => seconds((await row.getByTestId('timer-ping-age').textContent()) ?? '')).toBeLessThanOrEqual(1);
  await expect(page.getByTestId('timer-trail')).toHaveAttribute('data-points', '2');

  // A short timer is in its last minutes: orange, flagged Expiring.
  const { TimerId: short } = await m.call('timer/start', {
    timerForAction: 'Night deposit',
    durationSeconds: 100,
    branchOfficeId: b.BranchOfficeId,
    latitude: b.Latitude,
    longitude: b.Longitude,
  });
  const shortRow = page.locator(`[data-testid="timer-row"][data-timer-id="${short}"]`);
  await expect(shortRow).toHaveAttribute('data-state', 'expiring');
  await expect(shortRow.getByTestId('timer-flag')).toHaveText('Expiring');
  await expect(page.getByTestId('timer-trail-map')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('timers-panel').screenshot({ path: shot('timers-panel-1280.png') });

  // A console opened in the middle of the timers lists them (gettimers).
  await page.setViewportSize({ width: 800, height: 900 });
  await page.reload();
  await expect(row).toBeVisible();
  await expect(shortRow).toBeVisible();
  await expect(page.getByTestId('timer-trail-map')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('timers-panel').screenshot({ path: shot('timers-panel-800.png') });

  // Stop removes them, live.
  await m.call('timer/stop', { timerId: id, pin: '1234' });
  await m.call('timer/stop', { timerId: short, pin: '1234' });
  await expect(row).toHaveCount(0);
  await expect(shortRow).toHaveCount(0);
});

test('another bank’s console never shows the timer the first bank’s console shows', async ({ browser, request }) => {
  const alCtx = await browser.newContext();
  const usCtx = await browser.newContext();
  try {
    const al = await alCtx.newPage();
    const us = await usCtx.newPage();
    await signInLive(al, 'orgadmin@example.com');
    await signInLive(us, 'us-orgadmin@example.com');
    const m = await mobile(request);
    const { TimerId: id } = await m.call('timer/start', {
      timerForAction: 'Vault check',
      durationSeconds: 600,
      branchOfficeId: m.branch.BranchOfficeId,
      latitude: m.branch.Latitude,
      longitude: m.branch.Longitude,
    });
    const sel = `[data-testid="timer-row"][data-timer-id="${id}"]`;
    await expect(al.locator(sel)).toBeVisible();
    await expect(us.locator(sel)).toHaveCount(0);
    await us.reload();
    await expect(us.getByTestId('timers-panel')).toBeVisible();
    await expect(us.locator('[data-testid="timers-empty"], [data-testid="timer-row"]').first()).toBeVisible();
    await expect(us.locator(sel)).toHaveCount(0);
    await m.call('timer/stop', { timerId: id, pin: '1234' });
    await expect(al.locator(sel)).toHaveCount(0);
  } finally {
    await alCtx.close();
    await usCtx.close();
  }
});

test('hundreds of timers: the table scrolls in its own box with only the rows in view in the DOM, and every timer is reachable', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInLive(page, 'orgadmin@example.com');
  const m = await mobile(request);
  const b = m.branch;
  // Past the length a list is drawn whole (shared/layout/overscan.ts SMALL_LIST_ROWS = 100).
  const COUNT = 130;
  const ids: number[] = [];
  try {
    for (let i = 0; i < COUNT; i++) {
      const { TimerId } = await m.call('timer/start', {
        timerForAction: `Patrol ${i + 1}`,
        durationSeconds: 3600 + i,
        branchOfficeId: b.BranchOfficeId,
        latitude: b.Latitude,
        longitude: b.Longitude,
      });
      ids.push(TimerId);
    }
    const box = page.getByTestId('timers-table-scroll');
    // Every timer is listed (live, without a reload) …
    await expect.poll(async () => Number(await box.getAttribute('data-row-count')), { timeout: 20_000 }).toBeGreaterThanOrEqual(COUNT);
    const total = Number(await box.getAttribute('data-row-count'));
    // … in a box no taller than its maximum, which scrolls …
    const size = await box.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    expect(size.client).toBeLessThanOrEqual(480);
    expect(size.scroll).toBeGreaterThan(size.client);
    // … with only a window of rows in the DOM.
    const drawn = await page.getByTestId('timer-row').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(40);
    // The last timer (the latest to expire: the list is by expiry) is reached by scrolling the box.
    const last = ids[ids.length - 1]!;
    const lastRow = page.locator(`[data-testid="timer-row"][data-timer-id="${last}"]`);
    await expect(lastRow).toHaveCount(0);
    await box.scrollIntoViewIfNeeded();
    // Scrolled to the end (again while the rows coming into view are measured), it is drawn within
    // the box's visible part.
    await expect
      .poll(
        async () => {
          await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
          if ((await lastRow.count()) === 0) return false;
          return lastRow.evaluate((row) => {
            const r = row.getBoundingClientRect();
            const b = row.closest('[data-testid="timers-table-scroll"]')!.getBoundingClientRect();
            return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
          });
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await page.locator(`[data-testid="timer-row"][data-index="${total - 1}"]`).count()).toBe(1);
    expect(await page.getByTestId('timer-row').count()).toBeLessThan(40);
  } finally {
    for (const id of ids) await m.call('timer/stop', { timerId: id, pin: '1234' });
  }
  // Stopped, they leave the panel live.
  await expect(page.locator(`[data-testid="timer-row"][data-timer-id="${ids[0]}"]`)).toHaveCount(0);
  await expect.poll(async () => Number(await page.getByTestId('timers-table-scroll').getAttribute('data-row-count'))).toBeLessThan(COUNT);
});
