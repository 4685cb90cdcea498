import { describe, expect, it } from 'vitest';
import { TAB_HIDDEN_RELOAD_MS } from '@vigil/contract';
import { isDashboardPath, shouldReloadOnReturn } from './tab-reload';

describe('reload on tab return (spec §9)', () => {
  it('reloads only after more than 60000 ms hidden on the dashboard', () => {
    expect(shouldReloadOnReturn(0, TAB_HIDDEN_RELOAD_MS + 1, '/')).toBe(true);
    expect(shouldReloadOnReturn(0, TAB_HIDDEN_RELOAD_MS, '/')).toBe(false);
    expect(shouldReloadOnReturn(0, TAB_HIDDEN_RELOAD_MS + 1, '/notifications/all')).toBe(true);
    expect(shouldReloadOnReturn(0, TAB_HIDDEN_RELOAD_MS + 1, '/reports')).toBe(false);
    expect(shouldReloadOnReturn(null, 10 ** 9, '/')).toBe(false);
    expect(isDashboardPath('/employees')).toBe(false);
  });
});
