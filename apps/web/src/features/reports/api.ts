/**
 * Report data for the console (spec §7 Reports): TanStack Query hooks for one server page of a
 * report, the branch list behind the filter bar, and the export download (CSV / XLSX) with
 * progress and cancellation. Pages never call fetch themselves.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BranchOfficeRow } from '@vigil/contract';
import { ApiError, apiPost, currentCsrfToken, fallbackCode } from '../../shared/api/client';
import i18next from 'i18next';

export const reportKeys = {
  all: ['reports'] as const,
  page: (path: string, body: Record<string, unknown>) => [...reportKeys.all, path, body] as const,
  branches: (organizationId: number | undefined) => [...reportKeys.all, 'branches', organizationId ?? null] as const,
};

/** A page of a report as the screens use it: rows and the total of rows matching the filters. */
export interface ReportRows<R> {
  rows: R[];
  total: number;
}

/**
 * One server page of a report. `pick` reads the rows out of `body` (resultobject, temp_surveyobject, …).
 * Failures keep the thrown ApiError; the screen shows the report's §8 text.
 */
export function useReportPage<R>(path: string, body: Record<string, unknown>, pick: (b: Record<string, unknown>) => R[], enabled = true) {
  return useQuery({
    queryKey: reportKeys.page(path, body),
    queryFn: async ({ signal }): Promise<ReportRows<R>> => {
      const b = await apiPost<Record<string, unknown>>(path, body, { signal });
      return { rows: pick(b), total: Number(b.total ?? 0) };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A single JSON answer of a report call (summary, details). */
export function useReportCall<T>(path: string, body: Record<string, unknown>, pick: (b: Record<string, unknown>) => T, enabled = true) {
  return useQuery({
    queryKey: reportKeys.page(path, body),
    queryFn: async ({ signal }) => pick(await apiPost<Record<string, unknown>>(path, body, { signal })),
    enabled,
  });
}

/** Branches in scope (for the region and branch filters), optionally of one organisation. */
export function useScopeBranches(organizationId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.branches(organizationId),
    queryFn: () =>
      apiPost<{ organizationobject: BranchOfficeRow[] }>('/api/client/getofficesv2', {
        case: 'GET-ALL-BRANCH-OFFICES',
        organizationId,
      }).then((b) => b.organizationobject ?? []),
    staleTime: 60_000,
  });
}

/**
 * Export progress: the rows received so far (CSV) and the bytes, and the rows to expect
 * (`x-report-rows`); `total` is null until the server has answered (it counts the rows first).
 */
export interface ExportProgress {
  rows: number;
  bytes: number;
  total: number | null;
}

/** How often a download reports its progress (ms); the last report always comes. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Counts the records of a CSV byte stream as it arrives: line feeds outside quoted fields (a
 * quoted field may hold line breaks, and its quotes are doubled, so the quoted state toggles
 * back; UTF-8 never uses the bytes of '"' or '\n' inside a multi-byte character).
 */
export function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(bytes: Uint8Array) {
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i];
        if (b === 34) quoted = !quoted;
        else if (b === 10 && !quoted) records++;
      }
    },
    get records() {
      return records;
    },
  };
}

/**
 * Downloads a report file (`format` csv or xlsx) of every row matching `body`, reading the stream
 * to report progress (at most every PROGRESS_INTERVAL_MS, and once at the end); `signal` cancels
 * it. Resolves with the file name and the Blob (the caller saves it).
 * @throws ApiError on a failed answer or a broken stream; DOMException AbortError when cancelled.
 */
export async function downloadReport(
  path: string,
  body: Record<string, unknown>,
  format: 'csv' | 'xlsx',
  onProgress: (p: ExportProgress) => void,
  signal: AbortSignal,
): Promise<{ name: string; blob: Blob }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': i18next.language ?? 'en' };
  const csrf = currentCsrfToken();
  if (csrf) headers['x-xsrf-token'] = csrf;
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify({ ...body, format, offset: 0 }),
      signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0);
  }
  if (!res.ok || !res.body) {
    let env: { code?: string; description?: string } = {};
    try {
      env = (await res.json()) as { code?: string; description?: string };
    } catch {
      // not JSON
    }
    throw new ApiError(res.status, { code: env.code ?? fallbackCode(res.status), description: env.description });
  }
  const total = Number(res.headers.get('x-report-rows') ?? 0);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `report.${format}`;
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const records = csvRecordCounter();
  let bytes = 0;
  const progress = () => ({ rows: format === 'csv' ? Math.max(0, records.records - 1) : 0, bytes, total });
  onProgress(progress());
  let reported = Date.now();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new ApiError(0);
    }
    if (chunk.done) break;
    chunks.push(chunk.value as Uint8Array<ArrayBuffer>);
    bytes += chunk.value.byteLength;
    if (format === 'csv') records.add(chunk.value);
    if (Date.now() - reported >= PROGRESS_INTERVAL_MS) {
      reported = Date.now();
      onProgress(progress());
    }
  }
  onProgress(progress());
  return {
    name,
    blob: new Blob(chunks, { type: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  };
}
