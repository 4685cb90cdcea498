/** Spec §9: reload on tab return when the tab was hidden more than 60000 ms and the Dashboard is shown. */
import { TAB_HIDDEN_RELOAD_MS } from '@vigil/contract';

/** The dashboard route: / and its notifications/:type child. */
export function isDashboardPath(pathname: string): boolean {
  return pathname === '/' || pathname === '' || /^\/notifications\/[^/]+\/?$/.test(pathname);
}

export function shouldReloadOnReturn(hiddenAt: number | null, now: number, pathname: string): boolean {
  return hiddenAt !== null && now - hiddenAt > TAB_HIDDEN_RELOAD_MS && isDashboardPath(pathname);
}
