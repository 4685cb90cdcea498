/** Which drawer entry is active for a path (spec §2 Shell). */
import { isReportPath, type MenuItem } from '@vigil/contract';

/** True when menu `path` is the current page or a page below it (dashboard: / and /notifications/*). */
export function isMenuPathActive(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/' || pathname.startsWith('/notifications/');
  return pathname === path || pathname.startsWith(path + '/');
}

/** A group starts expanded when it holds the current page (the reports group: any report path). */
export function isGroupExpanded(group: MenuItem, pathname: string): boolean {
  if (group.key === 'reports' && isReportPath(pathname)) return true;
  return (group.children ?? []).some((c) => (c.path ? isMenuPathActive(c.path, pathname) : isGroupExpanded(c, pathname)));
}
