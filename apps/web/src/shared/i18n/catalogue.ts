/**
 * The UI catalogues, one language and one part at a time (issue 20 "First page": a page loads only
 * the texts it can show). Each part of each language is its own chunk, loaded on demand and added
 * to the texts once (translator.ts; merged key by key):
 *
 * - `first`: @vigil/i18n's main catalogue (en.json / sq.json), the sections any page reached
 *   without a session shows (app, errors, messages, validation, roles, common, browser, login,
 *   profile, mui). Always loaded.
 * - `account` and `surveys`: the public account pages' and the public survey page's sections.
 * - `all`: the whole catalogue of the language (@vigil/i18n/en, /sq), for the signed-in console;
 *   required by the shell's page group before it renders (app/lazy-page.tsx).
 *
 * A part once required stays required: a later language switch loads every required part of the
 * new language before it shows (language.ts setLanguage). The catalogue test keeps both
 * languages' keys the same, so the language shown never needs the other one's texts.
 */
import type { Language } from '@vigil/i18n/languages';
import { addCatalogue, shownLanguage } from './translator';

export type CataloguePart = 'first' | 'account' | 'surveys' | 'all';

type Loader = () => Promise<object>;
const json = (m: { default: object }) => m.default;

const loaders: Record<CataloguePart, Record<Language, Loader>> = {
  first: {
    en: () => import('@vigil/i18n/en.json').then(json),
    sq: () => import('@vigil/i18n/sq.json').then(json),
  },
  account: {
    en: () => import('@vigil/i18n/account.en.json').then(json),
    sq: () => import('@vigil/i18n/account.sq.json').then(json),
  },
  surveys: {
    en: () => import('@vigil/i18n/surveys.en.json').then(json),
    sq: () => import('@vigil/i18n/surveys.sq.json').then(json),
  },
  all: {
    en: () => import('@vigil/i18n/en').then((m) => m.en),
    sq: () => import('@vigil/i18n/sq').then((m) => m.sq),
  },
};

/** The parts every language switch loads (`first`, and what pages shown so far required). */
const required = new Set<CataloguePart>(['first']);
/** Loads under way or done, by `${language}:${part}` (a failed one is dropped, so a later call tries again). */
const parts = new Map<string, Promise<void>>();
/** The combined load of a language's required parts, by `${language}:${parts}`. */
const combined = new Map<string, Promise<void>>();

function loadPart(lang: Language, part: CataloguePart): Promise<void> {
  const key = `${lang}:${part}`;
  let pending = parts.get(key);
  if (!pending) {
    pending = loaders[part][lang]().then(
      (catalogue) => {
        addCatalogue(lang, catalogue);
      },
      (err: unknown) => {
        parts.delete(key);
        throw err;
      },
    );
    parts.set(key, pending);
  }
  return pending;
}

/**
 * Loads every required part of `lang`'s catalogue unless it is there already (the same
 * promise while the required parts stay the same). Resolves once its texts can be shown; rejects
 * when a chunk cannot be loaded (a later call tries again).
 */
export function loadCatalogue(lang: Language): Promise<void> {
  const wanted = [...required].sort();
  const key = `${lang}:${wanted.join(',')}`;
  let pending = combined.get(key);
  if (!pending) {
    pending = Promise.all(wanted.map((part) => loadPart(lang, part))).then(
      () => undefined,
      (err: unknown) => {
        combined.delete(key);
        throw err;
      },
    );
    combined.set(key, pending);
  }
  return pending;
}

/**
 * Requires `part` from now on and loads it in the language shown; resolves once its texts can be
 * shown (rejects when its chunk cannot be loaded). Pages that show the part's texts wait for it
 * before they render.
 */
export function requireCatalogue(part: CataloguePart): Promise<void> {
  required.add(part);
  return loadCatalogue(shownLanguage());
}
