/**
 * Video calls with live media (issue 15), end to end on the test's own organisation: its own
 * security office with two operators, and its own mobile staff member. The simulator's call (a
 * real mobile client: mobile API, mobile channel, and a headless Chromium sending the fake camera
 * and tone over WebRTC) rings in the first operator's drawer with the alert tone; the operator
 * answers by keyboard and the console's <video> shows the caller (non-zero size, frames keep
 * coming) and hears it (inbound audio bytes grow); the second operator sees other-console; a
 * transfer reaches it, it answers and gets the video; it ends the call, closes it out, and the
 * recording plays in /videorecording/[id] lasting the talk time (± 2 s). A second call whose
 * console tab is closed mid-call still has its whole recording. Screenshots of /video/[id] with
 * live video at 1280 and 800 px (docs/screenshots/video-call-*.png).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Incident } from '@vigil/contract';
import { signIn } from '../fixtures/auth.js';
import { tabTo } from '../fixtures/keyboard.js';
import { createOwnOrg, session } from '../fixtures/own-org.js';

test.describe.configure({ mode: 'serial' });

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shot = (name: string) => path.join(ROOT, 'docs/screenshots', name);

/** The simulator's call command as a child process, its JSON lines collected. */
function simulateCall(baseURL: string, email: string, seconds: number, timeout = 90, extra: string[] = []) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/simulator/src/index.ts',
      'call',
      '--url',
      baseURL,
      '--email',
      email,
      '--seconds',
      String(seconds),
      '--timeout',
      String(timeout),
      ...extra,
    ],
    { cwd: ROOT },
  );
  const lines: string[] = [];
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => lines.push(...String(d).split('\n').filter(Boolean)));
  child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    lines,
    exited,
    kill: () => child.kill(),
    /** Ctrl+C: the caller hangs up now (the simulator exits 0 once the call was answered). */
    hangUp: () => child.kill('SIGINT'),
    /** Waits until the simulator printed `line`. */
    async printed(line: object, timeout = 20_000) {
      const want = JSON.stringify(line);
      await expect.poll(() => lines.includes(want) || stderr, { timeout, message: `simulator: ${want}` }).toBe(true);
    },
  };
}

async function signInLive(browser: Browser, email: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  return page;
}

const incoming = (page: Page, id?: string) =>
  page
    .getByTestId('incoming-call')
    .filter({ visible: true })
    .and(page.locator(id ? `[data-call="${id}"]` : '[data-call]'));

/** The console's remote video: size and frames shown so far. */
const videoOf = (page: Page) =>
  page.getByTestId('call-video').evaluate((v: HTMLVideoElement) => ({
    width: v.videoWidth,
    height: v.videoHeight,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
  }));
const figure = async (page: Page, name: string) => Number(await page.getByTestId('call-video-area').getAttribute(name));

/** Waits for live video on `page`, then for frames and inbound audio to keep coming. */
async function expectLiveMedia(page: Page) {
  await expect(page.getByTestId('call-video-area')).toHaveAttribute('data-media', 'connected', { timeout: 30_000 });
  // Width and height in one reading: on the second call of a page the element can still show the
  // first call's size for a moment, then 0 × 0 while the new stream attaches (CI on a slow machine).
  await expect
    .poll(
      async () => {
        const v = await videoOf(page);
        return Math.min(v.width, v.height);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const frames = (await videoOf(page)).frames;
  await expect.poll(async () => (await videoOf(page)).frames).toBeGreaterThan(frames + 10);
  await expect.poll(() => figure(page, 'data-audio-in')).toBeGreaterThan(0);
  const audio = await figure(page, 'data-audio-in');
  await expect.poll(() => figure(page, 'data-audio-in')).toBeGreaterThan(audio);
}

/**
 * How far the recording's length may be from the talk time (answer → end, the incident's times):
 * issue 15 asks for 2 s. The server writes the caller's media that arrived between those two
 * instants, timed by the RTP clock rebased at the answer (call-recorder.ts), so the two measure
 * the same interval; the API test calls-media.test.ts checks it on several calls at once.
 */
const RECORDING_TOLERANCE_S = 2;

/** Opens /videorecording/[id] and answers the player's duration (s), once known and finite. */
async function recordingDuration(page: Page, id: string): Promise<number> {
  await page.goto(`/videorecording/${id}`);
  const player = page.getByTestId('video-recording-player');
  await expect(player).toBeVisible();
  let duration = NaN;
  await expect
    .poll(
      async () => {
        duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
        return Number.isFinite(duration) && duration > 0;
      },
      { timeout: 20_000, message: 'recording duration' },
    )
    .toBe(true);
  return duration;
}

test('a simulator call with live media: answer, video and sound, other-console, transfer, end; its recording lasts the talk', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const own = await createOwnOrg(baseURL!, {
    label: 'calls',
    staffName: ['Elira', 'Dushku'],
    securityStaff: [
      { roleId: 8, name: ['Drita', 'Kola'] },
      { roleId: 5, name: ['Gezim', 'Hoxha'] },
    ],
  });
  const [opEntry, offEntry] = own.security;
  const operator = await signInLive(browser, opEntry!.email);
  const officer = await signInLive(browser, offEntry!.email);
  const api = await session(baseURL!, opEntry!.email);
  /** The talk time of a call in seconds, to the millisecond (answer → end). */
  const talkOf = async (id: string) => {
    const c = (await api.post<{ incidentobject: Incident }>('/api/client/getcall', { callId: Number(id) })).json.body!.incidentobject;
    return (Date.parse(c.EndTimeUTC!) - Date.parse(c.AnsweredTimeUTC!)) / 1000;
  };
  await operator.getByTestId('sound-enable').click();
  await expect(operator.getByTestId('sound-status')).toHaveAttribute('data-state', 'on');
  const sim = simulateCall(baseURL!, own.staff.email, 600);
  try {
    await sim.printed({ type: 'state', status: 'ringing' });
    // Only this organisation's calls ring on its security office: the one call listed is ours.
    const item = incoming(operator);
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-status', 'new');
    await expect(item).toContainText(own.staff.name);
    await expect.poll(() => operator.evaluate(() => document.body.dataset.lastAlertSound ?? '')).not.toBe('');
    const id = (await item.getAttribute('data-call'))!;
    await expect(incoming(officer, id)).toHaveAttribute('data-status', 'new');

    await item.click();
    await expect(operator).toHaveURL(new RegExp(`/video/${id}$`));
    await expect(operator.getByTestId('call-caller')).toContainText(own.staff.name);
    await expect(operator.getByTestId('call-medical')).toBeVisible();
    await expect(operator.getByTestId('call-contacts')).toBeVisible();
    await expect(operator.getByTestId('call-video-area')).toHaveAttribute('data-media', 'idle');
    // Answered by keyboard alone (issue 19): Tab to Answer, Enter.
    await tabTo(operator, '[data-testid="call-answer"]');
    await operator.keyboard.press('Enter');
    await expect(operator.getByTestId('video-page')).toHaveAttribute('data-status', 'active');
    await sim.printed({ type: 'state', status: 'active' });
    await sim.printed({ type: 'media', status: 'started' });
    await expectLiveMedia(operator);
    await expect(operator.getByTestId('call-mic')).toBeEnabled();
    await operator.getByTestId('call-mic').click();
    await expect(operator.getByTestId('call-mic')).toHaveAttribute('aria-pressed', 'true');
    await operator.getByTestId('call-mic').click();
    await operator.screenshot({ path: shot('video-call-1280.png'), fullPage: true });
    await operator.setViewportSize({ width: 800, height: 900 });
    await expect(operator.getByTestId('call-video')).toBeVisible();
    await operator.screenshot({ path: shot('video-call-800.png'), fullPage: true });
    await operator.setViewportSize({ width: 1280, height: 900 });

    // The second operator's console shows it on another console.
    await expect(incoming(officer, id)).toHaveAttribute('data-status', 'other-console');
    await expect(incoming(officer, id)).toContainText(opEntry!.name);
    await incoming(officer, id).click();
    await expect(officer.getByTestId('call-taken')).toContainText(opEntry!.name);
    await expect(officer.getByTestId('call-answer')).toHaveCount(0);
    await expect(officer.getByTestId('call-video-area')).toHaveAttribute('data-media', 'idle');

    // Transfer to the second operator (online): it may answer and gets the video; the first's connection closes.
    await operator.getByTestId('call-transfer').click();
    await operator.locator(`[data-testid="transfer-target"][data-user]`).filter({ hasText: offEntry!.name }).click();
    await expect(operator.getByTestId('video-page')).toHaveAttribute('data-status', 'other-console');
    await expect(operator.getByTestId('call-video-area')).toHaveAttribute('data-media', 'idle');
    await sim.printed({ type: 'state', status: 'transfer' });
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'transfer');
    await officer.getByTestId('call-answer').click();
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'active');
    await expect(officer.getByTestId('call-caller')).toContainText(`${opEntry!.name} → ${offEntry!.name}`);
    await expectLiveMedia(officer);

    await officer.getByTestId('call-end').click();
    await sim.printed({ type: 'state', status: 'ended' });
    expect(await sim.exited).toBe(0);
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'ended');
    await expect(incoming(operator, id)).toHaveCount(0);
    await officer.getByTestId('call-closeout').click();
    await expect(officer.getByTestId('video-page')).toHaveAttribute('data-status', 'closeout');

    // The recording plays and lasts the talk time.
    const talk = await talkOf(id);
    const duration = await recordingDuration(officer, id);
    expect(Math.abs(duration - talk), `recording ${duration} s, talk ${talk} s`).toBeLessThanOrEqual(RECORDING_TOLERANCE_S);

    // A second call: the console's tab closes mid-call; the recording still holds the whole talk.
    // The caller talks until the test hangs up, some seconds after the tab closed: a fixed talk
    // time could end before the console's media had shown live on a busy machine (CI, 2 of 3 runs
    // at 12 s).
    const AFTER_CLOSE_MS = 5_000;
    const sim2 = simulateCall(baseURL!, own.staff.email, 600);
    try {
      await sim2.printed({ type: 'state', status: 'ringing' });
      const item2 = incoming(operator).and(operator.locator('[data-status="new"]'));
      await expect(item2).toHaveCount(1);
      const id2 = (await item2.getAttribute('data-call'))!;
      await item2.click();
      await operator.getByTestId('call-answer').click();
      await expectLiveMedia(operator);
      const ctx = operator.context();
      const answered = Date.parse(
        (await api.post<{ incidentobject: Incident }>('/api/client/getcall', { callId: Number(id2) })).json.body!.incidentobject
          .AnsweredTimeUTC!,
      );
      await operator.close();
      await new Promise((r) => setTimeout(r, AFTER_CLOSE_MS));
      const talkedAtLeast = (Date.now() - answered) / 1000;
      expect(sim2.lines).not.toContain(JSON.stringify({ type: 'state', status: 'ended' }));
      sim2.hangUp();
      await sim2.printed({ type: 'state', status: 'ended' });
      expect(await sim2.exited).toBe(0);
      const again = await ctx.newPage();
      const talk2 = await talkOf(id2);
      expect(talk2).toBeGreaterThanOrEqual(talkedAtLeast);
      const duration2 = await recordingDuration(again, id2);
      expect(Math.abs(duration2 - talk2), `recording ${duration2} s, talk ${talk2} s`).toBeLessThanOrEqual(RECORDING_TOLERANCE_S);
    } finally {
      sim2.kill();
    }
  } finally {
    sim.kill();
    await api.ctx.dispose();
    await operator.context().close();
    await officer.context().close();
    await own.dispose();
  }
});

test('a call whose caller hangs up before an answer leaves every drawer', async ({ browser, baseURL }) => {
  const own = await createOwnOrg(baseURL!, { label: 'calls-missed', securityStaff: [{ roleId: 8, name: ['Mira', 'Lala'] }] });
  const operator = await signInLive(browser, own.security[0]!.email);
  // No media: this call only rings (10 s) and is hung up unanswered.
  const sim = simulateCall(baseURL!, own.staff.email, 30, 10, ['--no-media']);
  try {
    const item = incoming(operator);
    await expect(item).toHaveCount(1);
    const id = (await item.getAttribute('data-call'))!;
    expect(await sim.exited).toBe(1);
    await expect(incoming(operator, id)).toHaveCount(0);
  } finally {
    sim.kill();
    await operator.context().close();
    await own.dispose();
  }
});
