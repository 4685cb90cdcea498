/**
 * Item keys of the virtualised lists (board rows, alarm queue) for @tanstack/react-virtual's
 * getItemKey. The virtualizer recomputes the position and key of every item whenever getItemKey
 * is another function (it is one of its measurement inputs): with an inline function that is each
 * render, i.e. every live event at 5,000 branches (issue 20: no main-thread task over 50 ms at
 * 200 events/s). A live event changes a row's status, not which rows are listed nor their order,
 * so the function here stays the same while the keys, in order, stay the same.
 */
import { useRef } from 'react';

/** A key of a virtualised item (what getItemKey answers). */
export type ItemKey = string | number;

/** Item keys in order and the getItemKey that answers them. */
export interface KeyedItems {
  keys: readonly ItemKey[];
  getItemKey: (index: number) => ItemKey;
}

/**
 * `prev` when `items` have its keys in the same order (the same getItemKey object), else new
 * keys and a new getItemKey. One pass over `items` (`keyOf` each); no allocation when unchanged.
 */
export function keyedItems<T>(prev: KeyedItems | null, items: readonly T[], keyOf: (item: T) => ItemKey): KeyedItems {
  if (prev && prev.keys.length === items.length) {
    let same = true;
    for (let i = 0; i < items.length; i++) {
      if (keyOf(items[i]!) !== prev.keys[i]) {
        same = false;
        break;
      }
    }
    if (same) return prev;
  }
  const keys = items.map(keyOf);
  return { keys, getItemKey: (i) => keys[i]! };
}

/**
 * The getItemKey of `items` for a virtualizer: the same function from render to render while the
 * items' keys (`keyOf`), in order, are the same (see keyedItems).
 */
export function useItemKeys<T>(items: readonly T[], keyOf: (item: T) => ItemKey): (index: number) => ItemKey {
  const last = useRef<KeyedItems | null>(null);
  // Derived from the previous render's keys on purpose: only the function's identity is kept.
  // eslint-disable-next-line react-hooks/refs -- a cache of the previous render's keys, not state
  const next = keyedItems(last.current, items, keyOf);
  // eslint-disable-next-line react-hooks/refs -- see above
  last.current = next;
  return next.getItemKey;
}
