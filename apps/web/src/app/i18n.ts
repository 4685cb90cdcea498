/**
 * i18next set-up (spec §1: English and Albanian): language from localStorage 'vigil.lang' or
 * English, English fallback. The catalogue of that language alone is loaded before the first
 * render (shared/i18n/catalogue.ts; issue 20: the first page does not carry both languages);
 * a language switch loads the other one then.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@vigil/i18n/languages';
import { applyDocumentLanguage, storedLanguage } from '../shared/i18n/language';
import { loadCatalogue } from '../shared/i18n/catalogue';

/**
 * Starts i18next in the stored language and loads its catalogue; resolves with the instance once
 * its texts are there. Never rejects: when the catalogue chunk cannot be loaded the app still
 * starts (and a language switch tries again).
 */
export async function initI18n(): Promise<typeof i18next> {
  const lng = storedLanguage();
  void i18next.use(initReactI18next).init({
    resources: {},
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  await loadCatalogue(lng).catch((err: unknown) => console.error('catalogue load failed', err));
  applyDocumentLanguage();
  return i18next;
}
