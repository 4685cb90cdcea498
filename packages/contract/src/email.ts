/**
 * E-mail address check (spec §5 "a valid address"), linear in the input and bounded before any
 * pattern runs: the old pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/ took quadratic time on
 * "a@a.a.a…@" and froze the server for 19 s on a 256 kB value (issue 12 finding 1).
 */
import { ValidationKey } from './errors.js';

/** Longest address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/**
 * True for `local@domain.tld`: one '@', no whitespace, a non-empty local part (at most 64
 * characters) and a domain with a dot that neither starts nor ends it. Runs in O(n), n ≤ EMAIL_MAX.
 */
export function isEmailAddress(v: string): boolean {
  if (v.length < 5 || v.length > EMAIL_MAX) return false;
  let at = -1;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    // whitespace (ASCII and the Unicode spaces \s matches) and control characters
    if (c <= 32 || c === 127 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029) return false;
    if (c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff) return false;
    if (c === 64) {
      if (at !== -1) return false;
      at = i;
    }
  }
  if (at < 1 || at > 64) return false;
  const dot = v.indexOf('.', at + 2);
  return dot !== -1 && dot < v.length - 1 && v.lastIndexOf('.') < v.length - 1;
}

/**
 * zod's `z.email()` pattern (zod/v4/core regexes `email`), the check ZLoginEmail (auth.ts) ends
 * with. Written out so a client without zod (the console's sign-in forms, issue 20 "First page")
 * applies the same rule; email.test.ts keeps the two in step.
 */
export const LOGIN_EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The login email rule of ZLoginEmail (spec §5 Login email) without zod: the catalogue key of the
 * message for `value` (trimmed first, as ZLoginEmail does) — validation.loginEmailRequired when
 * empty, validation.loginEmailInvalid when longer than EMAIL_MAX or not an address — or null when
 * it is valid.
 */
export function loginEmailError(value: string): string | null {
  const v = value.trim();
  if (v.length < 1) return ValidationKey.LoginEmailRequired;
  if (v.length > EMAIL_MAX || !LOGIN_EMAIL_PATTERN.test(v)) return ValidationKey.LoginEmailInvalid;
  return null;
}
