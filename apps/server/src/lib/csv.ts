/**
 * Streamed CSV exports of the list calls (branches, regions, security offices, organisations,
 * employees): csv-stringify with back-pressure and keyset paging, so memory stays flat for any size.
 */
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

/**
 * A text cell as a spreadsheet may safely open it (OWASP CSV injection; issue 12 finding 8): a
 * text starting with = + - @, a tab or a carriage return gets a leading apostrophe, so it is never
 * read as a formula. Plain numbers and phone numbers (+1 212 555 0100, -12.5) are left as they are:
 * they cannot carry a formula.
 */
export function neutralizeCsvCell(v: string): string {
  if (v === '' || !'=+-@\t\r'.includes(v[0]!)) return v;
  if (v.length <= 40 && /^[+-]?[\d\s().]+$/.test(v)) return v;
  return `'${v}`;
}

/** csv-stringify's cast for every export: text cells neutralised (neutralizeCsvCell). */
export const CSV_CAST = { string: neutralizeCsvCell };

/** Rows fetched per page of a CSV export. */
export const CSV_BATCH = 2000;

/** One page of a CSV export: its rows and the sort key of its last row (null after the last page). */
export interface CsvPage<K> {
  rows: unknown[][];
  next: K | null;
}

/**
 * Streams a CSV file: a header row, then the rows of `fetchPage(after, limit)` page by page
 * through csv-stringify with back-pressure, so memory stays flat for any size.
 *
 * Keyset paging: `after` is null for the first page, then the `next` key the previous page gave
 * (the sort key of its last row); the list query continues with rows after that key in its ORDER
 * BY, so each page is one index range and an export of N rows costs O(N) — OFFSET paging re-read
 * every earlier row on each page, O(N²). A page shorter than `limit` (or `next` null) ends the
 * file. Fetching stops when the client goes away. A database error after the header aborts the
 * response (the client sees a truncated download, never a 200 with a silent gap).
 */
export function sendCsv<K>(
  reply: FastifyReply,
  filename: string,
  header: string[],
  fetchPage: (after: K | null, limit: number) => Promise<CsvPage<K>>,
) {
  const out = stringify({ header: true, columns: header, bom: true, cast: CSV_CAST });
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  void (async () => {
    try {
      for (let after: K | null = null; ;) {
        const page: CsvPage<K> = await fetchPage(after, CSV_BATCH);
        for (const row of page.rows) {
          if (out.destroyed) return;
          if (!out.write(row)) await drained();
        }
        if (page.rows.length < CSV_BATCH || page.next == null || out.destroyed) break;
        after = page.next;
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(out);
}

/** A CSV page of `list` (already in the list order): its rows and the key of its last item. */
export function csvPage<R, K>(list: readonly R[], toRow: (r: R) => unknown[], keyOf: (r: R) => K): CsvPage<K> {
  const last = list[list.length - 1];
  return { rows: list.map(toRow), next: last === undefined ? null : keyOf(last) };
}
