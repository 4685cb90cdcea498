import { describe, expect, it } from 'vitest';
import { FIT_PADDING, boundsOfPoints, lineThrough, pointRole, pointsKey, pointsView, usablePoint } from './points';

const ZOOMS = { pointZoom: 6, maxZoom: 12 };
const EMPTY = { center: [20, 41] as [number, number], zoom: 2 };
const TIRANA = { lat: 41.3275, lng: 19.8187 };
const DURRES = { lat: 41.3231, lng: 19.4414 };
const ELBASAN = { lat: 41.1125, lng: 20.0822 };

describe('points map', () => {
  it('keeps only usable coordinates (finite, in range, not 0,0)', () => {
    expect(usablePoint(41.3, 19.8)).toEqual({ lat: 41.3, lng: 19.8 });
    expect(usablePoint(-33.9, -70.6)).toEqual({ lat: -33.9, lng: -70.6 });
    expect(usablePoint(0, 0)).toBeNull();
    expect(usablePoint(null, 19.8)).toBeNull();
    expect(usablePoint(41.3, undefined)).toBeNull();
    expect(usablePoint(Number.NaN, 19.8)).toBeNull();
    expect(usablePoint(91, 19.8)).toBeNull();
    expect(usablePoint(41.3, -181)).toBeNull();
  });

  it('bounds every point, west-south to east-north', () => {
    expect(boundsOfPoints([TIRANA, DURRES, ELBASAN])).toEqual([
      [19.4414, 41.1125],
      [20.0822, 41.3275],
    ]);
    expect(boundsOfPoints([TIRANA])).toEqual([
      [19.8187, 41.3275],
      [19.8187, 41.3275],
    ]);
    expect(boundsOfPoints([])).toBeNull();
  });

  it('centres on a lone point (or coinciding points) and fits several', () => {
    expect(pointsView([TIRANA], ZOOMS, EMPTY)).toEqual({ center: [19.8187, 41.3275], zoom: 6 });
    expect(pointsView([TIRANA, { ...TIRANA }], ZOOMS, EMPTY)).toEqual({ center: [19.8187, 41.3275], zoom: 6 });
    expect(pointsView([TIRANA, DURRES], ZOOMS, EMPTY)).toEqual({
      bounds: [
        [19.4414, 41.3231],
        [19.8187, 41.3275],
      ],
      fitBoundsOptions: { padding: FIT_PADDING, maxZoom: 12 },
    });
    expect(pointsView([], ZOOMS, EMPTY)).toBe(EMPTY);
  });

  it('draws the line through the points in their order, [lng, lat] each', () => {
    expect(lineThrough([TIRANA, DURRES, ELBASAN])).toEqual({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [19.8187, 41.3275],
          [19.4414, 41.3231],
          [20.0822, 41.1125],
        ],
      },
    });
    expect(lineThrough([TIRANA])).toBeNull();
    expect(lineThrough([])).toBeNull();
  });

  it('tells the first and the last point from those between', () => {
    expect(pointRole(0, 1)).toBe('only');
    expect([0, 1, 2, 3].map((i) => pointRole(i, 4))).toEqual(['first', 'middle', 'middle', 'last']);
    expect([0, 1].map((i) => pointRole(i, 2))).toEqual(['first', 'last']);
  });

  it('keys the points by their coordinates, not by the array', () => {
    expect(pointsKey([TIRANA, DURRES])).toBe(pointsKey([{ ...TIRANA }, { ...DURRES }]));
    expect(pointsKey([TIRANA, DURRES])).not.toBe(pointsKey([DURRES, TIRANA]));
  });
});
