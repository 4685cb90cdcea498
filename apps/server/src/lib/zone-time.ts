/**
 * Instants and zone abbreviations as the server's presenters write them (spec §3 "…Dst", UTC ISO
 * times), shared by the notification lists, the socket's event messages and the reports.
 */
import { zoneAbbreviation } from '@vigil/contract';
import { IANAZone } from 'luxon';

const DAY_MS = 86_400_000;

/**
 * Zones already checked. luxon's isValidZone builds a new Intl.DateTimeFormat on every call (slow,
 * and ICU memory outside the JavaScript heap that the collector frees late): with 5,000 branches
 * one supervision tick took 5 s and grew the process by a gigabyte.
 */
const knownZones = new Map<string, IANAZone>();

/** The IANA zone `name`; throws RangeError when luxon does not know it. */
export function zoneOf(name: string): IANAZone {
  let zone = knownZones.get(name);
  if (!zone) {
    if (!IANAZone.isValidZone(name)) throw new RangeError(`Unknown time zone: ${name}`);
    zone = IANAZone.create(name) as IANAZone;
    knownZones.set(name, zone);
  }
  return zone;
}

/** Per zone: UTC day start (ms) → the zone's offset (minutes) all that day, or null on a transition day. */
const dayOffsets = new Map<string, Map<number, number | null>>();

/**
 * UTC offset (minutes) of `zone` at instant `ms`. luxon asks Intl for every offset, which made a
 * supervision tick of 5,000 branches take over a second, so offsets are memoised per zone and
 * UTC day: when the offset is the same at both ends of the day it holds all day; on a transition
 * day (at most one a day in every IANA zone) it is computed.
 * @throws RangeError for an unknown zone.
 */
export function offsetMinutes(zone: string, ms: number): number {
  const z = zoneOf(zone);
  const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
  let days = dayOffsets.get(zone);
  if (!days) {
    days = new Map();
    dayOffsets.set(zone, days);
  }
  let cached = days.get(dayStart);
  if (cached === undefined) {
    const a = z.offset(dayStart);
    cached = a === z.offset(dayStart + DAY_MS - 1) ? a : null;
    if (days.size > 50_000) days.clear();
    days.set(dayStart, cached);
  }
  return cached ?? z.offset(ms);
}

/**
 * A UTC instant as PostgreSQL writes it (`2026-11-27 16:42:57.123456+00`, or in JSON
 * `2026-11-27T16:42:57.123456+00:00`): date and time, then the fraction's digits, if any. The
 * session's TimeZone is UTC on both drivers, so nearly every text is one of these.
 */
const UTC_TEXT = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:\+00(?::?00)?|Z)$/;

/** Whether a UTF-16 code unit is an ASCII digit. */
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * An instant from a driver value (Date on node-postgres, Date or text on PGlite) as UTC ISO, to the
 * millisecond (the fraction cut after three digits, as Date does). A UTC text is rewritten as text
 * (UTC_TEXT; an activity report page holds hundreds of instants, and parsing each into a Date was
 * 7 % of its server CPU, issue 20); any other is parsed.
 * @throws RangeError for a text that is no instant (as `Date.prototype.toISOString`).
 */
export function iso(v: Date | string): string {
  if (v instanceof Date) return v.toISOString();
  // test() and the fixed positions of UTC_TEXT, not exec(): no match array and captures to allocate
  // for each of a page's hundreds of instants.
  if (UTC_TEXT.test(v)) {
    const dateTime = v.charCodeAt(10) === 84 /* T */ ? v.slice(0, 19) : `${v.slice(0, 10)}T${v.slice(11, 19)}`;
    if (v.charCodeAt(19) !== 46 /* . */) return `${dateTime}.000Z`;
    let end = 20; // the fraction's digits, at most three of them
    while (end < 23 && isDigit(v.charCodeAt(end))) end++;
    return `${dateTime}.${v.slice(20, end).padEnd(3, '0')}Z`;
  }
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
