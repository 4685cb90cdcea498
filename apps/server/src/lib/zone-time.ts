/**
 * Instants and zone abbreviations as the server's presenters write them (spec §3 "…Dst", UTC ISO
 * times), shared by the notification lists, the socket's event messages and the reports.
 */
import { zoneAbbreviation } from '@vigil/contract';
import { offsetMinutes } from '../modules/supervision/schedule.js';

/** An instant from a driver value (Date on node-postgres, Date or text on PGlite) as UTC ISO, to the millisecond. */
export function iso(v: Date | string): string {
  if (v instanceof Date) return v.toISOString();
  const d = new Date(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(v) ? v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : `${v.replace(' ', 'T')}Z`);
  return d.toISOString();
}

/** Per zone: UTC offset (minutes) → abbreviation. */
const abbreviations = new Map<string, Map<number, string>>();

/**
 * `zoneAbbreviation` (contract) of `zone` at instant `ms`, memoised by zone and UTC offset: luxon
 * builds a new Intl.DateTimeFormat for every abbreviation, far too slow for an export of a
 * million rows or the socket's hot path. The answer is the same as the contract's.
 */
export function zoneAbbr(zone: string, ms: number): string {
  return abbreviationAt(zone, ms, offsetMinutes(zone, ms));
}

/** `zoneAbbr` when the zone's UTC offset (minutes) at `ms` is known already. */
export function abbreviationAt(zone: string, ms: number, offset: number): string {
  let byOffset = abbreviations.get(zone);
  if (!byOffset) {
    byOffset = new Map();
    abbreviations.set(zone, byOffset);
  }
  let abbr = byOffset.get(offset);
  if (abbr === undefined) {
    abbr = zoneAbbreviation(zone, new Date(ms));
    byOffset.set(offset, abbr);
  }
  return abbr;
}
