/**
 * Screenshots of the operator's dashboard (issue 13) on an organisation of the test's own with a
 * busy alarm queue, at 1280×800 and 800 px wide, in English and Albanian, written to
 * docs/screenshots/operator-dashboard-<width>-<lang>.png (that is this spec's purpose). The page is
 * checked to show ten alarm rows in the queue at 1280×800.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { acknowledge } from '../fixtures/alarms.js';
import { createOwnOrg, type OwnOrg } from '../fixtures/own-org.js';

let world: OwnOrg;
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  const towns = ['Tirana Qendër', 'Durrës Port', 'Shkodër', 'Vlorë Lungomare', 'Elbasan', 'Korçë', 'Fier', 'Berat', 'Lushnjë', 'Kavajë'];
  world = await createOwnOrg(baseURL!, {
    branches: 22,
    testBranches: 1,
    label: 'screens',
    branchNames: Array.from(
      { length: 22 },
      (_, i) => `${towns[i % towns.length]}${i >= towns.length ? ` ${Math.floor(i / towns.length) + 1}` : ''}`,
    ),
    staffName: ['Elira', 'Kola'],
  });
  const types = [
    'PANIC',
    'TROUBLE',
    'ALARM',
    'DURESS',
    'TROUBLE',
    'ALARM',
    'EMERGENCY',
    'TROUBLE',
    'ALARM',
    'TROUBLE',
    'ALARM',
    'TROUBLE',
  ] as const;
  for (const [i, type] of types.entries()) await world.alarm(world.branches[i]!.id, type);
  await world.alarm(world.branches[21]!.id, 'PANIC'); // the test-mode branch
});
test.afterAll(async () => world?.dispose());

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

async function open(page: Page, lang: 'en' | 'sq') {
  await page.goto('/login');
  await signIn(page, world.consoles[0]!);
  await expect(page.getByTestId('alarm-panel')).toBeVisible();
  await page.evaluate((l) => localStorage.setItem('vigil.lang', l), lang);
  await page.reload();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  // 13 raised; one of them acknowledged in the first test, after which history no longer lists it.
  await expect.poll(() => page.getByTestId('alarm-item').count()).toBeGreaterThanOrEqual(12);
}

for (const lang of ['en', 'sq'] as const) {
  test(`dashboard screenshots in ${lang}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await ctx.newPage();
      await open(page, lang);
      if (lang === 'en') {
        // One handled alarm, to show who, when and the disposition.
        const first = page.locator('[data-testid="alarm-item"][data-acknowledged="false"]').first();
        await acknowledge(page, first, 'Branch called; staff confirmed a false alarm');
      }
      await page.mouse.move(1270, 790);
      // Ten alarm rows are inside the queue's visible area at 1280×800.
      const list = (await page.getByTestId('alarm-list').boundingBox())!;
      const boxes = await page.getByTestId('alarm-item').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
      expect(boxes.filter((b) => b <= list.y + list.height + 1).length).toBeGreaterThanOrEqual(10);
      await page.screenshot({ path: shot(`operator-dashboard-1280-${lang}.png`) });
      await page.setViewportSize({ width: 800, height: 800 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`operator-dashboard-800-${lang}.png`) });
    } finally {
      await ctx.close();
    }
  });
}
