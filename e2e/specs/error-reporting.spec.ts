/**
 * Console error reporting (spec §9; docs/OPERATIONS.md "Error reporting"): when the server hands
 * out a DSN (GET /errorreporting; the shared e2e server has none, so this test's route answers
 * with one pointing at a local HTTP endpoint, and the context bypasses the CSP that would
 * otherwise only allow the server's own DSN host), an uncaught error in the console reaches that
 * endpoint as a @sentry/react envelope, with the release and no personal data. Without a DSN the
 * SDK is never loaded.
 */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth.js';

test.use({ bypassCSP: true });

test('an uncaught console error reaches the DSN endpoint as an envelope without personal data', async ({ page }) => {
  const bodies: string[] = [];
  const collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const port = (collector.address() as { port: number }).port;
  const dsn = `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/7`;
  try {
    // Off by default: the real answer has no DSN.
    const real = await page.request.get('/errorreporting');
    expect(await real.json()).toMatchObject({ dsn: null, tracesSampleRate: 0.5 });

    await page.route('**/errorreporting', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ dsn, tracesSampleRate: 0.5, release: 'v25.07.2', environment: 'e2e' }),
      }),
    );
    await signIn(page, 'orgadmin@example.com');
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    // The SDK is loaded and started apart from the page (its own chunk, after /errorreporting
    // answers); once started it sends its session's envelope. An error thrown before that would
    // reach no handler, so the test waits for the SDK to be running first.
    await expect.poll(() => bodies.length).toBeGreaterThan(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('console boom for the error-reporting test');
      }, 0);
    });
    await expect.poll(() => bodies.filter((b) => b.includes('console boom')).length, { timeout: 15_000 }).toBe(1);
    const envelope = bodies.find((b) => b.includes('console boom'))!;
    const [header, , item] = envelope.split('\n');
    expect((JSON.parse(header!) as { sdk: { name: string } }).sdk.name).toBe('sentry.javascript.react');
    const event = JSON.parse(item!) as { release: string; environment: string; user?: unknown; breadcrumbs?: unknown[] };
    expect(event.release).toBe('v25.07.2');
    expect(event.environment).toBe('e2e');
    expect(event.user).toBeUndefined();
    expect(envelope).not.toContain('orgadmin@example.com');
    const cookies = await page.context().cookies();
    for (const c of cookies) expect(envelope).not.toContain(c.value);
  } finally {
    // Chromium keeps its connections to the collector open: close them, or close() waits for them.
    collector.closeAllConnections();
    await new Promise((resolve) => collector.close(resolve));
  }
});
