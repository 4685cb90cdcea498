import { describe, expect, it } from 'vitest';
import { isNewEvent, newEvents } from './event-order';

describe('event dedupe and order', () => {
  it('accepts only ids above the last seen', () => {
    expect(isNewEvent(null, 1)).toBe(true);
    expect(isNewEvent(5, 5)).toBe(false);
    expect(isNewEvent(5, 4)).toBe(false);
    expect(isNewEvent(5, 6)).toBe(true);
    expect(isNewEvent(5, NaN)).toBe(false);
  });
  it('keeps each new event once, in id order', () => {
    const batch = [{ id: 9 }, { id: 4 }, { id: 7 }, { id: 7 }, { id: 3 }, { id: 8 }];
    expect(newEvents(4, batch).map((e) => e.id)).toEqual([7, 8, 9]);
    expect(newEvents(null, batch).map((e) => e.id)).toEqual([3, 4, 7, 8, 9]);
  });
});
