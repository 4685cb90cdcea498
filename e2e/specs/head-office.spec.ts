/**
 * /mainoffice's branch structure chart (getstatistics, spec §7; issue 19) in the browser: the US
 * organisation admin sees a bar per region and the same figures in the table, whose rows add up
 * to the totals; the region names are those of the regions list. Read only. Screenshots at 1280
 * and 800 px wide go to .test-results/head-office.
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';

test('the head office page draws the organisation’s branch structure with totals that add up', async ({ page }) => {
  await signIn(page, 'us-orgadmin@example.com');
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  await page.goto('/regions');
  const regionRows = page.getByTestId('regions-row');
  await expect(regionRows.first()).toBeVisible();
  const regionNames = (await regionRows.allInnerTexts()).map((t) => t.split('\t')[0]!.trim());

  await page.goto('/mainoffice');
  const chart = page.getByTestId('branch-structure');
  await expect(chart.getByRole('heading', { name: 'Branch structure' })).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  const rows = chart.getByTestId('branch-structure-row');
  await expect(rows.first()).toBeVisible();
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  let total = 0;
  for (const [name, active, pending, inactive, sum] of cells) {
    expect(Number(active) + Number(pending) + Number(inactive), name).toBe(Number(sum));
    total += Number(sum);
    if (name !== 'Without a region') expect(regionNames).toContain(name);
  }
  expect(cells.filter((c) => c[0] !== 'Without a region')).toHaveLength(regionNames.length);
  await expect(chart.getByTestId('branch-structure-totals')).toContainText(`Branches: ${total}`);
  await expect(chart.getByTestId('branch-structure-totals')).toContainText(`Regions: ${regionNames.length}`);
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    await chart.screenshot({ path: `.test-results/head-office/branch-structure-${width}.png` });
  }
});
