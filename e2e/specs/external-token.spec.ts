/**
 * externaltoken in the browser (spec §7; issue 19, our design): a token asked for by a signed-in
 * user (here through the API, as the mobile app or another console would) opens the console in a
 * fresh browser through its /login?token=… link, once; the spent link says 'Expired Session'.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../fixtures/auth.js';

test('an external token link signs a fresh browser in once; the spent link is refused', async ({ page, request }) => {
  const csrf = (await request.get('/security/csrf-token')).headers()['x-xsrf-token']!;
  const login = await request.post('/api/client/login', {
    headers: { 'x-xsrf-token': csrf },
    data: { username: 'regional@example.com', password: DEMO_PASSWORD, sessiontype: 'WEB' },
  });
  expect(login.status()).toBe(200);
  const csrf2 = login.headers()['x-xsrf-token'] ?? csrf;
  const res = await request.post('/api/client/externaltoken', {
    headers: { 'x-xsrf-token': csrf2 },
    data: { case: 'CREATE-EXTERNAL-TOKEN' },
  });
  expect(res.status()).toBe(200);
  const { url } = ((await res.json()) as { body: { url: string } }).body;
  expect(url).toMatch(/\/login\?token=/);

  await page.goto(`${url}&redirect=%2Fregions`);
  await expect(page).toHaveURL(/\/regions$/);
  await expect(page.getByTestId('drawer').first()).toBeVisible();

  await page.context().clearCookies();
  await page.goto(url);
  await expect(page.getByTestId('login-alert')).toHaveText('Expired Session');
  await expect(page.getByTestId('login-email')).toBeVisible();
  await page.screenshot({ path: '.test-results/external-token/spent-link.png' });
});
