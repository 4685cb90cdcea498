/**
 * Text the database can store as sent (issue 12 finding 7): no NUL character (PostgreSQL text
 * refuses it) and no lone UTF-16 surrogate (not valid UTF-8). Such text is refused with a 400,
 * except where losing the request is worse than changing it (a mobile alarm's message), which is
 * cleaned with `cleanText`.
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';

/** True when `v` holds no NUL and no unpaired surrogate. O(n). */
export function isStorableText(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = v.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/** `v` with NUL characters removed and lone surrogates replaced by U+FFFD. */
export function cleanText(v: string): string {
  if (isStorableText(v)) return v;
  // Both steps are native and linear (String.prototype.toWellFormed: Node 20+).
  return (v.replaceAll(String.fromCharCode(0), '') as string & { toWellFormed(): string }).toWellFormed();
}

/** Text of at most `max` characters the database can store (trimmed); else validation.max / validation.formatted. */
export const zText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.Max)
    .refine((v) => v.length > max || isStorableText(v), V.Formatted);
