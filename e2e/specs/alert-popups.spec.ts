/**
 * Pop-ups of live alerts honour the notification settings (issue 16 "Notification settings"): with
 * "Alarms and trouble: Pop up" off, a live alarm reaches the alarm panel but nothing pops up; on,
 * the same kind of alarm pops up with its action and branch, and Close takes it away. Runs in the
 * US demo bank (us-orgadmin and a mobile user of one of its branches) so no other spec's alarms or
 * branch states move; the setting is switched back on at the end. Screenshots at 1280 and 800 px
 * wide go to .test-results/alert-popups-screens.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';

const shots = '.test-results/alert-popups-screens';

/** A console API session of `email` (CSRF token carried along). */
async function consoleApi(baseURL: string, email: string) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  let token = (await ctx.get('/security/csrf-token')).headers()['x-xsrf-token']!;
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await ctx.post(path, { data, headers: { 'x-xsrf-token': token } });
    token = res.headers()['x-xsrf-token'] ?? token;
    const json = (await res.json()) as { body: T; description?: string };
    expect(res.status(), `${path}: ${json.description ?? ''}`).toBe(200);
    return json.body;
  };
  await post('/api/client/login', { username: email, password: DEMO_PASSWORD, sessiontype: 'WEB' });
  return { ctx, post };
}

/** A mobile user of a US demo branch, signed in; `alarm` raises an ALARM at that branch. */
async function usStaff(baseURL: string, request: APIRequestContext) {
  const web = await consoleApi(baseURL, 'us-orgadmin@example.com');
  const offices = await web.post<{ organizationobject: { BranchOfficeId: number; Name: string }[] }>('/api/client/getofficesv2', {
    case: 'GET-ALL-BRANCH-OFFICES',
  });
  for (const b of offices.organizationobject) {
    const people = await web.post<{ userobject: { Email: string; RoleId: number; StatusId: number }[] }>('/api/client/getbranchemployees', {
      param_branchid: b.BranchOfficeId,
    });
    const person = people.userobject.find((u) => u.StatusId === 1 && [6, 7, 9, 10, 11, 13].includes(u.RoleId));
    if (!person) continue;
    const login = await request.post('/api/mobile/login', { data: { username: person.Email, password: DEMO_PASSWORD } });
    if (!login.ok()) continue;
    const token = ((await login.json()) as { body: { Token: string } }).body.Token;
    await web.ctx.dispose();
    const alarm = async (message: string) => {
      const res = await request.post('/api/mobile/alarm', {
        headers: { authorization: `Bearer ${token}` },
        data: { branchOfficeId: b.BranchOfficeId, type: 'ALARM', message },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    return { branch: b.Name, alarm };
  }
  throw new Error('no US mobile user found');
}

/** Sets "Alarms and trouble: Pop up" on the notification settings page and saves. */
async function setAlarmPopup(page: Page, on: boolean) {
  await page.goto('/notification-settings');
  const popup = page.getByLabel('Alarms and trouble: Pop up');
  await expect(popup).toBeVisible();
  if ((await popup.isChecked()) !== on) await popup.click();
  await expect(popup).toBeChecked({ checked: on });
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Notification settings saved');
}

async function dashboardLive(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
}

test('a live alarm pops up only when the settings say so, and closes', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const staff = await usStaff(baseURL!, request);
  await page.goto('/login');
  await signIn(page, 'us-orgadmin@example.com');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  try {
    // Pop up off: the alarm reaches the alarm panel, nothing pops up.
    await setAlarmPopup(page, false);
    await dashboardLive(page);
    const quiet = `E2E popup off ${Date.now()}`;
    await staff.alarm(quiet);
    await expect(page.getByTestId('alarm-item').filter({ hasText: staff.branch }).first()).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId('alert-popup')).toHaveCount(0);

    // Pop up on: the next alarm pops up with its action, branch and text.
    await setAlarmPopup(page, true);
    // The pop-up's styles were made while the page was idle (AlertPopups' warm-up): showing the
    // first pop-up adds no style rule (each would make the browser re-read the whole sheet). The
    // page notes the style rules added, when the warm-up's box has come and gone, and how it was
    // drawn: laid out (a height: the browser styled and shaped it then, not at the first alert)
    // but not seen.
    await page.addInitScript(() => {
      const w = window as unknown as { __styleRules: number; __warmedUp: boolean; __warmUpBox?: { height: number; visibility: string } };
      w.__styleRules = 0;
      w.__warmedUp = false;
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
        w.__styleRules++;
        return insertRule.call(this, rule, index);
      };
      let drawn = false;
      new MutationObserver(() => {
        const box = document.querySelector('[data-testid="alert-popups-warm-up"]');
        if (box) {
          drawn = true;
          const popup = box.querySelector('.MuiAlert-root');
          if (popup && !w.__warmUpBox)
            w.__warmUpBox = { height: popup.getBoundingClientRect().height, visibility: getComputedStyle(popup).visibility };
        } else if (drawn) w.__warmedUp = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await dashboardLive(page);
    await page.waitForFunction(() => (window as unknown as { __warmedUp: boolean }).__warmedUp);
    const box = await page.evaluate(() => (window as unknown as { __warmUpBox?: { height: number; visibility: string } }).__warmUpBox);
    expect(box?.visibility).toBe('hidden');
    expect(box?.height).toBeGreaterThan(20);
    // The warm-up runs at the first idle moment, which on a busy machine can come before the rest of
    // the dashboard has drawn (its first alarm rows and panels add their own rules; CI once counted
    // 354): count from when the alarm panel shows the earlier alarm and no rule was added for a second.
    await expect(page.getByTestId('alarm-item').filter({ hasText: staff.branch }).first()).toBeVisible();
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __styleRules: number; __seen?: number; __stableSince?: number };
        const now = performance.now();
        if (w.__seen !== w.__styleRules || w.__stableSince === undefined) {
          w.__seen = w.__styleRules;
          w.__stableSince = now;
        }
        return now - w.__stableSince >= 1_000;
      },
      undefined,
      { polling: 100 },
    );
    await page.evaluate(() => ((window as unknown as { __styleRules: number }).__styleRules = 0));
    const loud = `E2E popup on ${Date.now()}`;
    await staff.alarm(loud);
    const popup = page.getByTestId('alert-popup').filter({ hasText: loud });
    await expect(popup).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __styleRules: number }).__styleRules)).toBe(0);
    await expect(popup).toHaveAttribute('data-category', 'alarm');
    await expect(popup).toContainText(`Alarm — ${staff.branch}`);
    await expect(page.getByTestId('alert-popup').filter({ hasText: quiet })).toHaveCount(0);
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/popup-${width}.png` });
    }
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
  } finally {
    await setAlarmPopup(page, true);
  }
});
