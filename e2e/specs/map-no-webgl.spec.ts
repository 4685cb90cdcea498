/**
 * A browser that has the WebGL API but cannot make a context (Chromium with WebGL disabled, as on
 * a blocked GPU): the console does not probe WebGL by making a context of its own (a 250–350 ms
 * main-thread task in software WebGL, issue 20), so MapLibre finds it out, and the dashboard's map
 * panel says the map needs WebGL while the board keeps every branch.
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { LAUNCH_OPTIONS } from '../fixtures/browser.js';

test.use({ launchOptions: { ...LAUNCH_OPTIONS, args: [...LAUNCH_OPTIONS.args, '--disable-webgl', '--disable-webgl2'] } });

test('without a WebGL context the map panel says the map needs WebGL; the board is unchanged', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('branch-row').first()).toBeVisible();
  await page.getByTestId('board-view-map').click();
  const fallback = page.getByTestId('branch-map-fallback');
  await expect(fallback).toContainText('The map needs WebGL', { timeout: 30_000 });
  await expect(page.getByTestId('branch-map')).toHaveCount(0);
  await expect(page.getByTestId('branch-row').first()).toBeVisible();
});
