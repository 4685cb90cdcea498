import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { PROFILE_CUSTOM_PRESET_INDEX, PROFILE_DATE_PRESETS } from '@vigil/contract';
import { completeRange, minToDate, profilePresetAt, profilePresetRange, spanBounds, toDateProblem } from './profile-presets';

const now = DateTime.fromISO('2026-03-11T10:00:00', { zone: 'Europe/Tirane' });
const none = { from: '', to: '' };

describe('profile date-range catalogue (spec §2, §9)', () => {
  it('lists the six profile presets with Custom at index 6', () => {
    expect(PROFILE_DATE_PRESETS).toEqual(['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom']);
    expect(PROFILE_CUSTOM_PRESET_INDEX).toBe(6);
    expect(profilePresetAt(6)).toBe('custom');
    expect(profilePresetAt(0)).toBe('today');
  });
  it('fills both dates from a fixed preset and keeps the dates for Custom', () => {
    expect(profilePresetRange('today', now, none)).toEqual({ from: '2026-03-11', to: '2026-03-11' });
    expect(profilePresetRange('yesterday', now, none)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(profilePresetRange('thisWeek', now, none)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(profilePresetRange('lastWeek', now, none)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(profilePresetRange('thisMonth', now, none)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(profilePresetRange('lastMonth', now, none)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    const kept = { from: '2026-01-05', to: '2026-01-09' };
    expect(profilePresetRange('custom', now, kept)).toBe(kept);
  });
  it('To Date cannot be earlier than From Date, or than today when From is empty', () => {
    expect(minToDate('2026-01-05', now)).toBe('2026-01-05');
    expect(minToDate('', now)).toBe('2026-03-11');
    expect(toDateProblem({ from: '2026-01-05', to: '2026-01-04' }, now)).toBe('toBeforeFrom');
    expect(toDateProblem({ from: '2026-01-05', to: '2026-01-05' }, now)).toBeNull();
    expect(toDateProblem({ from: '', to: '2026-03-10' }, now)).toBe('toBeforeToday');
    expect(toDateProblem({ from: '', to: '2026-03-11' }, now)).toBeNull();
  });
  it('spans 100 years either way and emits only complete, allowed ranges', () => {
    expect(spanBounds(now)).toEqual({ min: '1926-03-11', max: '2126-03-11' });
    expect(completeRange({ from: '2026-01-05', to: '2026-01-09' }, now)).toEqual({ start: '2026-01-05', end: '2026-01-09' });
    expect(completeRange({ from: '2026-01-05', to: '' }, now)).toBeNull();
    expect(completeRange({ from: '2026-01-05', to: '2026-01-04' }, now)).toBeNull();
    expect(completeRange({ from: '1926-03-10', to: '2026-01-04' }, now)).toBeNull();
    expect(completeRange({ from: '2026-01-05', to: '2126-03-12' }, now)).toBeNull();
  });
});
