/** Geofence check for check-ins (spec §3 Branch office GeofenceRadius, User GeofenceValidation). */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance between two WGS 84 points, metres (haversine). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Inside when the reported position is within the radius of the branch. The horizontal accuracy
 * (metres, 68 % confidence) gives the benefit of the doubt up to half the radius, so a poor fix
 * right outside the door still passes but a position across town never does.
 */
export function insideGeofence(
  branch: { latitude: number; longitude: number; geofenceRadius: number },
  at: { latitude: number; longitude: number; horizontalAccuracy: number },
): { inside: boolean; distance: number } {
  const distance = distanceMetres(branch, at);
  const slack = Math.min(at.horizontalAccuracy, branch.geofenceRadius / 2);
  return { inside: distance <= branch.geofenceRadius + slack, distance };
}
