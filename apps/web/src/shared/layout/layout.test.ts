import { describe, expect, it, vi } from 'vitest';
import { RESIZE_DEBOUNCE_MS, USER_SELECT_DELAY_MS } from '@vigil/contract';
import { alertOffset, pageHeight } from './layout';
import { debounce } from './debounce';

describe('spec §9 layout constants', () => {
  it('page height is the window height minus 350, or 200 at 555 px or less', () => {
    expect(pageHeight(800)).toBe(450);
    expect(pageHeight(556)).toBe(206);
    expect(pageHeight(555)).toBe(200);
    expect(pageHeight(400)).toBe(200);
  });
  it('the alert list sits 272 px from the left with the drawer open, 12 px otherwise', () => {
    expect(alertOffset(true)).toBe(272);
    expect(alertOffset(false)).toBe(12);
  });
  it('resize handling waits 250 ms after the last event; the user list waits 500 ms', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(250);
    expect(USER_SELECT_DELAY_MS).toBe(500);
    vi.useFakeTimers();
    try {
      const fn = vi.fn();
      const d = debounce(fn, RESIZE_DEBOUNCE_MS);
      d(1);
      vi.advanceTimersByTime(200);
      d(2);
      vi.advanceTimersByTime(249);
      expect(fn).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fn).toHaveBeenCalledTimes(1);
      expect(fn).toHaveBeenCalledWith(2);
      d(3);
      d.cancel();
      vi.advanceTimersByTime(1000);
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
