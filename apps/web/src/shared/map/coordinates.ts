/**
 * Pure parts of the coordinate picker (issue 4: coordinates chosen on a map or from the address):
 * reading the typed latitude / longitude, the values a map click writes (6 decimals, longitude
 * wrapped into −180…180) and the address text sent to the geocoder.
 */
import { roundCoordinate } from '@vigil/contract';

/** A point in WGS84 degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A typed coordinate as a number, or null when empty or not a number. */
function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** The point typed in a form (text or numbers), or null unless both are numbers in range (the marker then hides). */
export function parseLatLng(lat: unknown, lng: unknown): LatLng | null {
  const a = toNumber(lat);
  const o = toNumber(lng);
  if (a == null || o == null || Math.abs(a) > 90 || Math.abs(o) > 180) return null;
  return { lat: a, lng: o };
}

/** Longitude wrapped into −180…180 (a map panned across the antimeridian reports 190 for −170). */
export function wrapLongitude(lng: number): number {
  const w = ((((lng + 180) % 360) + 360) % 360) - 180;
  return w === -180 && lng > 0 ? 180 : w;
}

/** The form values a picked point writes: latitude and longitude rounded to 6 decimals, as text. */
export function pickedValues(p: LatLng): { latitude: string; longitude: string } {
  const lat = roundCoordinate(Math.max(-90, Math.min(90, p.lat)));
  const lng = roundCoordinate(wrapLongitude(p.lng));
  return { latitude: String(lat), longitude: String(lng) };
}

/** True when two points are the same to 6 decimals (the marker needs no move). */
export function samePoint(a: LatLng | null, b: LatLng | null): boolean {
  if (!a || !b) return a === b;
  return roundCoordinate(a.lat) === roundCoordinate(b.lat) && roundCoordinate(a.lng) === roundCoordinate(b.lng);
}

/** The geocoder query of a form: address, city, state, ZIP code and country, the filled ones joined with ', '. */
export function addressQuery(values: Record<string, unknown>): string {
  return ['address', 'city', 'state', 'zipCode', 'country']
    .map((k) => (typeof values[k] === 'string' ? (values[k] as string).trim() : ''))
    .filter(Boolean)
    .join(', ');
}
