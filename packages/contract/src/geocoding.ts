/**
 * Address lookup (ours: issue 4 "coordinates chosen on a map or from the address"; spec §3
 * Latitude, Longitude). Used by the office and organisation forms.
 */
import { z } from 'zod';
import { requiredText } from './fields.js';

/**
 * POST /api/client/geocode (roles 2 and 12) and /api/admin/geocode (role 1). GEOCODER-STATUS:
 * whether the server has a geocoder (GEOCODER_URL). GEOCODE-ADDRESS: the places matching a
 * free-text address, best first (at most GEOCODE_MAX_RESULTS). Without a geocoder
 * GEOCODE-ADDRESS answers 404 management.errors.geocoderOff; a failing geocoder answers 502
 * management.errors.geocoderFailed.
 */
export const ZGeocodeRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GEOCODER-STATUS') }),
  z.object({ case: z.literal('GEOCODE-ADDRESS'), address: requiredText(500) }),
]);
export type GeocodeRequest = z.input<typeof ZGeocodeRequest>;
/** Most places a GEOCODE-ADDRESS answer lists. */
export const GEOCODE_MAX_RESULTS = 5;
/** One place found for an address: WGS84 degrees rounded to 6 decimals (about 0.1 m). */
export const ZGeocodeResult = z.strictObject({
  Latitude: z.number(),
  Longitude: z.number(),
  DisplayName: z.string(),
});
export type GeocodeResult = z.output<typeof ZGeocodeResult>;
/** Answer body of the geocode call: `results` only for GEOCODE-ADDRESS (possibly empty). */
export const ZGeocodeBody = z.strictObject({
  configured: z.boolean(),
  results: z.array(ZGeocodeResult).optional(),
});
export type GeocodeBody = z.output<typeof ZGeocodeBody>;

/** A coordinate rounded to 6 decimals (about 0.1 m), as the map picker and the geocoder store it. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
