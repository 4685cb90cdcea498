/** Time-zone display helpers shared by server and console (spec §3 BranchDst, "time in the branch's time zone"). */
import { DateTime } from 'luxon';

/**
 * The usual abbreviation of an IANA zone at an instant: EST/EDT, CST/CDT, CET/CEST. ICU names
 * American zones in en-US and European ones in en-GB; anything else falls back to "GMT+1" form.
 */
export function zoneAbbreviation(zone: string, at: Date | string = new Date()): string {
  const instant = typeof at === 'string' ? DateTime.fromISO(at) : DateTime.fromJSDate(at);
  const inZone = instant.setZone(zone);
  if (!inZone.isValid) return zone;
  for (const locale of ['en-US', 'en-GB']) {
    const name = inZone.setLocale(locale).offsetNameShort;
    if (name && !name.startsWith('GMT') && !name.startsWith('UTC')) return name;
  }
  return inZone.setLocale('en-GB').offsetNameShort ?? zone;
}

/** `yyyy-MM-dd HH:mm:ss` in `zone`, followed by the zone's abbreviation at that instant. */
export function formatInZone(isoUtc: string, zone: string): string {
  const t = DateTime.fromISO(isoUtc, { zone: 'utc' }).setZone(zone);
  return `${t.toFormat('yyyy-MM-dd HH:mm:ss')} ${zoneAbbreviation(zone, isoUtc)}`;
}

/**
 * The calendar day (`yyyy-MM-dd`, spec §5 date format) of a UTC instant in the branch's zone: the
 * day a report or a notification page counts it on (Vigil's date ranges are branch-local days).
 * UTC when the zone is missing or not a valid IANA name.
 */
export function localDate(isoUtc: string, zone: string | null | undefined): string {
  const utc = DateTime.fromISO(isoUtc, { zone: 'utc' });
  const inZone = zone ? utc.setZone(zone) : utc;
  return (inZone.isValid ? inZone : utc).toISODate() ?? isoUtc.slice(0, 10);
}
