/**
 * Date-range presets (spec §2 Shared widgets, §9): Today, Yesterday, Last 7 Days, This Week,
 * Last Week, Last 30 Days, This Month, Last Month (Custom is picked by hand). Weeks start on
 * Monday (ISO). Ranges are whole days, both ends inclusive, as YYYY-MM-DD in `now`'s zone.
 */
import { DateTime } from 'luxon';
import { DATE_FORMAT, type DateRangePreset } from '@vigil/contract';

export interface DateRange {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
}

export type FixedPreset = Exclude<DateRangePreset, 'custom'>;

const fmt = (d: DateTime): string => d.toFormat(DATE_FORMAT);
const span = (a: DateTime, b: DateTime): DateRange => ({ start: fmt(a), end: fmt(b) });

/** The range a preset stands for on the day `now`. */
export function presetRange(preset: FixedPreset, now: DateTime): DateRange {
  const today = now.startOf('day');
  switch (preset) {
    case 'today':
      return span(today, today);
    case 'yesterday': {
      const y = today.minus({ days: 1 });
      return span(y, y);
    }
    case 'last7Days':
      return span(today.minus({ days: 6 }), today);
    case 'thisWeek':
      return span(today.startOf('week'), today.endOf('week'));
    case 'lastWeek': {
      const w = today.minus({ weeks: 1 });
      return span(w.startOf('week'), w.endOf('week'));
    }
    case 'last30Days':
      return span(today.minus({ days: 29 }), today);
    case 'thisMonth':
      return span(today.startOf('month'), today.endOf('month'));
    case 'lastMonth': {
      const m = today.minus({ months: 1 });
      return span(m.startOf('month'), m.endOf('month'));
    }
  }
}

/** The fixed preset whose range equals `range` today, or 'custom'. */
export function presetOf(range: DateRange, now: DateTime, presets: readonly FixedPreset[]): DateRangePreset {
  return (
    presets.find((p) => {
      const r = presetRange(p, now);
      return r.start === range.start && r.end === range.end;
    }) ?? 'custom'
  );
}

/** True for a YYYY-MM-DD string that is a real date. */
export function isIsoDate(v: unknown): v is string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && DateTime.fromFormat(v, DATE_FORMAT).isValid;
}

/** A well-formed range whose end is not before its start. */
export function isValidRange(r: { start?: unknown; end?: unknown }): r is DateRange {
  return isIsoDate(r.start) && isIsoDate(r.end) && r.start <= r.end;
}
