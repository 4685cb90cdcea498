/**
 * The incident view (issue 13, /alarm/:id) on an organisation of the test's own, at 1280×800: a
 * panic opened from its alarm row on console A shows the branch, who is there, the phrases and the
 * timeline; a note added on console B (a second browser context) appears in A's timeline without
 * a reload; acknowledging with a disposition on A shows in the timeline and closes the figures;
 * an emergency message opens with the branch chosen; the timeline downloads as CSV and PDF
 * holding the events. Screenshots en and sq at 1280 and
 * 800 px go to docs/screenshots/incident-view-<width>-<lang>.png.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';
import { createOwnOrg, session, type OwnOrg } from '../fixtures/own-org.js';
import { pdfText } from '../fixtures/pdf-text.js';

test.use({ viewport: { width: 1280, height: 800 } });

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}`, import.meta.url));

let world: OwnOrg;
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  world = await createOwnOrg(baseURL!, {
    branches: 1,
    consoles: 2,
    label: 'incident',
    branchNames: ['Dega Tirana Qendër'],
    staffName: ['Elira', 'Kola'],
  });
});
test.afterAll(async () => world?.dispose());

async function signInLive(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('alarm-panel')).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
}

/** The file of a download started by clicking `testId`. */
async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('the incident view: live note from a second console, acknowledgement with a disposition, CSV and PDF', async ({ browser }) => {
  test.setTimeout(180_000);
  const one = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const two = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const a = await one.newPage();
    const b = await two.newPage();
    // A current phrase of the organisation (the console users are its admins, who read phrases).
    const api = await session(test.info().project.use.baseURL!, world.consoles[0]!);
    const phrase = await api.post('/api/client/commonphrase', { case: 'ADD-PHRASE', Phrase: 'Green lantern at noon', IsDuress: false });
    expect(phrase.status, JSON.stringify(phrase.json)).toBe(200);
    await api.ctx.dispose();

    await signInLive(a, world.consoles[0]!);
    await signInLive(b, world.consoles[1]!);
    const branch = world.branches[0]!;
    await world.checkIn(branch.id);
    const id = await world.alarm(branch.id, 'PANIC');
    const row = `[data-testid="alarm-item"][data-notification-id="${id}"]`;

    // A opens the incident from the alarm row.
    await a.locator(row).getByTestId('alarm-action').click();
    await expect(a).toHaveURL(new RegExp(`/alarm/${id}$`));
    const page = a.getByTestId('incident-page');
    await expect(page).toHaveAttribute('data-alarm-id', String(id));
    await expect(a.getByTestId('incident-title')).toHaveText(`Panic at ${branch.name}`);
    await expect(a.getByTestId('incident-branch-name')).toHaveText(branch.name);
    await expect(a.getByTestId('incident-branch-status')).toHaveAttribute('data-status', 'alarm');
    await expect(a.getByTestId('incident-person')).toContainText('Elira Kola');
    await expect(a.getByTestId('incident-person')).toContainText('Checked in');
    await expect(a.getByTestId('security-phrase')).toContainText('Green lantern at noon');
    await expect(a.getByTestId('incident-map-canvas')).toHaveAttribute('data-ready', 'true');
    const entries = a.getByTestId('incident-entry');
    await expect(entries.first()).toHaveAttribute('data-type', 'NOTIFICATION');
    await expect(a.getByTestId('incident-figure-acknowledged')).toContainText('Not yet');

    // B adds a note from its alarm panel; A's timeline shows it without a reload.
    const onB = b.locator(row);
    await onB.getByTestId('alarm-notes-toggle').click();
    await onB.getByTestId('alarm-note-input').fill('Branch called back, line busy');
    await onB.getByTestId('alarm-note-add').click();
    const note = a.locator('[data-testid="incident-entry"][data-type="ALARM-NOTE"]');
    await expect(note).toContainText('Branch called back, line busy');
    await expect(note).toContainText(`Console1 ${world.consoles[1]!.split('.')[1]!.split('@')[0]}`);

    // A adds a note of its own, then acknowledges: a panic asks for a disposition and a note.
    await a.getByTestId('incident-note-input').fill('Patrol informed');
    await a.getByTestId('incident-note-add').click();
    await expect(a.locator('[data-testid="incident-entry"][data-type="ALARM-NOTE"]')).toHaveCount(2);
    await a.getByTestId('incident-ack').click();
    const dialog = a.getByTestId('ack-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('ack-disposition-select').click();
    await a.locator('[data-testid="ack-disposition-option"][data-value="police-dispatched"]').click();
    await dialog.getByTestId('ack-note').fill('Police on the way, staff safe');
    await dialog.getByTestId('ack-confirm').click();
    await expect(dialog).toBeHidden();
    const ack = a.locator('[data-testid="incident-entry"][data-type="ALARM-ACK"]');
    await expect(ack).toContainText('Police dispatched');
    await expect(ack).toContainText('Police on the way, staff safe');
    await expect(a.getByTestId('incident-ack')).toHaveCount(0);
    await expect(a.getByTestId('incident-ack-state')).toContainText('Police dispatched');
    await expect(a.getByTestId('incident-figure-closed')).not.toHaveAttribute('data-at', '');
    // B's panel shows the acknowledgement too (one source).
    await expect(onB).toHaveAttribute('data-acknowledged', 'true');

    // An emergency message from here starts with the alarm's branch chosen.
    await a.getByTestId('incident-send-ens').click();
    const ens = a.getByTestId('emergency-dialog');
    await expect(ens.getByRole('combobox', { name: 'Location' })).toHaveText(branch.name);
    await expect(ens.getByTestId('ens-employees')).toContainText('Elira');
    await ens.getByRole('button', { name: 'Cancel' }).click();
    await expect(ens).toBeHidden();

    // The timeline as CSV and as PDF, each holding the events.
    const csv = await download(a, 'incident-export-csv');
    expect(csv.name).toBe(`incident-${id}.csv`);
    const text = csv.bytes.toString('utf8');
    expect(text.split('\n')[0]).toBe('Time at the branch,Logged,What,Who,Details,Event');
    for (const s of ['Panic', 'Branch called back, line busy', 'Patrol informed', 'Police dispatched']) expect(text).toContain(s);
    const pdf = await download(a, 'incident-export-pdf');
    expect(pdf.name).toBe(`incident-${id}.pdf`);
    const words = pdfText(pdf.bytes);
    for (const s of [`Panic at ${branch.name}`, 'Branch called back, line busy', 'Patrol informed', 'Police on the way, staff safe'])
      expect(words).toContain(s);

    // Screenshots: English, then Albanian, at 1280 and 800 px.
    await a.mouse.move(1270, 790);
    await a.screenshot({ path: shot('incident-view-1280-en.png'), fullPage: true });
    await a.setViewportSize({ width: 800, height: 800 });
    await expect(a.getByTestId('incident-page')).toBeVisible();
    await a.screenshot({ path: shot('incident-view-800-en.png'), fullPage: true });
    await a.evaluate(() => localStorage.setItem('vigil.lang', 'sq'));
    await a.setViewportSize({ width: 1280, height: 800 });
    await a.reload();
    await expect(a.getByTestId('incident-title')).toHaveText(`Panik në ${branch.name}`);
    await expect(a.locator('[data-testid="incident-entry"][data-type="ALARM-ACK"]')).toContainText('U dërgua policia');
    await expect(a.getByTestId('incident-map-canvas')).toHaveAttribute('data-ready', 'true');
    await a.screenshot({ path: shot('incident-view-1280-sq.png'), fullPage: true });
    await a.setViewportSize({ width: 800, height: 800 });
    await a.screenshot({ path: shot('incident-view-800-sq.png'), fullPage: true });
  } finally {
    await one.close();
    await two.close();
  }
});
