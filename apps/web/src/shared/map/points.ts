/**
 * Pure parts of the read-only points map (shared/map/PointsMap.tsx; issue 6: an activity's
 * location, a timer's pings): which points are usable, their bounds, the first view, the line
 * through them in order and the role (first / middle / last) that colours each marker.
 * No maplibre import here, so these run in node tests and in the main chunk (legends).
 */
import { PRIMARY_COLOR } from '@vigil/contract';
import type { LatLng } from './coordinates';

/** A point of the map, with the text of its marker (title, accessible name). */
export interface MapPoint extends LatLng {
  label?: string | undefined;
}

/** South-west and north-east corners, [lng, lat] each (MapLibre's LngLatBoundsLike). */
export type Bounds = [[number, number], [number, number]];

/** The point when both numbers are finite, in range and not the 0,0 "no location" placeholder; else null. */
export function usablePoint(lat: number | null | undefined, lng: number | null | undefined): LatLng | null {
  if (lat == null || lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return null;
  return { lat, lng };
}

/** The smallest box holding every point, or null for none. */
export function boundsOfPoints(points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return null;
  let w = 180;
  let s = 90;
  let e = -180;
  let n = -90;
  for (const p of points) {
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
  }
  return [
    [w, s],
    [e, n],
  ];
}

/** The first view of a map of `points`: centred on a lone point (or on points that all coincide) at `pointZoom`, else fitted to their bounds no closer than `maxZoom`. */
export type PointsView =
  { center: [number, number]; zoom: number } | { bounds: Bounds; fitBoundsOptions: { padding: typeof FIT_PADDING; maxZoom: number } };

/** Padding (px) kept between the points and the map's edges when the view is fitted: more at the top, where the pins stand above their points. */
export const FIT_PADDING = { top: 56, right: 48, bottom: 24, left: 48 };
/** Closest zoom of a view fitted to several points (a short walk fills the map; on the offline basemap its shape is all there is to see). */
export const FIT_MAX_ZOOM = 16;

export function pointsView(
  points: readonly LatLng[],
  zooms: { pointZoom: number; maxZoom: number },
  fallback: { center: [number, number]; zoom: number },
): PointsView {
  const b = boundsOfPoints(points);
  if (!b) return fallback;
  const [[w, s], [e, n]] = b;
  if (w === e && s === n) return { center: [w, s], zoom: zooms.pointZoom };
  return { bounds: b, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: zooms.maxZoom } };
}

/** The line through the points in their order (GeoJSON LineString), or null for fewer than two. */
export function lineThrough(points: readonly LatLng[]): GeoJSON.Feature<GeoJSON.LineString> | null {
  if (points.length < 2) return null;
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: points.map((p) => [p.lng, p.lat]) } };
}

/** Role of the i-th of n points: a lone point, the first, the last or one between. */
export type PointRole = 'only' | 'first' | 'middle' | 'last';
export function pointRole(i: number, n: number): PointRole {
  if (n === 1) return 'only';
  return i === 0 ? 'first' : i === n - 1 ? 'last' : 'middle';
}

/** Marker colour of each role (the legends of the report maps use the same). */
export const POINT_COLORS: Record<PointRole, string> = { only: PRIMARY_COLOR, first: '#2e7d32', middle: PRIMARY_COLOR, last: '#c62828' };

/** The points' coordinates as one string: a map redraws only when it changes (not on a new array of the same points). */
export function pointsKey(points: readonly LatLng[]): string {
  return points.map((p) => `${p.lat},${p.lng}`).join(';');
}
