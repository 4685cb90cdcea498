/**
 * Catalogues: every key in one language exists in the other with non-empty text, the same
 * interpolation variables, and every key the contract refers to (error codes, validation keys,
 * menu labels, role names) exists.
 */
import { describe, expect, it } from 'vitest';
import { AlarmKey, ErrorCode, ImportKey, ManagementKey, ROLES, ValidationKey, menuForRole, type MenuItem } from '@vigil/contract';
import { catalogues, flattenKeys, translate } from './index.js';

const en = flattenKeys(catalogues.en);
const sq = flattenKeys(catalogues.sq);
const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('have the same keys in English and Albanian', () => {
    expect(sq.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !sq.includes(k))).toEqual([]);
  });

  it('have non-empty texts with the same variables in both languages', () => {
    // Leave placeholders as written, so both the text and its variables can be compared.
    const anyVars = new Proxy({}, { get: (_t, name) => `{{${String(name)}}}` }) as Record<string, string>;
    for (const key of en) {
      const e = translate('en', key, anyVars);
      const s = translate('sq', key, anyVars);
      expect(e, key).not.toBe('');
      expect(s, key).not.toBe('');
      expect(vars(s), key).toEqual(vars(e));
    }
  });

  it('contain every error code, validation key, menu label and role of the contract', () => {
    const menuKeys = (items: MenuItem[]): string[] => items.flatMap((i) => [`menu.${i.key}`, ...menuKeys(i.children ?? [])]);
    const needed = [
      ...Object.values(ErrorCode),
      ...Object.values(ValidationKey),
      ...Object.values(ManagementKey),
      ...Object.values(ImportKey),
      ...Object.values(AlarmKey),
      ...ROLES.flatMap((r) => [`roles.${r.Id}`, ...menuKeys(menuForRole(r.Id))]),
      'messages.loggedOut',
      'messages.languageUpdated',
    ];
    expect([...new Set(needed)].filter((k) => !en.includes(k))).toEqual([]);
  });

  it('keep the spec texts verbatim in English', () => {
    expect(translate('en', ErrorCode.SessionExpired)).toBe('Your session has expired. Please log in again.');
    expect(translate('en', ErrorCode.InvalidCredentials)).toBe('Invalid username or password');
    expect(translate('en', ErrorCode.WebLoginNotAllowed, { product: 'Vigil' })).toBe(
      'You cannot log in using a web browser. Please switch to the Vigil app.',
    );
    expect(translate('en', 'messages.loggedOut')).toBe(
      'You have logged out. For additional security, you may want to close your web browser.',
    );
    expect(translate('en', ValidationKey.Max, { length: 10 })).toBe('This field must be 10 characters or less');
  });
});
