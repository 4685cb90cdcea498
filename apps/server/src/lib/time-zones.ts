/** Time-zone helpers of the list calls. */
import { zoneAbbreviation } from '@vigil/contract';

const abbreviations = new Map<string, { minute: number; name: string }>();

/**
 * `zoneAbbreviation(zone)` (contract) at the instant `now` (ms), computed once per zone and UTC
 * minute: luxon builds an Intl.DateTimeFormat for every abbreviation (about 0.2 ms), far too slow
 * for lists and exports of thousands of rows. Time-zone transitions fall on whole minutes, so the
 * answer is always the contract's.
 */
export function zoneAbbreviationNow(zone: string, now: number = Date.now()): string {
  const minute = Math.floor(now / 60_000);
  const hit = abbreviations.get(zone);
  if (hit && hit.minute === minute) return hit.name;
  const name = zoneAbbreviation(zone, new Date(now));
  if (abbreviations.size > 2_000) abbreviations.clear();
  abbreviations.set(zone, { minute, name });
  return name;
}
