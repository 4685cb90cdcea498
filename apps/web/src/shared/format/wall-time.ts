/**
 * The wall time of an instant in a time zone, "YYYY-MM-DD HH:mm:ss" (24 h), through the browser's
 * Intl (its time-zone data), with one formatter kept per zone: making one costs about a millisecond,
 * which the board's 5,000 rows and a long chat transcript would otherwise pay per line.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** @throws RangeError when Intl does not know `zone` (an IANA name, or UTC, is expected). */
export function wallTime(at: Date, zone: string): string {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(at)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
