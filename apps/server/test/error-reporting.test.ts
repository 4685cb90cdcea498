/**
 * Optional error reporting (spec §9 trace sample rate 0.5; docs/OPERATIONS.md "Error reporting"):
 * with SENTRY_DSN set, an unexpected server failure reaches a local HTTP endpoint standing in for
 * Sentry/GlitchTip as a real envelope from @sentry/node — with the release, without personal data
 * (no e-mail, cookie, CSRF token, headers or body). GET /errorreporting hands the console the same
 * DSN and the 0.5 sample rate; without SENTRY_DSN it answers dsn null. The failure is real: the
 * activity report's table is renamed away for one request, on both databases.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErrorReportingSettings } from '@vigil/contract';
import { flushErrorReports, scrubEvent } from '../src/plugins/error-reporting.js';
import { ApiClient, DB_KINDS, startTestServer, type TestServer } from './helpers.js';

interface Received {
  path: string;
  body: string;
}

const received: Received[] = [];
let collector: http.Server;
let dsn = '';

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = zlib.gunzipSync(raw);
      received.push({ path: req.url ?? '', body: raw.toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const port = (collector.address() as { port: number }).port;
  dsn = `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/42`;
});

afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

describe('error reporting is off by default', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.close();
  });
  it('GET /errorreporting answers dsn null with the 0.5 rate', async () => {
    const res = await fetch(`${server.baseUrl}/errorreporting`);
    expect(res.status).toBe(200);
    expect((await res.json()) as ErrorReportingSettings).toEqual({
      dsn: null,
      tracesSampleRate: 0.5,
      release: 'v25.07.2',
      environment: null,
    });
  });
});

describe.each(DB_KINDS)('error reporting on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'test' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('hands the console the DSN and rate, and lets it reach the DSN host (CSP)', async () => {
    const res = await fetch(`${server.baseUrl}/errorreporting`);
    expect((await res.json()) as ErrorReportingSettings).toEqual({ dsn, tracesSampleRate: 0.5, release: 'v25.07.2', environment: 'test' });
    const page = await fetch(`${server.baseUrl}/healthz`);
    expect(page.headers.get('content-security-policy')).toContain(new URL(dsn).origin);
  });

  it('sends an unexpected failure to the endpoint as an envelope, with no personal data', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('orgadmin@example.com');
    const before = received.length;
    await server.database.db.execute(sql`alter table events rename to events_moved_away`);
    let res;
    try {
      res = await c.post('/api/client/getnotifications', {
        case: 'GET-ALL-REPORTS',
        fromDate: '2026-03-01',
        toDate: '2026-03-02',
        search: 'needle-from-the-body',
      });
    } finally {
      await server.database.db.execute(sql`alter table events_moved_away rename to events`);
    }
    expect(res.status).toBe(500);
    expect(res.json.description).toBe('Error retrieving Activity Reports');
    expect(await flushErrorReports(5_000)).toBe(true);
    const sent = received.slice(before).filter((r) => r.body.includes('"type":"event"'));
    // One event per failure: the cause, not also the 500 answer.
    expect(sent).toHaveLength(1);
    const envelope = sent[0]!;
    expect(envelope.path).toMatch(/^\/api\/42\/envelope\//);
    const [header, , item] = envelope.body.split('\n');
    const head = JSON.parse(header!) as { sdk: { name: string }; trace?: { sample_rate?: string } };
    expect(head.sdk.name).toBe('sentry.javascript.node');
    // Traces are sampled at 0.5 (spec §9) where the trace context says so.
    if (head.trace?.sample_rate !== undefined) expect(head.trace.sample_rate).toBe('0.5');
    const event = JSON.parse(item!) as {
      release: string;
      environment: string;
      exception: { values: { value: string }[] };
      request?: Record<string, unknown>;
      user?: unknown;
      tags?: Record<string, string>;
      breadcrumbs?: unknown[];
    };
    expect(event.release).toBe('v25.07.2');
    expect(event.environment).toBe('test');
    expect(JSON.stringify(event.exception)).toContain('events');
    expect(event.tags).toMatchObject({ method: 'POST', route: '/api/client/getnotifications' });
    expect(event.user).toBeUndefined();
    expect(event.request === undefined || Object.keys(event.request).every((k) => k === 'method' || k === 'url')).toBe(true);
    // Nothing that names the person or their session leaves the server.
    for (const secret of [
      'orgadmin@example.com',
      'needle-from-the-body',
      c.csrf!,
      ...c
        .cookieHeader()
        .split('; ')
        .map((p) => p.split('=')[1]!),
    ]) {
      expect(envelope.body).not.toContain(secret);
    }
  });

  it('a report sent as a file is no failure: nothing is reported once the download ends (activities, surveys; CSV and XLSX)', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.login('orgadmin@example.com');
    const range = { fromDate: '2026-03-01', toDate: '2026-03-31' };
    const before = received.length;
    for (const [path, body] of [
      ['/api/client/getnotifications', { case: 'GET-ALL-REPORTS', ...range, format: 'csv' }],
      ['/api/client/getnotifications', { case: 'GET-ALL-REPORTS', ...range, format: 'xlsx' }],
      ['/api/client/managesurveys', { case: 'GET-ALL-SURVEY-REPORTING', ...range, format: 'csv' }],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': c.csrf! },
        body: JSON.stringify(body),
      });
      expect(res.status, `${path} ${body.format}`).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('attachment');
      await res.arrayBuffer();
    }
    // The handler's promise settles once the file is sent; the report, if any, is sent after it.
    await new Promise((r) => setTimeout(r, 200));
    expect(await flushErrorReports(5_000)).toBe(true);
    expect(received.slice(before).filter((r) => r.body.includes('"type":"event"'))).toEqual([]);
  });
});

describe('scrubEvent', () => {
  it('drops user, cookies, headers, body, query string, server name and breadcrumbs', () => {
    const scrubbed = scrubEvent({
      type: undefined,
      user: { email: 'a@b.c', ip_address: '10.0.0.1' },
      server_name: 'node-1',
      breadcrumbs: [{ message: 'x' }],
      extra: { body: 'secret' },
      exception: { values: [{ type: 'Error', value: 'Failed query: select 1 where a = $1\nparams: a@b.c' }] },
      contexts: { user: { id: 1 } } as never,
      request: {
        method: 'POST',
        url: 'https://vigil.example/api/client/login?email=a@b.c',
        headers: { cookie: 'vigil_session=abc' },
        cookies: { vigil_session: 'abc' },
        data: { password: 'p' },
        query_string: 'email=a@b.c',
      },
    });
    expect(scrubbed).toEqual({
      type: undefined,
      breadcrumbs: [],
      contexts: {},
      exception: { values: [{ type: 'Error', value: 'Failed query: select 1 where a = $1' }] },
      request: { method: 'POST', url: '/api/client/login' },
    });
  });
});
