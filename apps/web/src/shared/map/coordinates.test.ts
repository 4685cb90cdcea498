import { describe, expect, it } from 'vitest';
import { addressQuery, parseLatLng, pickedValues, samePoint, wrapLongitude } from './coordinates';

describe('coordinate picker values', () => {
  it('reads typed coordinates only when both are numbers in range', () => {
    expect(parseLatLng('41.327546', '19.818699')).toEqual({ lat: 41.327546, lng: 19.818699 });
    expect(parseLatLng(' 41,5 ', -73)).toEqual({ lat: 41.5, lng: -73 });
    expect(parseLatLng('', '19.8')).toBeNull();
    expect(parseLatLng('41.3', 'east')).toBeNull();
    expect(parseLatLng('91', '19')).toBeNull();
    expect(parseLatLng('41', '-180.5')).toBeNull();
    expect(parseLatLng(null, undefined)).toBeNull();
  });

  it('writes a clicked point rounded to 6 decimals, longitude wrapped into -180…180', () => {
    expect(pickedValues({ lat: 41.32754612345, lng: 19.81869987654 })).toEqual({ latitude: '41.327546', longitude: '19.8187' });
    expect(pickedValues({ lat: -33.8688197, lng: 151.2092955 })).toEqual({ latitude: '-33.86882', longitude: '151.209296' });
    expect(pickedValues({ lat: 10, lng: 190.5 })).toEqual({ latitude: '10', longitude: '-169.5' });
    expect(pickedValues({ lat: 95, lng: -540 })).toEqual({ latitude: '90', longitude: '-180' });
    expect(pickedValues({ lat: -95, lng: 540 })).toEqual({ latitude: '-90', longitude: '180' });
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
  });

  it('compares points to 6 decimals', () => {
    expect(samePoint({ lat: 41.3275461, lng: 19.8 }, { lat: 41.327546, lng: 19.8 })).toBe(true);
    expect(samePoint({ lat: 41.32755, lng: 19.8 }, { lat: 41.327546, lng: 19.8 })).toBe(false);
    expect(samePoint(null, null)).toBe(true);
    expect(samePoint(null, { lat: 1, lng: 1 })).toBe(false);
  });

  it('builds the geocoder query from the filled address fields', () => {
    expect(
      addressQuery({ address: ' Rruga e Kavajës 5 ', city: 'Tiranë', state: '', zipCode: '1001', country: 'Albania', name: 'Branch' }),
    ).toBe('Rruga e Kavajës 5, Tiranë, 1001, Albania');
    expect(addressQuery({ address: '', city: null })).toBe('');
  });
});
