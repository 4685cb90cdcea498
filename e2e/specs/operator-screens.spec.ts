/**
 * The operator's full-height workspace (issue 13) on an organisation of the test's own with 26
 * branches and a busy alarm queue (13 alarms, one of a branch in test mode), at 1280×800: no page
 * scroll, ten alarm rows and twenty branch rows inside the viewport at once, the map's first view
 * holding every branch, the top bar with the person's name and role, and the sound prompt replaced
 * by the compact control once answered. Screenshots at 1280 and 800 px wide, in English and
 * Albanian: docs/screenshots/operator-dashboard-<width>-<lang>.png and map-<width>-<lang>.png.
 * The console user is a security operator (role 8) of the organisation's own security office.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { acknowledge } from '../fixtures/alarms.js';
import { createOwnOrg, type OwnOrg } from '../fixtures/own-org.js';

// The screens as most users see them: with motion (the map's alarm rings pulse). The rest of the
// suite runs with reduced motion (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

let world: OwnOrg;
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  const towns = ['Tirana Qendër', 'Durrës Port', 'Shkodër', 'Vlorë Lungomare', 'Elbasan', 'Korçë', 'Fier', 'Berat', 'Lushnjë', 'Kavajë'];
  world = await createOwnOrg(baseURL!, {
    branches: 26,
    testBranches: 1,
    label: 'screens',
    branchNames: Array.from(
      { length: 26 },
      (_, i) => `${towns[i % towns.length]}${i >= towns.length ? ` ${Math.floor(i / towns.length) + 1}` : ''}`,
    ),
    staffName: ['Elira', 'Kola'],
    securityStaff: [{ roleId: 8, name: ['Arben', 'Dushku'] }],
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
  await world.alarm(world.branches[25]!.id, 'PANIC'); // the test-mode branch
});
test.afterAll(async () => world?.dispose());

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

async function open(page: Page, lang: 'en' | 'sq') {
  await page.goto('/login');
  await signIn(page, world.security[0]!.email);
  await expect(page.getByTestId('alarm-panel')).toBeVisible();
  await page.evaluate((l) => {
    localStorage.setItem('vigil.lang', l);
    localStorage.setItem('vigil.dashboard.sideTab', 'map'); // the suite starts on the tasks tab
  }, lang);
  await page.reload();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  // 13 raised; one of them acknowledged in the first test, after which history no longer lists it.
  await expect.poll(() => page.getByTestId('alarm-item').count()).toBeGreaterThanOrEqual(12);
}

/** How many of `items` lie wholly inside the viewport and inside `frame`'s box. */
async function inside(page: Page, items: Locator, frame: Locator): Promise<number> {
  const f = (await frame.boundingBox())!;
  const view = page.viewportSize()!;
  const boxes = await items.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  return boxes.filter(
    (b) =>
      b.height > 0 &&
      b.top >= Math.max(0, f.y) - 1 &&
      b.bottom <= Math.min(view.height, f.y + f.height) + 1 &&
      b.left >= 0 &&
      b.right <= view.width + 1,
  ).length;
}

const ROLE = { en: 'Security Operator', sq: 'Operator Sigurie' } as const;

for (const lang of ['en', 'sq'] as const) {
  test(`full-height workspace and screenshots in ${lang}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await ctx.newPage();
      await open(page, lang);
      // The sound prompt sits in the top bar; once answered, the compact toggle takes its place.
      const prompt = page.getByTestId('top-bar').getByTestId('sound-banner');
      await expect(prompt).toBeVisible();
      await prompt.getByTestId('sound-dismiss').click();
      await expect(page.getByTestId('sound-banner')).toHaveCount(0);
      await expect(page.getByTestId('top-bar').getByTestId('sound-status')).toHaveAttribute('data-state', 'off');
      // The top bar: the person's name with the role under it; no date range on the dashboard.
      await expect(page.getByTestId('user-name')).toContainText('Arben');
      await expect(page.getByTestId('user-role')).toHaveText(ROLE[lang]);
      const name = (await page.getByTestId('user-name').boundingBox())!;
      const role = (await page.getByTestId('user-role').boundingBox())!;
      expect(role.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
      await expect(page.getByTestId('date-range-button')).toHaveCount(0);

      if (lang === 'en') {
        // One handled alarm, to show who, when and the disposition.
        const first = page.locator('[data-testid="alarm-item"][data-acknowledged="false"]').first();
        await acknowledge(page, first, 'Branch called; staff confirmed a false alarm');
      }
      await page.mouse.move(1270, 790);
      await expect(page.getByTestId('branch-row')).toHaveCount(26);
      // No page scroll: the workspace fits the window.
      expect(
        await page.evaluate(() => ({
          y: document.documentElement.scrollHeight - window.innerHeight,
          x: document.documentElement.scrollWidth - window.innerWidth,
        })),
      ).toEqual({ y: 0, x: 0 });
      // Ten alarm rows and twenty branch rows inside the viewport at once.
      expect(await inside(page, page.getByTestId('alarm-item'), page.getByTestId('alarm-list'))).toBeGreaterThanOrEqual(10);
      // (a row may run past the right edge, the table scrolling sideways; its status and name may not)
      expect(await inside(page, page.getByTestId('branch-name'), page.getByTestId('branch-table-scroll'))).toBeGreaterThanOrEqual(20);
      // Nothing wraps in the board: every row is one line.
      const heights = await page.getByTestId('branch-row').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(Math.max(...heights)).toBeLessThan(34);

      // The map's first view holds every branch of the user.
      const map = page.getByTestId('branch-map');
      await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      const [[w, s], [e, n]] = JSON.parse((await map.getAttribute('data-bounds'))!) as [[number, number], [number, number]];
      for (const b of world.branches) {
        expect(b.lng, b.name).toBeGreaterThanOrEqual(w);
        expect(b.lng, b.name).toBeLessThanOrEqual(e);
        expect(b.lat, b.name).toBeGreaterThanOrEqual(s);
        expect(b.lat, b.name).toBeLessThanOrEqual(n);
      }
      // Alarm branches pulse above the rest (the cluster holding them carries a pulsing ring).
      await expect(map.getByTestId('alarm-pulse').first()).toBeAttached();

      await page.screenshot({ path: shot(`operator-dashboard-1280-${lang}.png`) });
      await page.getByTestId('side-panel').screenshot({ path: shot(`map-1280-${lang}.png`) });
      await page.setViewportSize({ width: 800, height: 800 });
      await expect(page.getByTestId('main-content')).toHaveAttribute('data-full-height', 'true');
      await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      await page.waitForTimeout(500); // the map's tiles and labels settle
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);
      await page.screenshot({ path: shot(`operator-dashboard-800-${lang}.png`) });
      await page.getByTestId('side-panel').screenshot({ path: shot(`map-800-${lang}.png`) });
    } finally {
      await ctx.close();
    }
  });
}
