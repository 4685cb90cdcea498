import { describe, expect, it } from 'vitest';
import { BRANCH_STATUS_COLORS, type BranchOfficeRow } from '@vigil/contract';
import { applyEventToBoard } from '../../../realtime/board-events';
import { ev } from '../../../realtime/test-events';
import {
  CLUSTER_COLOR,
  CLUSTER_PROPERTIES,
  alarmCount,
  boundsOf,
  branchFeatures,
  configuredStyleUrl,
  containsAll,
  emptyDiff,
  featureDiff,
  hasLocation,
  rowOnMap,
  offlineStyle,
} from './map-features';
import { styleHasText } from '../../../shared/map/basemap-style';

function row(id: number, action: string | null, lat: number | null = 41.3 + id / 100, lng: number | null = 19.8): BranchOfficeRow {
  return {
    BranchOfficeId: id,
    Name: `B${id}`,
    Code: `C${id}`,
    BranchAction: action,
    BranchActionTime: '2026-03-01T08:00:00.000Z',
    Latitude: lat,
    Longitude: lng,
  } as BranchOfficeRow;
}

describe('branch map features', () => {
  it('makes one coloured point per located branch', () => {
    const fc = branchFeatures([
      row(1, 'Open'),
      row(2, 'Close'),
      row(3, 'Service'),
      row(4, 'Panic'),
      row(5, 'Open', null, null),
      row(6, 'Open', 0, 0),
      row(7, 'Open', 95, 10),
    ]);
    expect(fc.features.map((f) => f.id)).toEqual([1, 2, 3, 4]);
    expect(fc.features.map((f) => f.properties.color)).toEqual([
      BRANCH_STATUS_COLORS.open,
      BRANCH_STATUS_COLORS.closed,
      BRANCH_STATUS_COLORS.service,
      BRANCH_STATUS_COLORS.alarm,
    ]);
    expect(fc.features[0]!.geometry.coordinates).toEqual([19.8, 41.3 + 1 / 100]);
    expect(fc.features[3]!.properties).toMatchObject({ status: 'alarm', alarm: 1, name: 'B4', code: 'C4' });
    expect(alarmCount(fc)).toBe(1);
    expect(hasLocation({ Latitude: 41, Longitude: 19 })).toBe(true);
  });

  it('recolours from the board event rule (spec §4: "Not …" and Chat/Video do not move it)', () => {
    const body = { organizationobject: [row(7, 'Open'), row(8, 'Close')], total: 2 };
    const panic = applyEventToBoard(
      body,
      ev({ type: 'NOTIFICATION', id: 11, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true }),
    )!;
    expect(alarmCount(branchFeatures(panic.organizationobject))).toBe(1);
    const notOpened = applyEventToBoard(body, ev({ type: 'NOTIFICATION', id: 12, BranchAction: 'Not Opened', NotificationType: 0 }))!;
    expect(alarmCount(branchFeatures(notOpened.organizationobject))).toBe(0);
    const chat = applyEventToBoard(body, ev({ type: 'NOTIFICATION', id: 13, BranchAction: 'Chat Emergency', NotificationType: 12 }))!;
    expect(branchFeatures(chat.organizationobject).features[0]!.properties.status).toBe('open');
  });

  it('diffs the features of a live event: only the changed branch is updated, an unchanged board is an empty diff', () => {
    const body = {
      organizationobject: [row(1, 'Open'), row(2, 'Close'), row(3, 'Open'), row(4, 'Open'), row(5, null, null, null)],
      total: 5,
    };
    const before = branchFeatures(body.organizationobject);
    expect(before.features.map((f) => f.id)).toEqual([1, 2, 3, 4]);
    expect(rowOnMap(body.organizationobject[4]!)).toBe(false);
    expect(emptyDiff(featureDiff(before, branchFeatures(body.organizationobject))!)).toBe(true);
    const panic = applyEventToBoard(
      body,
      ev({ type: 'NOTIFICATION', id: 21, BranchOfficeId: 2, BranchAction: 'Panic', NotificationType: 10, SecurityAlert: true }),
    )!;
    const after = branchFeatures(panic.organizationobject);
    const diff = featureDiff(before, after)!;
    expect(diff.add).toEqual([]);
    expect(diff.remove).toEqual([]);
    expect(diff.update.map((u) => u.id)).toEqual([2]);
    expect(Object.fromEntries(diff.update[0]!.addOrUpdateProperties.map((p) => [p.key, p.value]))).toMatchObject({
      status: 'alarm',
      alarm: 1,
      color: BRANCH_STATUS_COLORS.alarm,
    });
    // A branch gone (filtered out) is removed, one back is added.
    const fewer = branchFeatures(body.organizationobject.filter((r) => r.BranchOfficeId !== 3));
    expect(featureDiff(before, fewer)).toEqual({ remove: [3], add: [], update: [] });
    expect(featureDiff(fewer, before)!.add.map((f) => f.id)).toEqual([3]);
    // As many branches, one of them another: removed and added (not an update of another id).
    const swapped = branchFeatures([...body.organizationobject.slice(0, 3), row(9, 'Open')]);
    expect(featureDiff(before, swapped, 1)).toEqual({ remove: [4], add: [swapped.features[3]], update: [] });
    // The same branches in another order: nothing changed.
    expect(emptyDiff(featureDiff(before, { ...before, features: [...before.features].reverse() })!)).toBe(true);
    // Most of the collection changed: the whole collection is sent instead (null).
    expect(featureDiff(before, branchFeatures([row(1, 'Close'), row(2, 'Open'), row(3, 'Close'), row(4, 'Open')]))).toBeNull();
  });

  it('colours a cluster with its worst member: alarm, then service, then closed, then open', () => {
    expect(CLUSTER_PROPERTIES.alarm).toEqual(['+', ['get', 'alarm']]);
    expect(CLUSTER_PROPERTIES.severity).toEqual(['max', ['get', 'severity']]);
    const fc = branchFeatures([row(1, 'Open'), row(2, 'Close'), row(3, 'Service'), row(4, 'Panic')]);
    expect(fc.features.map((f) => f.properties.severity)).toEqual([0, 1, 2, 3]);
    // Evaluate the match expression for each worst severity.
    const colourOf = (severity: number) => {
      const [, , ...pairs] = CLUSTER_COLOR as readonly unknown[];
      for (let i = 0; i + 1 < pairs.length; i += 2) if (pairs[i] === severity) return pairs[i + 1];
      return pairs[pairs.length - 1];
    };
    expect(colourOf(3)).toBe(BRANCH_STATUS_COLORS.alarm);
    expect(colourOf(2)).toBe(BRANCH_STATUS_COLORS.service);
    expect(colourOf(1)).toBe(BRANCH_STATUS_COLORS.closed);
    expect(colourOf(0)).toBe(BRANCH_STATUS_COLORS.open);
  });

  it('builds an offline style with bundled labels and no remote sources', () => {
    const bare = offlineStyle({ type: 'FeatureCollection', features: [] });
    expect(bare.version).toBe(8);
    expect('glyphs' in bare).toBe(false);
    expect(bare.layers.map((l) => l.type)).toEqual(['background', 'fill', 'line']);
    expect(styleHasText(bare)).toBe(false);
    const places = { type: 'FeatureCollection', features: [] };
    const style = offlineStyle({ type: 'FeatureCollection', features: [] }, places, '/assets/DejaVuSans-Latin.woff');
    expect('glyphs' in style).toBe(false);
    expect(style['font-faces']).toEqual({ 'Vigil Sans': '/assets/DejaVuSans-Latin.woff' });
    expect(styleHasText(style)).toBe(true);
    expect(style.layers.map((l) => l.id)).toEqual([
      'water',
      'countries-fill',
      'countries-line',
      'places-country',
      'places-city-dot',
      'places-capital',
      'places-city',
    ]);
    expect(JSON.stringify(style)).not.toMatch(/https?:/);
  });

  it('tells whether a view holds every branch', () => {
    const fc = branchFeatures([row(1, 'Open', 40, 19), row(2, 'Open', 42, 21)]);
    expect(
      containsAll(
        [
          [18.9, 39.9],
          [21.1, 42.1],
        ],
        fc,
      ),
    ).toBe(true);
    expect(
      containsAll(
        [
          [19.5, 39.9],
          [21.1, 42.1],
        ],
        fc,
      ),
    ).toBe(false);
  });

  it('fits the points and reads the configured style URL', () => {
    expect(boundsOf(branchFeatures([row(1, 'Open', 40, 19), row(2, 'Open', 42, 21)]))).toEqual([
      [19, 40],
      [21, 42],
    ]);
    expect(boundsOf(branchFeatures([]))).toBeNull();
    expect(configuredStyleUrl({ VITE_MAP_STYLE_URL: ' https://tiles.example/style.json ' })).toBe('https://tiles.example/style.json');
    expect(configuredStyleUrl({ VITE_MAP_STYLE_URL: '' })).toBeNull();
    expect(configuredStyleUrl({})).toBeNull();
  });
});
