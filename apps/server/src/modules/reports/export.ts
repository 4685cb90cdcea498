/**
 * Report exports (spec §7 "format (csv returns a file)"): every row matching the filters, in the
 * screen's order and columns, streamed as CSV (csv-stringify) or XLSX (exceljs streaming writer).
 * Headers and enumerated values are written in the request's language, exactly as the screen
 * shows them. `x-report-rows` carries the number of rows to come, so the console can show progress.
 */
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { neutralizeCsvCell } from '../../lib/csv.js';
import { translate, type Language } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';

/** A value of an export cell. */
export type Cell = string | number | boolean | null;

/** The catalogue text of a key in the export's language. */
export type Translate = (key: string) => string;

/** One column: its header catalogue key (reports.columns.*) and how a row gives its cell. */
export interface Column<R> {
  key: string;
  value: (row: R, t: Translate) => Cell;
}

/** `translate` in `lang`, remembering each key's text: an export asks the same few keys for every row. */
export function memoTranslate(lang: Language): Translate {
  const texts = new Map<string, string>();
  return (key) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = translate(lang, key);
      texts.set(key, text);
    }
    return text;
  };
}

/** A cell's CSV text: numbers as written, text neutralised against formula injection (lib/csv.ts). */
const textOf = (v: string | number): string => (typeof v === 'number' ? String(v) : neutralizeCsvCell(v));

/**
 * Turns rows into CSV text with csv-stringify (UTF-8, comma separated, RFC 4180 quoting, `\n`
 * after every record), giving exactly the bytes of stringify(rows). A field's encoding depends
 * only on its own text, so csv-stringify encodes a batch column by column, each text as a
 * single-field record, in one call per column. Columns whose texts repeat (organisation, branch,
 * user, action, Yes/No) keep their encodings, so only new texts reach csv-stringify; a column of
 * mostly new texts (times) stops remembering them.
 */
export class CsvEncoder {
  private static readonly CACHE_SIZE = 20_000;
  /** A column whose batch has more than this share of texts not met before is not remembered. */
  private static readonly NEW_SHARE_MAX = 0.5;
  private readonly cache = new Map<string, string>();
  private readonly oneOff: boolean[] = [];

  /** The CSV records (each with its trailing `\n`) of `rows` (all with the same number of cells), joined. */
  records(rows: (string | number)[][]): string {
    if (rows.length === 0) return '';
    const width = rows[0]!.length;
    const columns: string[][] = [];
    for (let c = 0; c < width; c++) {
      const texts = rows.map((r) => textOf(r[c]!));
      columns.push(this.oneOff[c] ? encodeEach(texts) : this.encodeRemembered(texts, c));
    }
    const fields = new Array<string>(width);
    const lines = new Array<string>(rows.length + 1);
    for (let r = 0; r < rows.length; r++) {
      for (let c = 0; c < width; c++) fields[c] = columns[c]![r]!;
      lines[r] = fields.join(',');
    }
    lines[rows.length] = '';
    return lines.join('\n');
  }

  /** Encodings of `texts` (column `c`) from the cache, csv-stringify encoding the texts it lacks. */
  private encodeRemembered(texts: string[], c: number): string[] {
    const out = new Array<string>(texts.length);
    const missing: string[] = [];
    const pending = new Set<string>();
    for (let i = 0; i < texts.length; i++) {
      const known = this.cache.get(texts[i]!);
      if (known !== undefined) out[i] = known;
      else if (!pending.has(texts[i]!)) {
        pending.add(texts[i]!);
        missing.push(texts[i]!);
      }
    }
    if (missing.length === 0) return out;
    const encoded = encodeEach(missing);
    const fresh = new Map<string, string>();
    for (let i = 0; i < missing.length; i++) {
      if (this.cache.size < CsvEncoder.CACHE_SIZE) this.cache.set(missing[i]!, encoded[i]!);
      else fresh.set(missing[i]!, encoded[i]!);
    }
    for (let i = 0; i < texts.length; i++) if (out[i] === undefined) out[i] = this.cache.get(texts[i]!) ?? fresh.get(texts[i]!)!;
    if (texts.length >= 100 && missing.length > texts.length * CsvEncoder.NEW_SHARE_MAX) this.oneOff[c] = true;
    return out;
  }
}

/**
 * csv-stringify's encoding of each text: one call with one single-field record per text, split
 * at the record delimiters. When some encoding holds a line break itself (a quoted text with
 * one), the pieces do not match the texts and each text is encoded alone.
 */
function encodeEach(texts: string[]): string[] {
  const lines = stringify(texts.map((t) => [t])).split('\n');
  if (lines.length === texts.length + 1) {
    lines.length = texts.length;
    return lines;
  }
  return texts.map((t) => stringify([[t]]).slice(0, -1));
}

/**
 * Sends `batches` as a file attachment named `<name>.<csv|xlsx>`. CSV: UTF-8, comma separated,
 * one header line, RFC 4180 quoting. The stream stops early if the client goes away (the signal
 * given to `batches` aborts, so the database cursor is closed).
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
  const t = memoTranslate(lang);
  const yes = t('reports.values.yes');
  const no = t('reports.values.no');
  /** Cell text as the file writes it: booleans Yes/No in the language, null empty. */
  const cells = (r: R): (string | number)[] => {
    const out: (string | number)[] = new Array(columns.length);
    for (let i = 0; i < columns.length; i++) {
      const v = columns[i]!.value(r, t);
      out[i] = v === null ? '' : v === true ? yes : v === false ? no : v;
    }
    return out;
  };
  const headers = columns.map((c) => t(c.key));
  // The request's own 'close' comes as soon as its body is read; the response's 'close' before
  // it finished writing means the client went away.
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  reply.header('x-report-rows', String(total));
  reply.header('access-control-expose-headers', 'x-report-rows, content-disposition');
  reply.header('cache-control', 'no-store');

  if (format === 'csv') {
    const csv = new CsvEncoder();
    async function* lines() {
      yield csv.records([headers]);
      for await (const batch of batches(abort.signal)) {
        yield csv.records(batch.map(cells));
        if (abort.signal.aborted) return;
      }
    }
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${name}.csv"`);
    return reply.send(Readable.from(lines(), { objectMode: false }));
  }

  const out = new PassThrough();
  void (async () => {
    // exceljs (~25 MB of the process's memory once loaded) is loaded by the first XLSX export.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Report');
    sheet.addRow(headers).commit();
    for await (const batch of batches(abort.signal)) {
      for (const r of batch) sheet.addRow(cells(r)).commit();
      if (abort.signal.aborted) {
        out.destroy();
        return;
      }
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
