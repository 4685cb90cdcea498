/**
 * The second (profile) date-range catalogue (spec §2 Shared widgets, §9): presets today,
 * yesterday, this week, last week, this month, last month and Custom (index 6). Only Custom
 * enables the From Date / To Date pickers. To Date may not be earlier than From Date or, with
 * From Date empty, than today. Both pickers span 100 years either way from today. Dates are
 * YYYY-MM-DD strings in `now`'s zone.
 */
import { DateTime } from 'luxon';
import { DATE_FORMAT, DATE_RANGE_SPAN_YEARS, PROFILE_DATE_PRESETS, type ProfileDatePreset } from '@vigil/contract';
import { isIsoDate, presetRange, type DateRange } from './presets';

/** A range being edited: either end may be empty (''). */
export interface OpenRange {
  from: string;
  to: string;
}

/** The preset at a catalogue index (6 is Custom). */
export function profilePresetAt(index: number): ProfileDatePreset {
  return PROFILE_DATE_PRESETS[index] ?? 'custom';
}

/** The range of a fixed profile preset on the day `now`; Custom keeps `current`. */
export function profilePresetRange(preset: ProfileDatePreset, now: DateTime, current: OpenRange): OpenRange {
  if (preset === 'custom') return current;
  const r = presetRange(preset, now);
  return { from: r.start, to: r.end };
}

/** The earliest To Date allowed: From Date when set, else today. */
export function minToDate(from: string, now: DateTime): string {
  return isIsoDate(from) ? from : now.toFormat(DATE_FORMAT);
}

/** The picker bounds: today ± 100 years (spec §9). */
export function spanBounds(now: DateTime): { min: string; max: string } {
  const today = now.startOf('day');
  return {
    min: today.minus({ years: DATE_RANGE_SPAN_YEARS }).toFormat(DATE_FORMAT),
    max: today.plus({ years: DATE_RANGE_SPAN_YEARS }).toFormat(DATE_FORMAT),
  };
}

/** Why a To Date is refused: 'toBeforeFrom', 'toBeforeToday' (From empty), or null when it is acceptable. */
export function toDateProblem(range: OpenRange, now: DateTime): 'toBeforeFrom' | 'toBeforeToday' | null {
  if (!isIsoDate(range.to)) return null;
  if (range.to < minToDate(range.from, now)) return isIsoDate(range.from) ? 'toBeforeFrom' : 'toBeforeToday';
  return null;
}

/** The complete range to emit, or null while an end is missing, out of the span, or refused. */
export function completeRange(range: OpenRange, now: DateTime): DateRange | null {
  const { min, max } = spanBounds(now);
  if (!isIsoDate(range.from) || !isIsoDate(range.to)) return null;
  if (range.from < min || range.to > max) return null;
  if (toDateProblem(range, now)) return null;
  return { start: range.from, end: range.to };
}
