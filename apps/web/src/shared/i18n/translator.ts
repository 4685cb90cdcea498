/**
 * The console's translation (spec §1: English and Albanian) behind one hook, `useTranslation`
 * (issue 20 "First page": the pages reached without a session load no i18next). The catalogues
 * (catalogue.ts) and the language (language.ts) are kept here; texts come from one of two engines:
 *
 * - before the console's code is loaded (app/full-app.tsx), a small one: a key's text in the
 *   language shown, else in English, else the key (or `defaultValue`), with its `{{name}}` values
 *   put in as i18next puts them (a value given as undefined or null gives '', a value not given
 *   leaves `{{name}}`; nothing is escaped). That is all the public pages' texts use: no plurals,
 *   formats or nesting (catalogue `first`, `account`, `surveys`).
 * - from then on i18next itself (installI18next, with the same catalogues, language and options as
 *   before: English fallback, no escaping), so the signed-in console translates exactly as it did.
 *
 * `t` changes identity when the language or the engine changes (as react-i18next's did on a
 * language change), so memoised texts follow a switch.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { TFunction, i18n as I18next } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vigil/i18n/languages';

type Tree = { [key: string]: unknown };

/** The catalogues added so far, by language (namespace "translation"). */
const resources: Partial<Record<Language, Tree>> = {};
let language: Language = DEFAULT_LANGUAGE;
let engine: I18next | null = null;
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function merge(target: Tree, source: Tree) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && existing && typeof existing === 'object') {
      merge(existing as Tree, value as Tree);
    } else {
      target[key] = value && typeof value === 'object' && !Array.isArray(value) ? merge({}, value as Tree) : value;
    }
  }
  return target;
}

function lookup(tree: Tree | undefined, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

type Options = Record<string, unknown> & { defaultValue?: unknown; lng?: string };

function interpolate(text: string, options: Options): string {
  return text.replace(/\{\{(-?)\s*([^}]+?)\s*\}\}/g, (match, _unescaped: string, name: string) => {
    const variable = name.split(',')[0]!.trim();
    const value = lookup(options, variable);
    if (value === undefined || value === null) return Object.prototype.hasOwnProperty.call(options, variable) ? '' : match;
    return typeof value === 'string' ? value : String(value as string | number | boolean);
  });
}

/** The languages a key is looked up in: the given or shown one, then English. */
function languagesFor(lng: string | undefined): Language[] {
  const first = (LANGUAGES as readonly string[]).includes(lng ?? '') ? (lng as Language) : language;
  return first === DEFAULT_LANGUAGE ? [first] : [first, DEFAULT_LANGUAGE];
}

/** The small engine's t (see the top). */
function smallT(keys: string | string[], options?: Options | string): string {
  const opts: Options = typeof options === 'string' ? { defaultValue: options } : (options ?? {});
  const list = Array.isArray(keys) ? keys : [keys];
  for (const key of list) {
    for (const lng of languagesFor(opts.lng)) {
      const text = lookup(resources[lng], key);
      if (typeof text === 'string') return interpolate(text, opts);
    }
  }
  if (typeof opts.defaultValue === 'string') return interpolate(opts.defaultValue, opts);
  return list[list.length - 1] ?? '';
}

/** Whether `key` has a text in the language shown or in English. */
export function hasText(key: string): boolean {
  if (engine) return engine.exists(key);
  return languagesFor(undefined).some((lng) => lookup(resources[lng], key) !== undefined);
}

/** Translates `key` with `options` outside React (the document title, error texts). */
export const translate = ((keys: string | string[], options?: Options | string) =>
  engine ? engine.t(keys, options as never) : smallT(keys, options)) as unknown as TFunction;

/** The texts of `lang` added so far (one object, merged into as parts arrive), or undefined. */
export function textsOf(lang: Language): object | undefined {
  return resources[lang];
}

/** The language shown. */
export function shownLanguage(): Language {
  return language;
}

/** Adds `catalogue` to the texts of `lang` (merged key by key, replacing texts of the same key). */
export function addCatalogue(lang: Language, catalogue: object): void {
  merge((resources[lang] ??= {}), catalogue as Tree);
  engine?.addResourceBundle(lang, 'translation', catalogue, true, true);
}

/** Shows `lang` from now on (its catalogue loaded first by the caller, language.ts). */
export async function changeLanguage(lang: Language): Promise<void> {
  if (engine) await engine.changeLanguage(lang);
  language = lang;
  changed();
}

/** Sets the language before anything is shown (app/i18n.ts), without telling anyone. */
export function startLanguage(lang: Language): void {
  language = lang;
}

let installing: Promise<void> | null = null;

/**
 * Loads i18next and translates through it from then on, with the catalogues added so far
 * (app/full-app.tsx, before the console renders). Once; again after a failed load.
 */
export function installI18next(): Promise<void> {
  installing ??= import('i18next').then(
    ({ default: i18next }) => {
      void i18next.init({
        resources: Object.fromEntries(Object.entries(resources).map(([lng, tree]) => [lng, { translation: merge({}, tree) }])),
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        interpolation: { escapeValue: false },
        initAsync: false,
        returnNull: false,
      });
      engine = i18next;
      changed();
    },
    (err: unknown) => {
      installing = null;
      throw err;
    },
  );
  return installing;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getVersion = () => version;

/** What useTranslation gives: `t`, and `i18n` with the language shown and `exists(key)`. */
export interface Translation {
  t: TFunction;
  i18n: { language: Language; exists: (key: string) => boolean };
}

/**
 * The translation function and the language shown; re-renders on a language switch and when
 * i18next takes over (not when a catalogue part is added: pages wait for their parts before they
 * render, as with react-i18next).
 */
export function useTranslation(): Translation {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  const lang = language;
  const withEngine = engine;
  return useMemo(() => {
    // A new function per language and engine, as react-i18next's t (memoised texts follow it).
    const t = ((keys: string | string[], options?: Options | string) =>
      withEngine ? withEngine.t(keys, options as never) : smallT(keys, options)) as unknown as TFunction;
    return { t, i18n: { language: lang, exists: hasText } };
  }, [lang, withEngine]);
}
