/** The export's CSV encoder writes exactly what csv-stringify writes for the same rows. */
import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { CSV_CAST } from '../../lib/csv.js';
import { CsvEncoder, memoTranslate } from './export.js';

describe('CsvEncoder', () => {
  it("gives the bytes of stringify(rows) with the exports' cast (formula cells neutralised), quoting included, with repeated and fresh values", () => {
    const tricky = [
      'plain',
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\rhere',
      '',
      ' spaced ',
      '-12',
      '=SUM(A1)',
      'Ünïcödé ë',
      'x'.repeat(300),
      '"',
      ',',
      '\r\n',
    ];
    const rows: (string | number)[][] = [];
    for (let i = 0; i < 2_000; i++) {
      rows.push([
        `2026-03-08 0${i % 10}:30:00 CDT`,
        tricky[i % tricky.length]!,
        tricky[(i * 7) % tricky.length]!,
        i,
        i / 8,
        -i,
        'Scale Bank 1',
        '',
      ]);
    }
    const encoder = new CsvEncoder();
    expect(encoder.records(rows.slice(0, 1_000)) + encoder.records(rows.slice(1_000))).toBe(stringify(rows, { cast: CSV_CAST }));
    expect(new CsvEncoder().records([['=SUM(A1)', '-12', -12]])).not.toMatch(/^=SUM/);
    expect(new CsvEncoder().records([['only']])).toBe('only\n');
    expect(new CsvEncoder().records([[''], ['']])).toBe(stringify([[''], ['']], { cast: CSV_CAST }));
    expect(
      new CsvEncoder().records([
        ['', ''],
        ['a\nb', ''],
      ]),
    ).toBe(
      stringify(
        [
          ['', ''],
          ['a\nb', ''],
        ],
        { cast: CSV_CAST },
      ),
    );
  });
});

describe('memoTranslate', () => {
  it('answers the catalogue text of the language', () => {
    const t = memoTranslate('sq');
    expect([t('reports.values.yes'), t('reports.values.no'), t('reports.values.yes')]).toEqual(['Po', 'Jo', 'Po']);
    expect(memoTranslate('en')('reports.values.yes')).toBe('Yes');
  });
});
