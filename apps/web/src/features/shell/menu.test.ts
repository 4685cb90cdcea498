import { describe, expect, it } from 'vitest';
import { menuForRole } from '@vigil/contract';
import { isGroupExpanded, isMenuPathActive } from './menu';

describe('drawer menu', () => {
  it('highlights the dashboard only on / and its notifications child', () => {
    expect(isMenuPathActive('/', '/')).toBe(true);
    expect(isMenuPathActive('/', '/notifications/alarm')).toBe(true);
    expect(isMenuPathActive('/', '/daily')).toBe(false);
  });
  it('highlights a page and its children, not prefixes of other words', () => {
    expect(isMenuPathActive('/employees', '/employees/12')).toBe(true);
    expect(isMenuPathActive('/survey-list', '/survey-list/3')).toBe(true);
    expect(isMenuPathActive('/reports/logaccess', '/reports/logaccess/9')).toBe(true);
    expect(isMenuPathActive('/regions', '/regionsx')).toBe(false);
  });
  it('expands the reports group on report paths', () => {
    const reports = menuForRole(2).find((m) => m.key === 'reports')!;
    expect(isGroupExpanded(reports, '/daily')).toBe(true);
    expect(isGroupExpanded(reports, '/reports/logaccess/4')).toBe(true);
    expect(isGroupExpanded(reports, '/chatrecording/5')).toBe(true);
    expect(isGroupExpanded(reports, '/employees')).toBe(false);
  });
});
