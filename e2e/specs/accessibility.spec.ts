/**
 * Accessibility (WCAG 2.1 AA; issue 19): axe-core (@axe-core/playwright) on every screen of every
 * role's menu (fixtures/menus.ts, spec §2) and on the sign-in pages, in English and Albanian. Any
 * serious or critical violation fails the test, listed with the screen, rule and elements. One
 * sign-in per role and language; the screens are then opened inside the console as its menu
 * opens them (no reload); nothing is changed.
 *
 * A screen is the same page whoever opens it, so each path is checked once per language, with the
 * first role below whose menu has it; the dashboard ('/') differs by role (the operator's panels,
 * the board of an organisation) and is checked for every role. That keeps the run to about 60 page
 * loads instead of 150.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn, signInAdmin } from '../fixtures/auth.js';
import { SPEC_MENUS } from '../fixtures/menus.js';
import { goInApp } from '../fixtures/navigate.js';

const ROLES: [string, keyof typeof SPEC_MENUS][] = [
  ['orgadmin@example.com', 2],
  ['dealer@example.com', 12],
  ['officer@example.com', 5],
  ['operator@example.com', 8],
  ['regional@example.com', 9],
  ['manager@example.com', 6],
  ['admin@example.com', 1],
];
const LANGUAGES = ['en', 'sq'] as const;

/** The paths each role's test checks: its dashboard, and the menu paths no earlier role checked. */
const SCREENS: Map<keyof typeof SPEC_MENUS, string[]> = (() => {
  const seen = new Set<string>();
  return new Map(
    ROLES.map(([, roleId]) => {
      const mine = SPEC_MENUS[roleId].filter((p) => p === '/' || !seen.has(p));
      for (const p of mine) seen.add(p);
      return [roleId, mine];
    }),
  );
})();
// Each test signs in on its own and changes nothing: spread them over both workers.
test.describe.configure({ mode: 'parallel' });
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations of the page as shown now, one line each. */
async function violations(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens a screen inside the signed-in console (as its menu does: no reload) and waits until its
 * data has arrived (no request in flight, no spinner).
 */
async function open(page: Page, path: string) {
  await goInApp(page, path);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
}

async function useLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('vigil.lang', l), lang);
}

for (const lang of LANGUAGES) {
  test(`sign-in pages have no serious or critical violations (${lang})`, async ({ page }) => {
    await page.goto('/login');
    await useLanguage(page, lang);
    const found: string[] = [];
    for (const path of ['/login', '/admin/login']) {
      await page.goto(path);
      await expect(page.getByRole('button').first()).toBeVisible();
      found.push(...(await violations(page, `${lang} ${path}`)));
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  for (const [email, roleId] of ROLES) {
    test(`every screen of role ${roleId} has no serious or critical violations (${lang})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(roleId === 1 ? '/admin/login' : '/login');
      await useLanguage(page, lang);
      if (roleId === 1) await signInAdmin(page, email);
      else await signIn(page, email);
      await expect(page.getByTestId('user-menu-button')).toBeVisible();
      const found: string[] = [];
      for (const path of SCREENS.get(roleId)!) {
        await open(page, path);
        found.push(...(await violations(page, `${lang} role ${roleId} ${path}`)));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}
