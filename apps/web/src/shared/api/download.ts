/**
 * The one file download of the console (spec §7 "format (csv returns a file)"; reports, list CSV
 * exports): POST through the JSON client's `postForResponse` — so the CSRF header, the language,
 * the cookies and the 401 → logout rule are the JSON client's own — then read the stream to report
 * progress, and hand the Blob to the browser with `saveBlob`.
 */
import { ApiError, postForResponse } from './client';

/** A file format the server streams (spec §7: csv; reports also xlsx; the incident timeline also pdf). */
export type DownloadFormat = 'csv' | 'xlsx' | 'pdf';

/**
 * Download progress: the records received so far (CSV only, header not counted), the bytes, and the
 * rows to expect (`x-report-rows`; 0 when the server does not say); `total` is null until the server
 * has answered (report exports count the rows first).
 */
export interface DownloadProgress {
  rows: number;
  bytes: number;
  total: number | null;
}

/** A downloaded file: its name (Content-Disposition, else the fallback) and its content. */
export interface DownloadedFile {
  name: string;
  blob: Blob;
}

export interface DownloadOptions {
  format: DownloadFormat;
  /** Called at most every PROGRESS_INTERVAL_MS while the stream arrives, and once at the end. */
  onProgress?: (p: DownloadProgress) => void;
  /** Cancels the download (the fetch and its stream). */
  signal?: AbortSignal;
  /** Name when the answer has no Content-Disposition file name; default `download.<format>`. */
  fallbackName?: string;
}

/** How often a download reports its progress (ms); the last report always comes. */
export const PROGRESS_INTERVAL_MS = 100;

const MIME: Record<DownloadFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

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
 * Downloads every row matching `body` as a file: POSTs `{ ...body, format, offset: 0 }` to `path`
 * and reads the stream, reporting progress. Resolves with the file name and the Blob (the caller
 * saves it, see saveBlob).
 * @throws ApiError on a failed answer (a 401 while signed in also ends the session, as for every
 *   call) or a broken stream; DOMException AbortError when `signal` aborts.
 */
export async function downloadFile(path: string, body: object, opts: DownloadOptions): Promise<DownloadedFile> {
  const { format, onProgress, signal } = opts;
  const res = await postForResponse(path, { ...body, format, offset: 0 }, signal ? { signal } : {});
  if (!res.body) throw new ApiError(res.status);
  const total = Number(res.headers.get('x-report-rows') ?? 0);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? opts.fallbackName ?? `download.${format}`;
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const records = csvRecordCounter();
  let bytes = 0;
  const progress = () => ({ rows: format === 'csv' ? Math.max(0, records.records - 1) : 0, bytes, total });
  onProgress?.(progress());
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
    if (onProgress && Date.now() - reported >= PROGRESS_INTERVAL_MS) {
      reported = Date.now();
      onProgress(progress());
    }
  }
  onProgress?.(progress());
  return { name, blob: new Blob(chunks, { type: MIME[format] }) };
}

/** Hands a downloaded Blob to the browser as a file named `name` (a temporary object-URL link). */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
