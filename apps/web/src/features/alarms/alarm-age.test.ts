import { describe, expect, it } from 'vitest';
import { alarmAge } from './alarm-age';

describe('alarmAge', () => {
  const at = '2026-03-01T10:00:00.000Z';
  const plus = (m: number) => Date.parse(at) + m * 60_000;
  it('reads now, minutes, hours, then days', () => {
    expect(alarmAge(at, plus(0.5))).toEqual({ key: 'now', count: 0 });
    expect(alarmAge(at, plus(3))).toEqual({ key: 'min', count: 3 });
    expect(alarmAge(at, plus(59))).toEqual({ key: 'min', count: 59 });
    expect(alarmAge(at, plus(125))).toEqual({ key: 'hour', count: 2 });
    expect(alarmAge(at, plus(72 * 60))).toEqual({ key: 'day', count: 3 });
    expect(alarmAge(at, plus(-5))).toEqual({ key: 'now', count: 0 });
  });
});
