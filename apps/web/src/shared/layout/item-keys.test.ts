import { describe, expect, it } from 'vitest';
import { keyedItems } from './item-keys';

const keyOf = (r: { id: number }) => r.id;

describe('keyedItems', () => {
  it('keys the items in order', () => {
    const k = keyedItems(null, [{ id: 7 }, { id: 3 }], keyOf);
    expect(k.keys).toEqual([7, 3]);
    expect([k.getItemKey(0), k.getItemKey(1)]).toEqual([7, 3]);
  });

  it('answers the previous getItemKey while the keys are the same in the same order (new item objects)', () => {
    const first = keyedItems(null, [{ id: 1 }, { id: 2 }, { id: 3 }], keyOf);
    const again = keyedItems(first, [{ id: 1 }, { id: 2 }, { id: 3 }], keyOf);
    expect(again).toBe(first);
    expect(again.getItemKey).toBe(first.getItemKey);
  });

  it('answers a new getItemKey when an item is added, removed or moved', () => {
    const first = keyedItems(null, [{ id: 1 }, { id: 2 }], keyOf);
    const added = keyedItems(first, [{ id: 1 }, { id: 2 }, { id: 3 }], keyOf);
    expect(added.getItemKey).not.toBe(first.getItemKey);
    expect(added.getItemKey(2)).toBe(3);
    const removed = keyedItems(added, [{ id: 1 }, { id: 3 }], keyOf);
    expect(removed.keys).toEqual([1, 3]);
    const moved = keyedItems(removed, [{ id: 3 }, { id: 1 }], keyOf);
    expect(moved.getItemKey).not.toBe(removed.getItemKey);
    expect(moved.getItemKey(0)).toBe(3);
  });
});
