/**
 * Prefetch of the signed-in code (issue 20 "First page"): once a sign-in page has drawn and the
 * browser is idle, load the console's chunk (react-router and the route table, full-app.tsx), the
 * shell and the area's first page group (the dashboard, or the admin pages), so the first page
 * after sign-in does not wait on a cold load. The first page itself does not carry them. Sets the performance mark PREFETCH_MARK first (bench/first-page.ts counts what
 * starts after it as prefetched, apart from the page's own code), and PREFETCHED_MARK once all of it has loaded.
 */
import { useEffect } from 'react';
import { loadFullApp } from './full-app';

/** Name of the performance mark set when the prefetch starts. */
export const PREFETCH_MARK = 'vigil:prefetch';
/** Name of the performance mark set when the prefetch has loaded everything (bench/dashboard.ts waits for it). */
export const PREFETCHED_MARK = 'vigil:prefetched';

/** How long the prefetch waits for an idle moment at most, ms. */
const IDLE_TIMEOUT_MS = 2_000;

let started = false;

/** Starts the prefetch once per page load (again after a failure); returns at once. */
export function prefetchSignedIn(area: 'client' | 'admin'): void {
  if (started) return;
  started = true;
  const run = () => {
    performance.mark(PREFETCH_MARK);
    loadFullApp()
      .then(({ pageGroups }) =>
        Promise.all([
          pageGroups.shell(),
          area === 'admin'
            ? pageGroups.admin()
            : Promise.all([pageGroups.dashboard(), import('../realtime/board-read-early').then((m) => m.preloadBoardRead())]),
        ]),
      )
      .then(() => void performance.mark(PREFETCHED_MARK))
      .catch(() => {
        started = false; // a later sign-in page may try again; the real navigation loads it anyway
      });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
}

/** Runs prefetchSignedIn(area) after the component's first paint. */
export function usePrefetchSignedIn(area: 'client' | 'admin'): void {
  useEffect(() => prefetchSignedIn(area), [area]);
}
