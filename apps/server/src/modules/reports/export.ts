/**
 * Report exports (spec §7 "format (csv returns a file)"): every row matching the filters, in the
 * screen's order and columns, streamed as CSV (csv-stringify) or XLSX (exceljs streaming writer).
 * Headers and enumerated values are written in the request's language, exactly as the screen
 * shows them. `x-report-rows` carries the number of rows to come, so the console can show progress.
 */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { translate, type Language } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';

/** A value of an export cell. */
export type Cell = string | number | boolean | null;

/** One column: its header catalogue key (reports.columns.*) and how a row gives its cell. */
export interface Column<R> {
  key: string;
  value: (row: R, lang: Language) => Cell;
}

/** Cell text as the CSV writes it: booleans Yes/No in the language, null empty. */
function cellText(v: Cell, lang: Language): string | number {
  if (v === null) return '';
  if (typeof v === 'boolean') return translate(lang, v ? 'reports.values.yes' : 'reports.values.no');
  return v;
}

/**
 * Sends `batches` as a file attachment named `<name>.<csv|xlsx>`. CSV: UTF-8, comma separated,
 * one header line, RFC 4180 quoting. The stream ends early if the client disconnects.
 */
export function sendExport<R>(
  req: FastifyRequest,
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  name: string,
  total: number,
  columns: Column<R>[],
  batches: (signal: AbortSignal) => AsyncIterable<R[]>,
) {
  const lang = requestLanguage(req);
  const headers = columns.map((c) => translate(lang, c.key));
  const abort = new AbortController();
  req.raw.on('close', () => abort.abort());
  reply.header('x-report-rows', String(total));
  reply.header('access-control-expose-headers', 'x-report-rows, content-disposition');
  reply.header('cache-control', 'no-store');

  if (format === 'csv') {
    async function* lines() {
      yield stringify([headers]);
      for await (const batch of batches(abort.signal)) {
        yield stringify(batch.map((r) => columns.map((c) => cellText(c.value(r, lang), lang))));
      }
    }
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${name}.csv"`);
    return reply.send(Readable.from(lines()));
  }

  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Report');
  sheet.addRow(headers).commit();
  void (async () => {
    for await (const batch of batches(abort.signal)) {
      for (const r of batch) sheet.addRow(columns.map((c) => cellText(c.value(r, lang), lang))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    req.log.error({ err }, 'xlsx export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  reply.header('content-disposition', `attachment; filename="${name}.xlsx"`);
  return reply.send(out);
}
