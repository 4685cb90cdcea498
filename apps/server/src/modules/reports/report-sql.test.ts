/** The memoised zone formatting of the reports equals the contract's formatInZone / zoneAbbreviation, DST days included. */
import { describe, expect, it } from 'vitest';
import { formatInZone, zoneAbbreviation } from '@vigil/contract';
import { localTime, zoneAbbr } from './report-sql.js';

const zones = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/Tirane', 'UTC', 'Asia/Kolkata'];
const instants = [
  '2026-03-08T06:59:59Z',
  '2026-03-08T07:00:00Z',
  '2026-03-29T00:59:59Z',
  '2026-03-29T01:00:00Z',
  '2026-11-01T05:30:00Z',
  '2026-11-01T06:30:00Z',
  '2026-10-25T00:30:00Z',
  '2026-10-25T01:30:00Z',
  '2026-03-11T04:30:00Z',
];

describe('localTime / zoneAbbr', () => {
  it('match the contract formatting for every zone and instant', () => {
    for (const zone of zones) {
      for (const at of instants) {
        expect(localTime(at, zone), `${zone} ${at}`).toBe(formatInZone(at, zone));
        expect(zoneAbbr(zone, Date.parse(at))).toBe(zoneAbbreviation(zone, at));
      }
    }
    expect(localTime('2026-03-11T04:30:00.000Z', 'America/Chicago')).toBe('2026-03-10 23:30:00 CDT');
  });
});
