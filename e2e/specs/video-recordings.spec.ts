/**
 * Video recordings (issue 15 part 2; spec §2 /videorecordings, /videorecording/[id]): a call
 * placed over the mobile API and hung up before anyone answers (a finished, missed incident)
 * appears in the operator's report; searching by its incident id leaves that one row, which opens
 * the incident page with the caller's profile and the "no recording" state (Range serving of a
 * kept recording is tested at the API level: video-recordings.test.ts, calls-media.test.ts).
 * Screenshots of both pages at 1280 and 800 px.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, '.test-results/screenshots/video-recordings');

/** A missed call of the regional manager (calls.spec.ts uses staff@example.com): placed, then hung up. */
async function missedCall(request: APIRequestContext): Promise<{ id: number; textId: string }> {
  const login = await request.post('/api/mobile/login', { data: { username: 'regional@example.com', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const m = ((await login.json()) as { body: { Token: string; Branches: { BranchOfficeId: number }[] } }).body;
  const headers = { Authorization: `Bearer ${m.Token}` };
  const start = await request.post('/api/mobile/calls/start', {
    headers,
    data: { branchOfficeId: m.Branches[0]!.BranchOfficeId, latitude: 41.3275, longitude: 19.8187 },
  });
  expect(start.ok(), await start.text()).toBe(true);
  const call = ((await start.json()) as { body: { callobject: { IncidentId: number; TextId: string } } }).body.callobject;
  expect((await request.post('/api/mobile/calls/hangup', { headers, data: { callId: call.IncidentId } })).ok()).toBe(true);
  return { id: call.IncidentId, textId: call.TextId };
}

test('the report lists a finished call and opens its incident with the no-recording state', async ({ page, request }) => {
  const call = await missedCall(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, 'operator@example.com');
  await expect(page.getByTestId('drawer').first()).toBeVisible();
  await page.goto('/videorecordings');
  const report = page.getByTestId('video-recordings');
  await expect(report.getByTestId('report-row').first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'videorecordings-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, 'videorecordings-800.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByTestId('video-recordings-search').fill(call.textId);
  await expect(report.getByTestId('report-row')).toHaveCount(1);
  const row = report.getByTestId('report-row').first();
  await expect(row.getByTestId('video-recording-has')).toHaveText('No');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/videorecording/${call.id}$`));
  const rec = page.getByTestId('video-recording');
  await expect(rec.getByTestId('video-recording-none')).toBeVisible();
  await expect(rec.getByTestId('video-recording-player')).toHaveCount(0);
  await expect(rec.getByTestId('video-recording-state')).toHaveText('Missed');
  await expect(rec.getByTestId('video-recording-answerer')).toHaveText('—');
  await expect(rec.getByTestId('call-caller')).toBeVisible();
  await expect(rec.getByTestId('call-medical')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'videorecording-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, 'videorecording-800.png'), fullPage: true });

  // An id outside the scope (or no call at all) shows the error, not a blank page.
  await page.goto('/videorecording/2147483000');
  await expect(page.getByTestId('video-recording-error')).toHaveText('Call not found');
});
