/**
 * Pure parts of the branch map (spec §2 map and colours, §4 map status; issue 13): branch points
 * from the board rows with their status colour and severity, the cluster colour rule (the colour
 * of its worst member: alarm, then service, then closed, then open), and the initial view (the
 * bounds of every branch). The basemap itself (offline world-atlas style, tile style URL)
 * is shared with the coordinate picker: shared/map/basemap-style.ts, re-exported here.
 * No maplibre import here, so these run in node tests.
 */
import { BRANCH_STATUS_COLORS, branchStatusOf, type BranchOfficeRow, type BranchStatus } from '@vigil/contract';
import { boundsOfPoints, usablePoint, type Bounds } from '../../../shared/map/points';

export { BASEMAP, configuredStyleUrl, offlineStyle } from '../../../shared/map/basemap-style';

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

/**
 * The feature of each board row (null: no usable location), kept while the row object lives. Board
 * rows are immutable (a live event replaces the row it changes), so a row seen before answers the
 * same feature object: an event at one branch re-derives one feature, not 5,000, and featureDiff
 * finds the changed ones by identity.
 */
const featureOfRow = new WeakMap<BranchOfficeRow, PointFeature | null>();

function featureOf(r: BranchOfficeRow): PointFeature | null {
  let f = featureOfRow.get(r);
  if (f !== undefined) return f;
  f = null;
  if (hasLocation(r)) {
    const status = branchStatusOf(r.BranchAction);
    f = {
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
    };
  }
  featureOfRow.set(r, f);
  return f;
}

/** Whether the row has a usable location (hasLocation), answered from the row's kept feature. */
export function rowOnMap(r: BranchOfficeRow): boolean {
  return featureOf(r) !== null;
}

/** Point features of the branches that have a location, coloured by their map status. */
export function branchFeatures(rows: readonly BranchOfficeRow[]): BranchCollection {
  const features: PointFeature[] = [];
  for (const r of rows) {
    const f = featureOf(r);
    if (f) features.push(f);
  }
  return { type: 'FeatureCollection', features };
}

/** The changes from one collection to the next, in the shape of MapLibre's GeoJSONSourceDiff (features by id). */
export interface FeatureDiff {
  /** Ids of the features gone. */
  remove: number[];
  /** Features new to the collection. */
  add: PointFeature[];
  /** Features whose geometry or properties changed: the new geometry and every property. */
  update: { id: number; newGeometry: PointFeature['geometry']; addOrUpdateProperties: { key: string; value: unknown }[] }[];
}

/** The update of a feature in a diff: its geometry and every property. */
function featureUpdate(f: PointFeature): FeatureDiff['update'][number] {
  return { id: f.id, newGeometry: f.geometry, addOrUpdateProperties: Object.entries(f.properties).map(([key, value]) => ({ key, value })) };
}

/**
 * The diff that turns `prev` into `next` (ids are branch ids, unique in a collection), for the map
 * source's updateData: only the changed features travel to MapLibre's worker instead of the whole
 * collection. A feature is unchanged when it is the same object (branchFeatures keeps one per
 * row object). Answers null when more than `maxShare` of `next` changed (then the whole
 * collection is cheaper: setData); an empty diff when nothing changed. Collections of the same
 * branches in the same order (a live event's) are compared position by position; others by id.
 */
export function featureDiff(prev: BranchCollection, next: BranchCollection, maxShare = 0.25): FeatureDiff | null {
  const limit = Math.max(1, Math.floor(next.features.length * maxShare));
  // The same branches in the same order (a live event): compared position by position, no map.
  if (prev.features.length === next.features.length) {
    const diff: FeatureDiff = { remove: [], add: [], update: [] };
    let same = true;
    for (let i = 0; i < next.features.length; i++) {
      const old = prev.features[i]!;
      const f = next.features[i]!;
      if (old === f) continue;
      if (old.id !== f.id) {
        same = false;
        break;
      }
      if (diff.update.length >= limit) return null;
      diff.update.push(featureUpdate(f));
    }
    if (same) return diff;
  }
  const before = new Map<number, PointFeature>();
  for (const f of prev.features) before.set(f.id, f);
  const diff: FeatureDiff = { remove: [], add: [], update: [] };
  let changes = 0;
  for (const f of next.features) {
    const old = before.get(f.id);
    before.delete(f.id);
    if (old === f) continue;
    if (++changes > limit) return null;
    if (!old) diff.add.push(f);
    else diff.update.push(featureUpdate(f));
  }
  changes += before.size;
  if (changes > limit) return null;
  diff.remove.push(...before.keys());
  return diff;
}

/** True when the diff changes nothing. */
export function emptyDiff(d: FeatureDiff): boolean {
  return d.remove.length === 0 && d.add.length === 0 && d.update.length === 0;
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
