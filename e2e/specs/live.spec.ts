/**
 * The live dashboard: a mobile PANIC reaches the console over the socket, without a reload (board
 * colour, alarm panel, alert tone), an acknowledgement shows on every console, and a branch
 * action from the console's row menu recolours the board. How fast (target 2 s): bench/live-console.ts.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../fixtures/auth.js';
import { acknowledge } from '../fixtures/alarms.js';
import { session } from '../fixtures/own-org.js';

interface MobileLogin {
  Token: string;
  Branches: { BranchOfficeId: number; Name: string }[];
}

async function mobilePanic(request: APIRequestContext): Promise<{ branchId: number; notificationId: number }> {
  const login = await request.post('/api/mobile/login', { data: { username: 'staff@example.com', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { body } = (await login.json()) as { body: MobileLogin };
  const branchId = body.Branches[0]!.BranchOfficeId;
  const alarm = await request.post('/api/mobile/alarm', {
    headers: { Authorization: `Bearer ${body.Token}` },
    data: { branchOfficeId: branchId, type: 'PANIC' },
  });
  expect(alarm.ok()).toBe(true);
  const res = (await alarm.json()) as { body: { NotificationId: number } };
  return { branchId, notificationId: res.body.NotificationId };
}

async function signInLive(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('branch-row').first()).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
}

test('a mobile panic turns the branch red, lists the alarm and sounds the tone, live', async ({ page, request }) => {
  await signInLive(page, 'orgadmin@example.com');
  await page.getByTestId('sound-enable').click();
  await expect(page.getByTestId('sound-status')).toHaveAttribute('data-state', 'on');

  const { branchId, notificationId } = await mobilePanic(request);

  const row = page.locator(`[data-testid="branch-row"][data-branch-id="${branchId}"]`);
  await expect(row.getByTestId('branch-status')).toHaveAttribute('data-status', 'alarm');
  const item = page.locator(`[data-testid="alarm-item"][data-notification-id="${notificationId}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByTestId('alarm-ack')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.body.dataset.lastAlertSound ?? '')).not.toBe('');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
});

test('an acknowledgement by the operator shows on the organisation admin console', async ({ browser, request }) => {
  const adminCtx = await browser.newContext();
  const operatorCtx = await browser.newContext();
  try {
    const admin = await adminCtx.newPage();
    const operator = await operatorCtx.newPage();
    await signInLive(admin, 'orgadmin@example.com');
    await signInLive(operator, 'operator@example.com');

    const { notificationId } = await mobilePanic(request);
    const sel = `[data-testid="alarm-item"][data-notification-id="${notificationId}"]`;
    await expect(admin.locator(sel)).toBeVisible();
    await expect(operator.locator(sel)).toBeVisible();

    await acknowledge(operator, operator.locator(sel));
    const operatorName = await operator.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('vigil.session') ?? '{}') as { Name?: string; Surname?: string };
      return `${s.Name ?? ''} ${s.Surname ?? ''}`;
    });
    await expect(operator.locator(sel).getByTestId('alarm-acked')).toContainText(operatorName);
    await expect(admin.locator(sel).getByTestId('alarm-acked')).toContainText(operatorName);
    await expect(admin.locator(sel).getByTestId('alarm-ack')).toHaveCount(0);
  } finally {
    await adminCtx.close();
    await operatorCtx.close();
  }
});

test('a branch closed, then opened from the console row menu turns closed, then open', async ({ page, request }) => {
  await signInLive(page, 'orgadmin@example.com');
  // Not a branch of the regional manager (map-notifications.spec.ts raises panics there), nor one in
  // alarm. Whatever the hour of the demo data, it is closed first, so that opening it changes its colour.
  const login = await request.post('/api/mobile/login', { data: { username: 'regional@example.com', password: DEMO_PASSWORD } });
  const regional = ((await login.json()) as { body: MobileLogin }).body.Branches.map((b) => String(b.BranchOfficeId));
  const rows = page.getByTestId('branch-row').filter({ has: page.locator('[data-testid="branch-status"]:not([data-status="alarm"])') });
  const candidates = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-branch-id') ?? ''));
  const branchId = candidates.find((id) => id && !regional.includes(id));
  expect(branchId).toBeTruthy();
  const target = page.locator(`[data-testid="branch-row"][data-branch-id="${branchId}"]`);
  for (const [mode, status] of [
    ['close', 'closed'],
    ['open', 'open'],
  ] as const) {
    await target.getByTestId('branch-actions').click();
    await page.getByTestId(`branch-mode-${mode}`).click();
    await page.getByTestId('confirm-yes').click();
    await expect(target.getByTestId('branch-status')).toHaveAttribute('data-status', status);
  }
});

test('an alarm raised after sign-in, before the socket is up, still reaches the console', async ({ page, request }) => {
  // The socket is held until the alarm is committed: the console has already read its board and its
  // alarm history by then, so the alarm is in neither, and only the socket can bring it.
  let openSocket!: () => void;
  const held = new Promise<void>((resolve) => (openSocket = resolve));
  await page.routeWebSocket(/\/_socket$/, async (ws) => {
    await held;
    ws.connectToServer();
  });
  const history = (type: string) =>
    page.waitForResponse(
      (r) => r.url().includes('/api/client/getnotificationsv2') && r.url().includes(`type=${type}`) && r.url().includes('notDone=true'),
    );
  const historyRead = Promise.all([history('alarms'), history('emergency')]);
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('branch-row').first()).toBeVisible();
  await historyRead;
  await expect(page.getByTestId('realtime-status')).not.toHaveAttribute('data-state', 'live');

  const { notificationId } = await mobilePanic(request);
  openSocket();

  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  await expect(page.locator(`[data-testid="alarm-item"][data-notification-id="${notificationId}"]`)).toBeVisible();
});

test('a panic applied while the board is being read stays on the board the read brings', async ({ page, request, baseURL }) => {
  const login = await request.post('/api/mobile/login', { data: { username: 'staff@example.com', password: DEMO_PASSWORD } });
  const { body: staff } = (await login.json()) as { body: MobileLogin };
  const branchId = staff.Branches[0]!.BranchOfficeId;
  const mobile = { Authorization: `Bearer ${staff.Token}` };
  // Open from a console (not from the app, whose branch action would start the branch's task list
  // under task-lists.spec.ts), so that the board read below answers the branch open, not in alarm.
  const admin = await session(baseURL!, 'orgadmin@example.com');
  const opened = await admin.post('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: branchId, mode: 'OPEN' });
  expect(opened.status, JSON.stringify(opened.json)).toBe(200);
  await admin.ctx.dispose();

  // The board's answer is read by the server now, and reaches the page only after the panic
  // that follows has come over the socket and been applied.
  let deliverBoard!: () => void;
  const boardHeld = new Promise<void>((resolve) => (deliverBoard = resolve));
  let boardRead!: () => void;
  const boardWasRead = new Promise<void>((resolve) => (boardRead = resolve));
  await page.route('**/api/client/getofficesv2', async (route) => {
    const response = await route.fetch();
    boardRead();
    await boardHeld;
    await route.fulfill({ response });
  });
  await page.goto('/login');
  await signIn(page, 'orgadmin@example.com');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'live');
  await boardWasRead;

  const panic = await request.post('/api/mobile/alarm', { headers: mobile, data: { branchOfficeId: branchId, type: 'PANIC' } });
  expect(panic.ok()).toBe(true);
  const { NotificationId } = ((await panic.json()) as { body: { NotificationId: number } }).body;
  await expect(page.locator(`[data-testid="alarm-item"][data-notification-id="${NotificationId}"]`)).toBeVisible();
  deliverBoard();

  const row = page.locator(`[data-testid="branch-row"][data-branch-id="${branchId}"]`);
  await expect(row.getByTestId('branch-status')).toHaveAttribute('data-status', 'alarm');
});
