/**
 * The one download helper (spec §7 "format (csv returns a file)"; issue "Long exports show progress
 * and can be cancelled"): progress counts CSV records as they arrive, line breaks inside quoted
 * fields included; cancelling aborts the fetch mid-stream; a failed answer is an ApiError; the
 * CSRF header, the language and the 401 → logout rule are the JSON client's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CSRF_PATH, configureApiClient, resetCsrfToken } from './client';
import { csvRecordCounter, downloadFile, type DownloadProgress } from './download';

const enc = new TextEncoder();

/** A streamed CSV answer whose chunks are pushed by the test. */
function streamedAnswer(rows: number) {
  let push!: (text: string) => void;
  let end!: () => void;
  let fail!: (err: unknown) => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(enc.encode(text));
      end = () => controller.close();
      fail = (err) => controller.error(err);
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv',
      'x-report-rows': String(rows),
      'content-disposition': 'attachment; filename="activity-report_2026-03-01_2026-03-31.csv"',
    },
  });
  return { response, push: (t: string) => push(t), end: () => end(), fail: (err: unknown) => fail(err) };
}

/**
 * A fetch stub: the CSRF token call answers 204 with token 'tok-1' (as the server does), every
 * other call goes to `answer`.
 */
function stubFetch(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const mock = vi.fn(async (url: string, init: RequestInit) =>
    url === CSRF_PATH ? new Response(null, { status: 204, headers: { 'x-xsrf-token': 'tok-1' } }) : answer(url, init),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls of a stub other than the CSRF token call. */
const downloads = (mock: ReturnType<typeof stubFetch>) => mock.mock.calls.filter(([url]) => url !== CSRF_PATH);

beforeEach(() => {
  resetCsrfToken();
  configureApiClient({ getLanguage: () => 'en', hasSession: () => false, onUnauthorized: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('csvRecordCounter', () => {
  it('counts records, not the line breaks inside quoted fields, across chunk boundaries', () => {
    const c = csvRecordCounter();
    for (const part of ['Time,Message\n', '2026-03-01 08:00:00 EST,"two\nli', 'nes, and ""quotes"""\n', '2026-03-01 09:00:00 EST,Ë\n'])
      c.add(enc.encode(part));
    expect(c.records).toBe(3);
  });
});

describe('downloadFile', () => {
  it('reports the rows received against x-report-rows, and gives the named file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const answer = streamedAnswer(3);
    const fetchMock = stubFetch(async () => answer.response);
    const seen: DownloadProgress[] = [];
    const done = downloadFile(
      '/api/client/getnotifications',
      { case: 'GET-ALL-REPORTS' },
      { format: 'csv', onProgress: (p) => seen.push(p), signal: new AbortController().signal },
    );
    await vi.waitFor(() => expect(seen).toEqual([{ rows: 0, bytes: 0, total: 3 }]));
    answer.push('Time,Message\n2026-03-01 08:00:00 EST,"a\nb"\n');
    vi.advanceTimersByTime(150);
    answer.push('2026-03-01 09:00:00 EST,\n');
    vi.advanceTimersByTime(150);
    answer.push('2026-03-01 10:00:00 EST,\n');
    answer.end();
    const file = await done;
    expect(seen.at(-1)).toMatchObject({ rows: 3, total: 3 });
    expect(seen.map((p) => p.rows)).toEqual([...seen.map((p) => p.rows)].sort((a, b) => a - b));
    expect(file.name).toBe('activity-report_2026-03-01_2026-03-31.csv');
    expect(await file.blob.text()).toBe(
      'Time,Message\n2026-03-01 08:00:00 EST,"a\nb"\n2026-03-01 09:00:00 EST,\n2026-03-01 10:00:00 EST,\n',
    );
    const sent = JSON.parse(String(downloads(fetchMock)[0]![1].body)) as Record<string, unknown>;
    expect(sent).toMatchObject({ case: 'GET-ALL-REPORTS', format: 'csv', offset: 0 });
  });

  it('stops when cancelled in the middle of the stream', async () => {
    const answer = streamedAnswer(1000);
    let signal: AbortSignal | undefined;
    stubFetch(async (_url, init) => {
      signal = init.signal ?? undefined;
      // A real fetch errors its body with an AbortError when its signal aborts.
      signal?.addEventListener('abort', () => answer.fail(new DOMException('The operation was aborted.', 'AbortError')));
      return answer.response;
    });
    const controller = new AbortController();
    const seen: DownloadProgress[] = [];
    const done = downloadFile(
      '/api/client/getnotifications',
      {},
      { format: 'csv', onProgress: (p) => seen.push(p), signal: controller.signal },
    );
    answer.push('Time\n2026-03-01 08:00:00 EST\n');
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(signal?.aborted).toBe(true);
  });

  it('turns a failed answer into an ApiError with the server code', async () => {
    stubFetch(
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            code: 'reports.errors.rangeTooLong',
            description: 'The date range can be at most 366 days long',
          }),
          { status: 400 },
        ),
    );
    const err = await downloadFile('/api/client/getcheckinout', {}, { format: 'csv' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'reports.errors.rangeTooLong',
      description: 'The date range can be at most 366 days long',
    });
  });
  it('sends the CSRF token, the language and the cookies like the JSON client, and names the file from the fallback', async () => {
    configureApiClient({ getLanguage: () => 'sq' });
    const fetchMock = stubFetch(async () => new Response('Name\nTirana\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const file = await downloadFile(
      '/api/client/getoffices',
      { case: 'GET-REGIONAL-OFFICES' },
      { format: 'csv', fallbackName: 'regions.csv' },
    );
    const [url, init] = downloads(fetchMock)[0]!;
    expect(url).toBe('/api/client/getoffices');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'x-xsrf-token': 'tok-1', 'Accept-Language': 'sq', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ case: 'GET-REGIONAL-OFFICES', format: 'csv', offset: 0 });
    expect(file.name).toBe('regions.csv');
    expect(await file.blob.text()).toBe('Name\nTirana\n');
  });

  it('ends the session on a 401 while signed in (the rule of the JSON client), and not without a session', async () => {
    const onUnauthorized = vi.fn();
    let session = false;
    configureApiClient({ onUnauthorized, hasSession: () => session });
    stubFetch(async () => new Response(JSON.stringify({ success: false }), { status: 401 }));
    const anonymous = await downloadFile('/api/client/getcheckinout', {}, { format: 'csv' }).catch((e: unknown) => e);
    expect(anonymous).toMatchObject({ status: 401, code: 'errors.sessionExpired' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    session = true;
    const err = await downloadFile('/api/client/getcheckinout', {}, { format: 'xlsx' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'errors.sessionExpired' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
