/**
 * Pure parts of the branch map (spec §2 map and colours, §4 map status; issue 13): branch points
 * from the board rows with their status colour and severity, the cluster colour rule (the colour
 * of its worst member: alarm, then service, then closed, then open), and the initial view (the
 * bounds of every branch). The basemap itself (offline world-atlas style, tile style URL, WebGL check)
 * is shared with the coordinate picker: shared/map/basemap-style.ts, re-exported here.
 * No maplibre import here, so these run in node tests.
 */
import { BRANCH_STATUS_COLORS, branchStatusOf, type BranchOfficeRow, type BranchStatus } from '@vigil/contract';
import { boundsOfPoints, usablePoint, type Bounds } from '../../../shared/map/points';

export { BASEMAP, configuredStyleUrl, offlineStyle, webglAvailable } from '../../../shared/map/basemap-style';

export const BRANCH_SOURCE = 'branches';
export const CLUSTER_LAYER = 'branch-clusters';
export const POINT_LAYER = 'branch-points';
export const CLUSTER_COUNT_LAYER = 'branch-cluster-count';
/** Branches in alarm, drawn above the other points, and the pulsing ring under them. */
export const ALARM_LAYER = 'branch-alarm-points';
export const PULSE_LAYER = 'branch-alarm-pulse';
export const CLUSTER_RADIUS = 40;
export const CLUSTER_MAX_ZOOM = 12;

export interface BranchFeatureProps {
  id: number;
  name: string;
  code: string;
  status: BranchStatus;
  color: string;
  /** 1 when the branch is in alarm (summed over a cluster's members). */
  alarm: 0 | 1;
  /** How bad the status is: open 0, closed 1, service 2, alarm 3 (a cluster keeps its members' maximum). */
  severity: number;
}

export interface PointFeature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: BranchFeatureProps;
}

export interface BranchCollection {
  type: 'FeatureCollection';
  features: PointFeature[];
}

/** A usable coordinate pair: finite, in range and not the 0,0 "no location" placeholder. */
export function hasLocation(r: Pick<BranchOfficeRow, 'Latitude' | 'Longitude'>): boolean {
  return usablePoint(r.Latitude, r.Longitude) !== null;
}

/** Severity of each status, worst highest (the cluster colour is its worst member's). */
export const SEVERITY: Record<BranchStatus, number> = { open: 0, closed: 1, service: 2, alarm: 3 };

/** Point features of the branches that have a location, coloured by their map status. */
export function branchFeatures(rows: readonly BranchOfficeRow[]): BranchCollection {
  const features: PointFeature[] = [];
  for (const r of rows) {
    if (!hasLocation(r)) continue;
    const status = branchStatusOf(r.BranchAction);
    features.push({
      type: 'Feature',
      id: r.BranchOfficeId,
      geometry: { type: 'Point', coordinates: [r.Longitude!, r.Latitude!] },
      properties: {
        id: r.BranchOfficeId,
        name: r.Name,
        code: r.Code,
        status,
        color: BRANCH_STATUS_COLORS[status],
        alarm: status === 'alarm' ? 1 : 0,
        severity: SEVERITY[status],
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** How many branches of the collection are in alarm (the map's data-alarm-count). */
export function alarmCount(fc: BranchCollection): number {
  return fc.features.reduce((n, f) => n + f.properties.alarm, 0);
}

/** Cluster properties of the GeoJSON source: the number of members in alarm and the worst severity. */
export const CLUSTER_PROPERTIES = { alarm: ['+', ['get', 'alarm']], severity: ['max', ['get', 'severity']] } as const;

/** Cluster circle colour: the colour of its worst member's status. */
export const CLUSTER_COLOR = [
  'match',
  ['get', 'severity'],
  SEVERITY.alarm,
  BRANCH_STATUS_COLORS.alarm,
  SEVERITY.service,
  BRANCH_STATUS_COLORS.service,
  SEVERITY.closed,
  BRANCH_STATUS_COLORS.closed,
  BRANCH_STATUS_COLORS.open,
] as const;

/** Text colour on a cluster of that colour (black on the service orange, white on the others, as the status chips). */
export const CLUSTER_TEXT_COLOR = ['case', ['==', ['get', 'severity'], SEVERITY.service], '#000000', '#ffffff'] as const;

/** Cluster radius grows with the member count (no text needed, so no glyphs offline). */
export const CLUSTER_RADIUS_EXPR = ['step', ['get', 'point_count'], 14, 10, 18, 50, 22, 200, 28, 1000, 34] as const;

export type { Bounds };

/** True when every point of the collection lies inside `view` ([[west, south], [east, north]]), as the map's first view must. */
export function containsAll(view: Bounds, fc: BranchCollection): boolean {
  const [[w, s], [e, n]] = view;
  return fc.features.every(
    ({
      geometry: {
        coordinates: [x, y],
      },
    }) => x >= w && x <= e && y >= s && y <= n,
  );
}

/** The bounding box of the points ([[west, south], [east, north]]), or null with none. */
export function boundsOf(fc: BranchCollection): Bounds | null {
  return boundsOfPoints(fc.features.map((f) => ({ lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] })));
}
