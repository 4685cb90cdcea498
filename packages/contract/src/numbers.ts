/**
 * Bounded number rules shared by every feature (issue 12 finding 7): ids and integers arrive as
 * JSON numbers or as decimal text ("42"); anything else (hex "0x10", "1e3", arrays, objects,
 * booleans) is refused with a 400 before it reaches the database, and every value fits the column
 * it is stored in (int4 ids, smallint codes).
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';

/** Largest value of a PostgreSQL `integer` (int4) column: every id. */
export const INT32_MAX = 2_147_483_647;
/** Largest value of a PostgreSQL `smallint` column (statusId, roleId, …). */
export const INT16_MAX = 32_767;

/** Decimal text of at most 16 digits with an optional minus sign: the only text read as a number. */
const DECIMAL = /^-?\d{1,16}$/;

/**
 * Number input: a finite JSON number, or decimal text (trimmed, at most 16 digits). Any other
 * value is passed on unchanged, so the number schema refuses it (no `Number(value)` on arrays or
 * objects: that walks nested arrays recursively).
 */
export function toNumberInput(v: unknown): unknown {
  if (typeof v === 'string' && v.length <= 20) {
    const t = v.trim();
    return DECIMAL.test(t) ? Number(t) : v;
  }
  return v;
}

/** Decimal text with an optional fraction (at most 16 + 16 digits): coordinates, accuracies. Linear pattern. */
const DECIMAL_FRACTION = /^-?\d{1,16}(\.\d{1,16})?$/;

/**
 * Decimal number input: a JSON number, or decimal text with an optional fraction ("41.3275",
 * trimmed, at most 40 characters). Anything else is passed on unchanged for the schema to refuse.
 */
export function toDecimalInput(v: unknown): unknown {
  if (typeof v === 'string' && v.length <= 40) {
    const t = v.trim();
    return DECIMAL_FRACTION.test(t) ? Number(t) : v;
  }
  return v;
}

/** A whole number from `min` to `max` (inclusive); decimal text accepted. Message: validation.formatted. */
export const zInteger = (min: number, max: number) =>
  z.preprocess(toNumberInput, z.number(V.Formatted).int(V.Formatted).min(min, V.Formatted).max(max, V.Formatted));

/** A record id: a positive whole number up to 2^31−1 (int4); decimal text accepted, "0x10" refused. */
export const zId = () =>
  z.preprocess(toNumberInput, z.number(V.Required).int(V.Formatted).positive(V.Required).max(INT32_MAX, V.Formatted));

/** A paging offset: a whole number from 0 to 2^31−1. */
export const zOffset = () => zInteger(0, INT32_MAX);

/** A finite number from `min` to `max` (coordinates, accuracy); decimal text accepted. */
export const zNumber = (min: number, max: number) =>
  z.preprocess(toDecimalInput, z.number(V.Formatted).min(min, V.Formatted).max(max, V.Formatted));
