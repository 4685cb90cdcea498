// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_EVENT_ID_KEY,
  STORE_EVERY_MS,
  flushLastEventId,
  forgetLastEventId,
  readLastEventId,
  startFromIfNone,
  writeLastEventId,
} from './last-event-id';

describe('last event id', () => {
  afterEach(() => {
    forgetLastEventId();
    vi.useRealTimers();
  });

  it('answers the applied id at once and stores the latest within STORE_EVERY_MS, one write for a burst', () => {
    vi.useFakeTimers();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    for (let id = 1; id <= 200; id++) writeLastEventId(id);
    expect(readLastEventId()).toBe(200);
    vi.advanceTimersByTime(STORE_EVERY_MS);
    expect(sessionStorage.getItem(LAST_EVENT_ID_KEY)).toBe('200');
    expect(setItem.mock.calls.filter(([k]) => k === LAST_EVENT_ID_KEY)).toHaveLength(1);
    setItem.mockRestore();
  });

  it('stores at once when the page is left, and a forgotten id is not stored later', () => {
    vi.useFakeTimers();
    writeLastEventId(7);
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(LAST_EVENT_ID_KEY)).toBe('7');
    writeLastEventId(8);
    forgetLastEventId();
    vi.advanceTimersByTime(STORE_EVERY_MS * 2);
    expect(sessionStorage.getItem(LAST_EVENT_ID_KEY)).toBeNull();
    expect(readLastEventId()).toBeNull();
    flushLastEventId();
    expect(sessionStorage.getItem(LAST_EVENT_ID_KEY)).toBeNull();
  });

  it("starts from a sign-in's event log position when no id is known, and keeps a known (older) one", () => {
    startFromIfNone(120);
    expect(readLastEventId()).toBe(120);
    // A session check after a reload: the id the console resumes from stays.
    startFromIfNone(150);
    expect(readLastEventId()).toBe(120);
    forgetLastEventId();
    startFromIfNone(-1);
    expect(readLastEventId()).toBeNull();
    startFromIfNone(0);
    expect(readLastEventId()).toBe(0);
  });
});
