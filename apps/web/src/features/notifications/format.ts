/** Times of notifications in the branch's own zone (UTC when the zone is unknown or invalid). */
import { formatInZone } from '@vigil/contract';

export function formatNotificationTime(iso: string, zone: string | null | undefined): string {
  try {
    return formatInZone(iso, zone || 'UTC');
  } catch {
    try {
      return formatInZone(iso, 'UTC');
    } catch {
      return iso;
    }
  }
}
