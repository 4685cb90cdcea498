/**
 * The virtualizer of the console's long lists (the branch board, the alarm queue, the timers;
 * issue 20), set up the same way for each: @tanstack/react-virtual over the list's scrolling
 * element, rows measured once drawn, item keys kept while the list's keys are (useItemKeys), and a
 * list of at most SMALL_LIST_ROWS drawn whole (overscanFor).
 */
import type { RefObject } from 'react';
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { overscanFor } from './overscan';
import { useItemKeys, type ItemKey } from './item-keys';

export interface VirtualRowsOptions {
  /** The list's scrolling element. */
  scrollRef: RefObject<HTMLElement | null>;
  /** A row's height (px) before it is measured. */
  estimatePx: number;
  /** The scrolling element's size (px) before it is measured (the first render's rows). */
  initialRect: { width: number; height: number };
}

export interface VirtualRows {
  /** The virtualizer: its measureElement goes on each drawn row (with data-index). */
  virtualizer: Virtualizer<HTMLElement, Element>;
  /** The rows to draw now: index, key and place. */
  items: VirtualItem[];
  /** Height (px) of the spacer above the drawn rows. */
  top: number;
  /** Height (px) of the spacer below the drawn rows. */
  bottom: number;
}

/** The rows of `list` to draw (see the module comment); `keyOf` gives each item's key. */
export function useVirtualRows<T>(list: readonly T[], keyOf: (item: T) => ItemKey, opts: VirtualRowsOptions): VirtualRows {
  const getItemKey = useItemKeys(list, keyOf);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => opts.scrollRef.current,
    estimateSize: () => opts.estimatePx,
    overscan: overscanFor(list.length),
    getItemKey,
    initialRect: opts.initialRect,
  });
  const items = virtualizer.getVirtualItems();
  const top = items.length ? items[0]!.start : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  return { virtualizer, items, top, bottom };
}
