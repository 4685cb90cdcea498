import { describe, expect, it } from 'vitest';
import { dateRangeApplies } from './date-range-pages';

describe('dateRangeApplies', () => {
  it('shows the picker on the reports, recordings and notification lists', () => {
    for (const p of [
      '/reports',
      '/daily',
      '/activities',
      '/checkinout',
      '/tasklistreports',
      '/reports/logaccess',
      '/chatrecordings',
      '/notifications/all',
    ])
      expect(dateRangeApplies(p), p).toBe(true);
  });
  it('hides it where nothing is filtered by date', () => {
    for (const p of ['/', '/branches', '/employees', '/reports/logaccess/12', '/chatrecording/4', '/alarm/3', '/regions'])
      expect(dateRangeApplies(p), p).toBe(false);
  });
});
