/**
 * Report downloads (spec §7 "format (csv returns a file)"; issue "Long exports show progress and
 * can be cancelled"): progress counts CSV records as they arrive, line breaks inside quoted
 * fields included; cancelling aborts the fetch mid-stream; a failed answer is an ApiError.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { csvRecordCounter, downloadReport, type ExportProgress } from '../../features/reports/api';

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

describe('downloadReport', () => {
  it('reports the rows received against x-report-rows, and gives the named file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const answer = streamedAnswer(3);
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer.response);
    vi.stubGlobal('fetch', fetchMock);
    const seen: ExportProgress[] = [];
    const done = downloadReport(
      '/api/client/getnotifications',
      { case: 'GET-ALL-REPORTS' },
      'csv',
      (p) => seen.push(p),
      new AbortController().signal,
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
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1].body)) as Record<string, unknown>;
    expect(sent).toMatchObject({ case: 'GET-ALL-REPORTS', format: 'csv', offset: 0 });
  });

  it('stops when cancelled in the middle of the stream', async () => {
    const answer = streamedAnswer(1000);
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        // A real fetch errors its body with an AbortError when its signal aborts.
        signal?.addEventListener('abort', () => answer.fail(new DOMException('The operation was aborted.', 'AbortError')));
        return answer.response;
      }),
    );
    const controller = new AbortController();
    const seen: ExportProgress[] = [];
    const done = downloadReport('/api/client/getnotifications', {}, 'csv', (p) => seen.push(p), controller.signal);
    answer.push('Time\n2026-03-01 08:00:00 EST\n');
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(signal?.aborted).toBe(true);
  });

  it('turns a failed answer into an ApiError with the server code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              success: false,
              code: 'reports.errors.rangeTooLong',
              description: 'The date range can be at most 366 days long',
            }),
            { status: 400 },
          ),
      ),
    );
    const err = await downloadReport('/api/client/getcheckinout', {}, 'csv', () => undefined, new AbortController().signal).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'reports.errors.rangeTooLong',
      description: 'The date range can be at most 366 days long',
    });
  });
});
