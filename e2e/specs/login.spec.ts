/** Sign-in, role menus, session gate, refusals and language (spec §2 Public routes, Shell, §6, §8). */
import { expect, test, type APIRequest, type Page } from '@playwright/test';
import { goInApp } from '../fixtures/navigate.js';
import { DEMO_PASSWORD, menuHrefs, signIn, signInAdmin } from '../fixtures/auth.js';
import { SPEC_MENUS } from '../fixtures/menus.js';

const WEB_ROLES: [string, keyof typeof SPEC_MENUS][] = [
  ['orgadmin@example.com', 2],
  ['dealer@example.com', 12],
  ['officer@example.com', 5],
  ['operator@example.com', 8],
  ['regional@example.com', 9],
  ['manager@example.com', 6],
];

for (const [email, roleId] of WEB_ROLES) {
  test(`${email} signs in through the two-step form and sees exactly the role ${roleId} menu`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, email);
    await expect(page).toHaveURL(/\/$/);
    // Spec §2 written out (fixtures/menus.ts), not the contract function the drawer is drawn from.
    expect(await menuHrefs(page)).toEqual(SPEC_MENUS[roleId]);
    // The role name is shown in the user menu button.
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    // Every role but 1 has the emergency notification button.
    await expect(page.getByTestId('emergency-button').first()).toBeAttached();
  });
}

test('the platform admin signs in at /admin/login and sees the admin menu, without the emergency button', async ({ page }) => {
  await signInAdmin(page);
  await expect(page).toHaveURL(/\/admin\/employees$/);
  expect(await menuHrefs(page)).toEqual(SPEC_MENUS[1]);
  await expect(page.getByTestId('emergency-button')).toHaveCount(0);
});

test('/daily while signed out goes to login with a redirect value, and back to /daily after sign-in', async ({ page }) => {
  await page.goto('/daily');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdaily$/);
  await signIn(page, 'orgadmin@example.com');
  await expect(page).toHaveURL(/\/daily$/);
  // Inside the shell, not on the login form any more.
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  await expect(page.getByTestId('login-email')).toHaveCount(0);
});

test('a mobile-only account is refused with the exact text', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'staff@example.com');
  await expect(page.getByTestId('login-alert')).toHaveText(/You cannot log in using a web browser\. Please switch to the Vigil app\./);
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows "Invalid username or password"', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com', 'definitely-wrong');
  await expect(page.getByTestId('login-alert')).toHaveText(/Invalid username or password/);
});

/** Ends the page's session on the server from another client holding the same session cookie. */
async function dropSessionOnServer(page: Page, playwright: { request: APIRequest }, baseURL: string | undefined) {
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'vigil_session')!;
  const other = await playwright.request.newContext({ baseURL });
  const csrf = await other.get('/security/csrf-token');
  const token = csrf.headers()['x-xsrf-token']!;
  const out = await other.post('/api/client/logout', {
    headers: { 'x-xsrf-token': token, cookie: `vigil_session=${session.value}; vigil_csrf=${token}` },
    data: {},
  });
  expect(out.status()).toBe(200);
  await other.dispose();
}

test('when the server drops the session, the startup check on reload logs out with the session-expired message', async ({
  page,
  playwright,
  baseURL,
}) => {
  // No live socket here (it would report the ended session on its own).
  await page.routeWebSocket(/\/_socket$/, () => undefined);
  // Remember whether the warning was ever on screen: a background call may see the 401 just before
  // the reload, and then the warning shows before the reload rather than after it.
  await page.addInitScript(() => {
    const seen = () => {
      const alert = document.querySelector('[data-testid="login-alert"]');
      if (alert?.textContent?.includes('Your session has expired. Please log in again.')) sessionStorage.setItem('e2e.expiredSeen', '1');
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/login');
  await signIn(page, 'operator@example.com');
  await expect(page).toHaveURL(/\/$/);
  await dropSessionOnServer(page, playwright, baseURL);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('e2e.expiredSeen'))).toBe('1');
});

test('when the server drops the session, the live socket logs the console out with the session-expired message', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto('/login');
  await signIn(page, 'officer@example.com');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  await dropSessionOnServer(page, playwright, baseURL);
  // No reload, no click: the server's session re-check on the socket ends the console session.
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await expect(page.getByTestId('login-alert')).toHaveText(/Your session has expired\. Please log in again\./);
});

test('logout shows the logout message and returns to /login', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'regional@example.com');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-alert')).toHaveText(
    /You have logged out\. For additional security, you may want to close your web browser\./,
  );
  // The old session is gone: a protected page needs a new sign-in.
  await page.goto('/regions');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fregions$/);
});

test('the language switches to Albanian on the login page and is remembered', async ({ page }) => {
  await page.goto('/login');
  const label = page.getByTestId('login-next');
  const english = (await label.innerText()).trim();
  // The browser's own select (choosing by the option's text, as a user does).
  await page.getByTestId('language-select').selectOption({ label: 'Shqip' });
  await expect(label).not.toHaveText(english);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  // Server messages come back in Albanian too.
  await signIn(page, 'orgadmin@example.com', 'wrong-password');
  await expect(page.getByTestId('login-alert')).toHaveText(/Emër përdoruesi ose fjalëkalim i pavlefshëm/);
  // Still on the password step: correct the password.
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('menu-link').first()).toHaveText('Paneli');
  // MUI's own texts too (it ships no Albanian): the list's pagination and its buttons.
  await goInApp(page, '/regions');
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(/^\d+–\d+ nga \d+$/);
  await expect(page.getByRole('button', { name: 'Shko te faqja tjetër' })).toBeAttached();
  await expect(page.locator('.MuiTablePagination-root')).toContainText('Rreshta për faqe');
});
