/** The zod-free login email rule (loginEmailError) gives ZLoginEmail's answer for every input. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZLoginEmail } from './auth.js';
import { EMAIL_MAX, loginEmailError } from './email.js';

const inputs = [
  '',
  '   ',
  'a@b.co',
  '  orgadmin@example.com  ',
  'orgadmin@example.com',
  'first.last+tag@sub.example.org',
  "o'brien@example.ie",
  'no-at-sign.example.com',
  'two@@example.com',
  'a@b@example.com',
  '.lead@example.com',
  'trail.@example.com',
  'dou..ble@example.com',
  'user@example',
  'user@example.c',
  'user@-example.com',
  'user@exa_mple.com',
  'user@example.com.',
  'us er@example.com',
  'user@exämple.com',
  'ü@example.com',
  `${'a'.repeat(64)}@example.com`,
  `${'a'.repeat(EMAIL_MAX - 12)}@example.com`,
  `${'a'.repeat(EMAIL_MAX - 11)}@example.com`,
  `a@${'b'.repeat(300)}.com`,
  'a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a@',
];

/** The first message ZLoginEmail gives, or null when it accepts the value. */
function zodAnswer(v: string): string | null {
  const r = z.object({ email: ZLoginEmail }).safeParse({ email: v });
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
}

describe('loginEmailError', () => {
  it.each(inputs)('agrees with ZLoginEmail on %j', (v) => {
    expect(loginEmailError(v)).toBe(zodAnswer(v));
  });

  it('names the spec §5 messages', () => {
    expect(loginEmailError('')).toBe('validation.loginEmailRequired');
    expect(loginEmailError('nope')).toBe('validation.loginEmailInvalid');
    expect(loginEmailError(' ok@example.com ')).toBeNull();
  });
});
