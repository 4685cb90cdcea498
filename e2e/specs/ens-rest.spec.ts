/**
 * Security phrases, active sessions and notification settings (spec §2 catalogue screens, §3, §4,
 * §7, §8; issue 16): an organisation admin adds a phrase and an operator sees it beside a caller
 * (the chat screen's Security phrases box); the active sessions list shows a signed-in user and
 * ending that session signs them out; notification settings are saved and read again after a
 * reload. Screenshots of the three screens at 1280 and 800 px, en and sq, go to docs/screenshots/.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';
import { createOwnOrg } from '../fixtures/own-org.js';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

/** Screenshots of the current page at 1280 and 800 px, in English and Albanian (UI language only). */
async function screenshots(page: Page, name: string, ready?: Locator) {
  for (const lang of ['en', 'sq'] as const) {
    await page.evaluate((l) => localStorage.setItem('vigil.lang', l), lang);
    await page.reload();
    // The page's data, not its loading state.
    if (ready) await expect(ready).toBeVisible();
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`${name}-${width}-${lang}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('vigil.lang', 'en'));
  await page.reload();
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an organisation admin adds a security phrase; an operator sees it beside the caller', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('menu-security-phrases').click();
  await expect(page.getByTestId('security-phrases-page')).toBeVisible();
  const phrase = `Silver kite ${Date.now() % 100000}`;
  await page.getByTestId('phrase-input').fill(phrase);
  await page.getByTestId('phrase-add').click();
  await expect(page.getByTestId('phrases-notice')).toHaveText('Security phrase added');
  await expect(page.getByTestId('phrase-row').filter({ hasText: phrase })).toBeVisible();
  // The same phrase again: the server's description is shown (spec §8).
  await page.getByTestId('phrase-input').fill(phrase.toUpperCase());
  await page.getByTestId('phrase-add').click();
  await expect(page.getByTestId('phrases-error')).toHaveText('This security phrase is already in use');
  await page.getByTestId('phrase-input').fill('');
  await screenshots(page, 'security-phrases', page.getByTestId('phrase-row').filter({ hasText: phrase }));

  // A staff member of the organisation starts a chat from the app; the operator opens it.
  const login = await fetch(`${baseURL}/api/mobile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff@example.com', password: DEMO_PASSWORD }),
  });
  const staff = (
    (await login.json()) as { body: { Token: string; Branches: { BranchOfficeId: number; Latitude: number; Longitude: number }[] } }
  ).body;
  const b = staff.Branches[0]!;
  const start = await fetch(`${baseURL}/api/mobile/chat/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.Token}` },
    body: JSON.stringify({
      branchOfficeId: b.BranchOfficeId,
      latitude: b.Latitude,
      longitude: b.Longitude,
      horizontalAccuracy: 15,
      content: 'Help',
    }),
  });
  expect(start.status).toBe(200);
  // This session only: the chat spec's simulator may have one of its own waiting beside it.
  const chatId = ((await start.json()) as { body: { chatobject: { ChatSessionId: string } } }).body.chatobject.ChatSessionId;
  const ctx = await browser.newContext();
  const op = await ctx.newPage();
  await op.setViewportSize({ width: 1280, height: 900 });
  await op.goto('/login');
  await signIn(op, 'operator@example.com');
  await expect(op.getByTestId('top-bar')).toBeVisible();
  await op.locator(`[data-testid="incoming-chat"][data-session="${chatId}"]`).filter({ visible: true }).click();
  await expect(op).toHaveURL(new RegExp(`/chat/${chatId}$`));
  const box = op.getByTestId('security-phrases-box');
  await expect(box).toBeVisible();
  await expect(box.getByTestId('security-phrase').filter({ hasText: phrase })).toBeVisible();
  await op.screenshot({ path: shot('security-phrases-box-chat-1280-en.png') });
  await fetch(`${baseURL}/api/mobile/chat/finish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.Token}` },
    body: JSON.stringify({ chatSessionId: chatId }),
  });
  await ctx.close();
});

test('active sessions: a signed-in user is listed, and ending the session signs them out', async ({ page, browser, baseURL }) => {
  // An organisation of the test's own: ending a demo user's sessions would sign out that user in
  // the other specs running beside this one.
  const world = await createOwnOrg(baseURL!, { consoles: 2, label: 'sessions' });
  const [adminEmail, userEmail] = world.consoles as [string, string];
  const ctx = await browser.newContext();
  try {
    const user = await ctx.newPage();
    await user.goto('/login');
    await signIn(user, userEmail);
    await expect(user.getByTestId('top-bar')).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await signIn(page, adminEmail);
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('menu-active-sessions').click();
    await expect(page.getByTestId('active-sessions-page')).toBeVisible();
    const rows = page.locator(`[data-testid="session-row"][data-email="${userEmail}"]`);
    await expect(rows).toHaveCount(1);
    await screenshots(page, 'active-sessions', rows.first());
    await rows.first().getByTestId('session-end').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('sessions-notice')).toHaveText('Session ended');
    await expect(rows).toHaveCount(0);
    // The user's console is signed out at its next call.
    await user.reload();
    await expect(user).toHaveURL(/\/login/);
  } finally {
    await ctx.close();
    await world.dispose();
  }
});

test('notification settings are saved on the server and read again after a reload', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, 'regional@example.com');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('menu-notification-settings').click();
  await expect(page.getByTestId('notification-settings-page')).toBeVisible();
  await expect(page.getByTestId('always-sound-note')).toContainText('always sound for security officers and operators');
  const sound = page.getByTestId('sound-anomaly');
  const before = await sound.isChecked();
  await sound.click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Notification settings saved');
  await page.getByTestId('dnd-enabled').check();
  await page.getByTestId('dnd-from').fill('21:15');
  await page.getByTestId('dnd-to').fill('06:30');
  await page.getByTestId('dnd-save').click();
  await expect(page.getByTestId('settings-notice')).toHaveText('Notification settings saved');
  await page.reload();
  await expect(page.getByTestId('sound-anomaly')).toBeChecked({ checked: !before });
  await expect(page.getByTestId('dnd-enabled')).toBeChecked();
  await expect(page.getByTestId('dnd-from')).toHaveValue('21:15');
  await screenshots(page, 'notification-settings', page.getByTestId('dnd-from'));
  // The operator's screen shows the always-on categories locked.
  const ctx = await browser.newContext();
  const op = await ctx.newPage();
  await op.goto('/login');
  await signIn(op, 'operator@example.com');
  await expect(op.getByTestId('top-bar')).toBeVisible();
  await op.goto('/notification-settings');
  await expect(op.getByTestId('sound-panic')).toBeDisabled();
  await expect(op.getByTestId('sound-panic')).toBeChecked();
  await ctx.close();
});
