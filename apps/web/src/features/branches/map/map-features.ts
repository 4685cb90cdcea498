/**
 * Pure parts of the branch map (spec §2 map and colours, §4 map status): branch points from the
 * board rows with their status colour, the cluster colour rule (red if any member is in alarm),
 * and the initial view. The basemap itself (offline world-atlas style, tile style URL, WebGL check)
 * is shared with the coordinate picker: shared/map/basemap-style.ts, re-exported here.
 * No maplibre import here, so these run in node tests.
 */
import { BRANCH_STATUS_COLORS, PRIMARY_COLOR, branchStatusOf, type BranchOfficeRow, type BranchStatus } from '@vigil/contract';
import { boundsOfPoints, usablePoint, type Bounds } from '../../../shared/map/points';

export { BASEMAP, configuredStyleUrl, offlineStyle, webglAvailable } from '../../../shared/map/basemap-style';

export const BRANCH_SOURCE = 'branches';
export const CLUSTER_LAYER = 'branch-clusters';
export const POINT_LAYER = 'branch-points';
export const CLUSTER_COUNT_LAYER = 'branch-cluster-count';
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
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** How many branches of the collection are in alarm (the map's data-alarm-count). */
export function alarmCount(fc: BranchCollection): number {
  return fc.features.reduce((n, f) => n + f.properties.alarm, 0);
}

/** Cluster properties of the GeoJSON source: the number of members in alarm. */
export const CLUSTER_PROPERTIES = { alarm: ['+', ['get', 'alarm']] } as const;

/** Cluster circle colour: alarm red if any member is in alarm, else the primary colour. */
export const CLUSTER_COLOR = ['case', ['>', ['get', 'alarm'], 0], BRANCH_STATUS_COLORS.alarm, PRIMARY_COLOR] as const;

/** Cluster radius grows with the member count (no text needed, so no glyphs offline). */
export const CLUSTER_RADIUS_EXPR = ['step', ['get', 'point_count'], 14, 10, 18, 50, 22, 200, 28, 1000, 34] as const;

export type { Bounds };

/** The bounding box of the points ([[west, south], [east, north]]), or null with none. */
export function boundsOf(fc: BranchCollection): Bounds | null {
  return boundsOfPoints(fc.features.map((f) => ({ lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] })));
}
