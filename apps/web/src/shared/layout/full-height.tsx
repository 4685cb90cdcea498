/**
 * Full-height pages (issue 13): a page that fills the viewport below the top bar with panels that
 * scroll inside themselves (the operator's dashboard) asks the shell for it with useFullHeightPage();
 * the shell then makes its main area exactly the window's height (no page scroll) and gives the
 * page the room left below the top bar.
 */
import { createContext, useContext, useEffect } from 'react';

/** Set by the shell: turns its full-height mode on (true) or off (false). */
export const FullHeightContext = createContext<(on: boolean) => void>(() => undefined);

/** Makes the shell full height while the calling page is mounted and `active`. */
export function useFullHeightPage(active = true): void {
  const set = useContext(FullHeightContext);
  useEffect(() => {
    if (!active) return;
    set(true);
    return () => set(false);
  }, [set, active]);
}
