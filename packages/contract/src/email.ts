/**
 * E-mail address check (spec §5 "a valid address"), linear in the input and bounded before any
 * pattern runs: the old pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/ took quadratic time on
 * "a@a.a.a…@" and froze the server for 19 s on a 256 kB value (issue 12 finding 1).
 */

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
