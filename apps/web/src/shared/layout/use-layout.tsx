/**
 * Layout hooks of spec §9: the window height after resizes settle (debounced 250 ms), the page
 * height it gives, a flag that turns true some time after mount (the user-selection list shows
 * 500 ms after load), and the drawer state the shell shares for the alert list's offset.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { RESIZE_DEBOUNCE_MS } from '@vigil/contract';
import { debounce } from './debounce';
import { alertOffset, pageHeight } from './layout';

/** The window's inner height in px, updated RESIZE_DEBOUNCE_MS after the last resize event. */
export function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = debounce(() => setHeight(window.innerHeight), RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('resize', update);
    };
  }, []);
  return height;
}

/** The page (list) height in px for the current window (spec §9: window − 350, or 200 at ≤ 555 px). */
export function usePageHeight(): number {
  return pageHeight(useWindowHeight());
}

/** False until `delayMs` after the component mounted (or `active` last turned true), then true; false while not active. */
export function useShownAfter(delayMs: number, active = true): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const t = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(t);
      setShown(false);
    };
  }, [delayMs, active]);
  return shown;
}

/** Whether the shell's drawer is shown beside the page (false on narrow screens or when hidden). */
export const DrawerShownContext = createContext(false);

/** The notification alert list's left offset in px for the shell's drawer state (spec §9: 272 / 12). */
export function useAlertOffset(): number {
  return alertOffset(useContext(DrawerShownContext));
}
