/**
 * The UI catalogues, one language at a time (issue 20 "First page": a page loads only the language
 * it shows). Each language is its own chunk (@vigil/i18n/en, @vigil/i18n/sq), loaded on demand
 * and added to i18next once; the catalogue test keeps both languages' keys the same, so the
 * language shown never needs the other one's texts.
 */
import i18next from 'i18next';
import type { Language } from '@vigil/i18n/languages';

const loaders: Record<Language, () => Promise<unknown>> = {
  en: () => import('@vigil/i18n/en').then((m) => m.en),
  sq: () => import('@vigil/i18n/sq').then((m) => m.sq),
};

const loading = new Map<Language, Promise<void>>();

/**
 * Loads the catalogue of `lang` into i18next (namespace "translation") unless it is there already.
 * Resolves once its texts can be shown; rejects when the chunk cannot be loaded (a later call
 * tries again).
 */
export function loadCatalogue(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = loaders[lang]().then(
      (catalogue) => {
        i18next.addResourceBundle(lang, 'translation', catalogue as object, true, true);
      },
      (err: unknown) => {
        loading.delete(lang);
        throw err;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}
