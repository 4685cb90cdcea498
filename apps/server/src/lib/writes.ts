/**
 * Pieces of the management writes: form values to columns ('' → null, phones in E.164) and unique
 * violations as 409 conflicts (name, code or e-mail in use).
 */
import { ManagementKey, toE164 } from '@vigil/contract';
import { AppError, badRequest } from '../plugins/errors.js';
import { databaseError } from '../db/errors.js';

/** '' → null, phone numbers → E.164. @throws 400 management.errors.phone with the field when a phone is invalid. */
export function normalize<T extends Record<string, unknown>>(input: T, phoneFields: readonly string[] = ['phoneNumber']): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[k] = typeof v === 'string' && v.trim() === '' ? null : v;
  for (const f of phoneFields) {
    const v = out[f];
    if (typeof v === 'string') {
      const e164 = toE164(v);
      if (!e164) throw badRequest(ManagementKey.Phone, f);
      out[f] = e164;
    }
  }
  return out as T;
}

/** The constraint name of a unique violation (PostgreSQL and PGlite, wrapped or not), else null. */
export function uniqueViolation(err: unknown): string | null {
  const e = databaseError(err);
  return e?.code === '23505' ? (e.constraint ?? e.message ?? 'unique') : null;
}

/** 409 with the name-in-use, code-in-use or e-mail-in-use message (field name, code or email). */
export function conflict(kind: 'name' | 'code' | 'email'): AppError {
  const code = kind === 'code' ? ManagementKey.CodeInUse : kind === 'email' ? ManagementKey.EmailInUse : ManagementKey.NameInUse;
  return new AppError(409, code, {}, kind);
}

/** Runs a write; a unique violation becomes 409 (code / email / name by the constraint's name). */
export async function withConflicts<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const c = uniqueViolation(err);
    if (c) throw conflict(/code/.test(c) ? 'code' : /email/.test(c) ? 'email' : 'name');
    throw err;
  }
}
