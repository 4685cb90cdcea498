/**
 * iso (lib/zone-time.ts): an instant as the drivers give it, as UTC ISO to the millisecond. The
 * UTC texts are rewritten without a Date; every answer must be the one `new Date(…).toISOString()`
 * gives for the same instant.
 */
import { describe, expect, it } from 'vitest';
import { iso } from './zone-time.js';

/** What the answer must be: the instant parsed by Date (PostgreSQL's text made ISO first). */
const viaDate = (text: string) =>
  new Date(
    text
      .replace(' ', 'T')
      .replace(/([+-]\d\d)$/, '$1:00')
      .replace(/([+-]\d\d)(\d\d)$/, '$1:$2'),
  ).toISOString();

describe('iso', () => {
  it('writes the UTC texts of both drivers as Date would, the fraction cut after milliseconds', () => {
    const texts = [
      '2026-11-27 16:42:57+00',
      '2026-11-27 16:42:57.5+00',
      '2026-11-27 16:42:57.12+00',
      '2026-11-27 16:42:57.123+00',
      '2026-11-27 16:42:57.123456+00',
      '2026-11-27 16:42:57.999999+00',
      '2026-11-27T16:42:57.123456+00:00',
      '2026-11-27T16:42:57+00:00',
      '2026-11-27T16:42:57.1+0000',
      '2026-11-27T16:42:57.1234Z',
      '2024-02-29T23:59:59.999+00:00',
    ];
    for (const t of texts) expect(iso(t), t).toBe(viaDate(t));
    expect(iso('2026-11-27T16:42:57.999999+00:00')).toBe('2026-11-27T16:42:57.999Z');
  });

  it('parses texts with another offset or none, and takes a Date as it is', () => {
    expect(iso('2026-11-27 17:42:57.25+01')).toBe('2026-11-27T16:42:57.250Z');
    expect(iso('2026-11-27T10:12:57-06:30')).toBe('2026-11-27T16:42:57.000Z');
    expect(iso('2026-11-27 16:42:57')).toBe('2026-11-27T16:42:57.000Z');
    expect(iso(new Date(Date.UTC(2026, 10, 27, 16, 42, 57, 7)))).toBe('2026-11-27T16:42:57.007Z');
  });

  it('refuses a text that is no instant', () => {
    expect(() => iso('infinity')).toThrow(RangeError);
    expect(() => iso('not a time')).toThrow(RangeError);
  });
});
