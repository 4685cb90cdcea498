/**
 * Calendar days on the wire (spec §5: dates are 'YYYY-MM-DD'). A day must be a real calendar day
 * within the years the product handles (MIN_YEAR–MAX_YEAR), so the database never sees a year 0
 * or 9999 date it cannot store or compute with (issue 12 finding 7).
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';

/** First and last years a day may have. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for 'YYYY-MM-DD' naming a real day of the years MIN_YEAR–MAX_YEAR (length checked first). */
export function isDay(v: string): boolean {
  if (v.length !== 10) return false;
  const m = DAY.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A calendar day 'YYYY-MM-DD' (years MIN_YEAR–MAX_YEAR). Message: `error` (validation.dateFormat by default). */
export const zDay = (error: string = V.DateFormat) => z.string(error).max(10, error).refine(isDay, error);
