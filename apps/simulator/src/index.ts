/**
 * Mobile-client simulator. It talks to the server only over HTTP (and later the WebSocket), like
 * the real mobile app. In this release it waits for the server and prints how to sign in; the
 * branch activity it drives (open, close, alarms, check-ins, timers) needs the mobile API of the
 * live-monitoring release.
 */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const base = process.env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

/** Polls GET /healthz until it answers 200 or `timeoutMs` passes. */
export async function waitForServer(url: string, timeoutMs = 120_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

if (await waitForServer(base)) {
  console.log(
    [
      '',
      `vigil demo: open ${base}/login (platform admin: ${base}/admin/login)`,
      'vigil demo: every demo account uses the password Vigil-demo-2026 — see README.md "Demo accounts".',
      'vigil demo: press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
} else {
  console.error(`vigil simulator: the server at ${base} did not answer /healthz`);
  process.exitCode = 1;
}
