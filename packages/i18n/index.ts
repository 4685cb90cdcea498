/**
 * The message catalogues (English and Albanian) shared by the web console and the server
 * (server descriptions and e-mails). Keys are nested objects; values use i18next interpolation
 * `{{name}}`. The main catalogue is en.json / sq.json, which holds only the sections a page reached
 * without a session shows (app, errors, messages, validation, roles, common, browser, login,
 * profile, mui: the web console's sign-in pages load it alone, issue 20 "First page"); the signed-in
 * console's own sections are in console.en.json / console.sq.json; a feature may keep its own pair
 * `<feature>.en.json` / `<feature>.sq.json`, merged in here, with keys under its own top-level
 * section (the public account and survey pages load account.* and surveys.* beside the main one).
 * en.ts and sq.ts merge one language each (for clients that load one language only); languages.ts
 * names the languages without any catalogue.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import { en } from './en.js';
import { sq } from './sq.js';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

export const resources = { en: { translation: en }, sq: { translation: sq } } as const;
export const catalogues: Record<Language, unknown> = { en, sq };

/** The supported language that best matches an Accept-Language header or a stored LangId. */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** Every leaf key of a catalogue, dotted (e.g. "errors.generic"). */
export function flattenKeys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix.slice(0, -1)];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flattenKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lookup(lang: Language, key: string): string | undefined {
  let node: unknown = catalogues[lang];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translate `key` into `lang`, filling `{{name}}` from `vars`. Falls back to English, then to the
 * key itself. Used by the server for `description` texts; the web uses i18next with `resources`.
 */
export function translate(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(lang, key) ?? lookup('en', key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
