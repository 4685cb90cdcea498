/**
 * The global date range (spec §2 Top bar "global start and end dates"): default Today,
 * persisted in sessionStorage, read by report screens through useDateRange().
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DateTime } from 'luxon';
import { DATE_RANGE_PRESETS, type DateRangePreset } from '@vigil/contract';
import { isValidRange, presetRange, type DateRange } from './presets';

export const DATE_RANGE_STORAGE_KEY = 'vigil.dateRange';

interface StoredRange extends DateRange {
  preset: DateRangePreset;
}

interface DateRangeContextValue {
  range: DateRange;
  preset: DateRangePreset;
  setRange: (range: DateRange, preset: DateRangePreset) => void;
}

const DateRangeContext = createContext<DateRangeContextValue | null>(null);

function initial(): StoredRange {
  try {
    const raw = sessionStorage.getItem(DATE_RANGE_STORAGE_KEY);
    if (raw) {
      const v = JSON.parse(raw) as Partial<StoredRange>;
      const preset = v.preset;
      if (isValidRange(v) && (DATE_RANGE_PRESETS as readonly unknown[]).includes(preset) && preset)
        return { start: v.start, end: v.end, preset };
    }
  } catch {
    // fall through to Today
  }
  return { ...presetRange('today', DateTime.now()), preset: 'today' };
}

export function DateRangeProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<StoredRange>(initial);
  const setRange = useCallback((range: DateRange, preset: DateRangePreset) => {
    const next = { start: range.start, end: range.end, preset };
    setState(next);
    try {
      sessionStorage.setItem(DATE_RANGE_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // ignore
    }
  }, []);
  const value = useMemo(() => ({ range: { start: state.start, end: state.end }, preset: state.preset, setRange }), [state, setRange]);
  return <DateRangeContext.Provider value={value}>{children}</DateRangeContext.Provider>;
}

function useDateRangeContext(): DateRangeContextValue {
  const ctx = useContext(DateRangeContext);
  if (!ctx) throw new Error('useDateRange must be used inside DateRangeProvider');
  return ctx;
}

/** The global range as {start, end} (YYYY-MM-DD), for report screens. */
export function useDateRange(): DateRange {
  return useDateRangeContext().range;
}

/** The range, its preset and the setter (for the top-bar picker). */
export function useDateRangeState(): DateRangeContextValue {
  return useDateRangeContext();
}
