/** The age of an alarm as operators read it at a glance (issue 13): "now", "3 min", "2 h", "4 d". */

/** Catalogue key and count of the age of an alarm raised at `isoUtc`, seen at `nowMs`. */
export function alarmAge(isoUtc: string, nowMs: number): { key: 'now' | 'min' | 'hour' | 'day'; count: number } {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(isoUtc)) / 60_000));
  if (minutes < 1) return { key: 'now', count: 0 };
  if (minutes < 60) return { key: 'min', count: minutes };
  if (minutes < 48 * 60) return { key: 'hour', count: Math.floor(minutes / 60) };
  return { key: 'day', count: Math.floor(minutes / (24 * 60)) };
}
