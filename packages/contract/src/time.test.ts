import { describe, expect, it } from 'vitest';
import { formatInZone, zoneAbbreviation } from './time.js';

describe('zone abbreviations', () => {
  it('names European and American zones the usual way, with daylight saving', () => {
    expect(zoneAbbreviation('Europe/Tirane', '2026-01-15T12:00:00Z')).toBe('CET');
    expect(zoneAbbreviation('Europe/Tirane', '2026-07-15T12:00:00Z')).toBe('CEST');
    expect(zoneAbbreviation('America/New_York', '2026-01-15T12:00:00Z')).toBe('EST');
    expect(zoneAbbreviation('America/Chicago', '2026-07-15T12:00:00Z')).toBe('CDT');
  });
  it('formats an instant in the branch zone', () => {
    // 2026-03-08 is the US spring-forward day: 08:30 UTC is 03:30 CDT in Chicago.
    expect(formatInZone('2026-03-08T08:30:00Z', 'America/Chicago')).toBe('2026-03-08 03:30:00 CDT');
    expect(formatInZone('2026-11-21T23:30:00Z', 'Europe/Tirane')).toBe('2026-11-22 00:30:00 CET');
  });
});
