/**
 * Acknowledging safely (issue 13), at 1280×800, on an organisation of the test's own (nobody
 * else's alarms arrive, and no other spec sees these): a double click on Acknowledge acknowledges
 * exactly one alarm and nothing moves under the pointer; a panic needs a disposition and a note,
 * from the list the organisation admin keeps; the acknowledgement (who, when, disposition) shows
 * on every console.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { createOwnOrg, session, type OwnOrg } from '../fixtures/own-org.js';

test.use({ viewport: { width: 1280, height: 800 } });

async function signInLive(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('alarm-panel')).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
}

/** The alarms of the organisation as the server has them: id → acknowledged or not. */
async function serverAcks(page: Page, ids: number[]): Promise<boolean[]> {
  return page.evaluate(async (list) => {
    const out: boolean[] = [];
    for (const id of list) {
      const res = await fetch(`/api/client/getnotificationsv2?id=${id}`, { credentials: 'include' });
      const json = (await res.json()) as { body: { notificationobject: { Acknowledged: unknown }[] } };
      out.push(json.body.notificationobject[0]!.Acknowledged != null);
    }
    return out;
  }, ids);
}

let world: OwnOrg;
test.beforeAll(async ({ baseURL }) => {
  world = await createOwnOrg(baseURL!, { branches: 2, consoles: 2, label: 'ack' });
});
test.afterAll(async () => world?.dispose());

test('a double click on Acknowledge acknowledges exactly one alarm, and the rows stay in place', async ({ page }) => {
  await signInLive(page, world.consoles[0]!);
  const [b1, b2] = world.branches;
  const ids = [await world.alarm(b1!.id, 'TROUBLE'), await world.alarm(b2!.id, 'TROUBLE'), await world.alarm(b1!.id, 'ALARM')];
  const items = page.getByTestId('alarm-item');
  await expect(items).toHaveCount(3);
  const firstId = Number(await items.first().getAttribute('data-notification-id'));
  const before = await items.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.notificationId));

  const button = items.first().getByTestId('alarm-ack');
  const box = (await button.boundingBox())!;
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);

  const first = page.locator(`[data-testid="alarm-item"][data-notification-id="${firstId}"]`);
  await expect(first).toHaveAttribute('data-acknowledged', 'true');
  await expect(first.getByTestId('alarm-acked')).toBeVisible();
  // While the pointer stays, the order is held: the acknowledged row is still first, the others below it.
  expect(await items.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.notificationId))).toEqual(before);
  // Under the pointer there is no other alarm's button.
  const under = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="alarm-item"]')?.getAttribute('data-notification-id') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(under).toBe(String(firstId));
  await expect(page.locator('[data-testid="alarm-item"][data-acknowledged="true"]')).toHaveCount(1);
  // The server agrees: one acknowledged, two waiting.
  await expect.poll(() => serverAcks(page, ids).then((a) => a.filter(Boolean).length)).toBe(1);
  expect((await serverAcks(page, ids))[ids.indexOf(firstId)]).toBe(true);

  // When the pointer leaves, the list sorts again: waiting alarms first.
  await page.mouse.move(5, 790);
  await expect(page.getByTestId('alarm-list')).toHaveAttribute('data-held', 'false');
  await expect(items.last()).toHaveAttribute('data-notification-id', String(firstId));
});

test('a panic needs a disposition and a note from the organisation list; every console shows who, when and the disposition', async ({
  browser,
}) => {
  const one = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const two = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const a = await one.newPage();
    const b = await two.newPage();
    await signInLive(a, world.consoles[0]!);
    await signInLive(b, world.consoles[1]!);

    // The organisation admin adds a disposition of its own.
    await a.getByTestId('dispositions-open').click();
    await a.getByTestId('disposition-new').fill('Customer pressed by mistake');
    await a.getByTestId('disposition-add').click();
    await expect(a.getByTestId('disposition-row')).toHaveCount(5);
    await a.getByTestId('dispositions-save').click();
    await expect(a.getByTestId('dispositions-list')).toBeHidden();

    // A current security phrase of the organisation: the dialog shows it (the branch is called back).
    const api = await session(test.info().project.use.baseURL!, world.consoles[0]!);
    const phrase = await api.post('/api/client/commonphrase', { case: 'ADD-PHRASE', Phrase: 'Blue heron at dawn', IsDuress: false });
    expect(phrase.status, JSON.stringify(phrase.json)).toBe(200);
    await api.ctx.dispose();

    const id = await world.alarm(world.branches[0]!.id, 'PANIC');
    const sel = `[data-testid="alarm-item"][data-notification-id="${id}"]`;
    await expect(a.locator(sel)).toBeVisible();
    await expect(b.locator(sel)).toBeVisible();

    // A double click opens the dialog once and does not acknowledge.
    await a.locator(sel).getByTestId('alarm-ack').dblclick();
    const dialog = a.getByTestId('ack-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('security-phrase')).toContainText('Blue heron at dawn');
    const confirm = dialog.getByTestId('ack-confirm');
    await expect(confirm).toBeDisabled();
    await dialog.getByTestId('ack-note').fill('Called the branch; staff member pressed it by mistake');
    await expect(confirm).toBeDisabled();
    await dialog.getByTestId('ack-disposition-select').click();
    await expect(a.getByTestId('ack-disposition-option')).toHaveText([
      'False alarm',
      'Test',
      'Police dispatched',
      'Resolved on site',
      'Customer pressed by mistake',
    ]);
    // Cancelled: still waiting, everywhere.
    await a.keyboard.press('Escape');
    await dialog.getByTestId('ack-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(a.locator(sel)).toHaveAttribute('data-acknowledged', 'false');
    expect(await serverAcks(a, [id])).toEqual([false]);

    await a.locator(sel).getByTestId('alarm-ack').click();
    await dialog.getByTestId('ack-disposition-select').click();
    await a.locator('[data-testid="ack-disposition-option"][data-value="Customer pressed by mistake"]').click();
    await dialog.getByTestId('ack-note').fill('Called the branch; staff member pressed it by mistake');
    await confirm.click();
    await expect(dialog).toBeHidden();

    for (const page of [a, b]) {
      const item = page.locator(sel);
      await expect(item).toHaveAttribute('data-acknowledged', 'true');
      await expect(item.getByTestId('alarm-acked')).toContainText(`Console0 ${world.consoles[0]!.split('.')[1]!.split('@')[0]}`);
      await expect(item.getByTestId('alarm-disposition')).toContainText('Customer pressed by mistake');
    }
    await expect(b.locator(sel).getByTestId('alarm-ack')).toHaveCount(0);
  } finally {
    await one.close();
    await two.close();
  }
});
