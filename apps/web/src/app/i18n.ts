/**
 * i18next set-up (spec §1: English and Albanian): catalogues from @vigil/i18n, language from
 * localStorage 'vigil.lang' or English, English fallback.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, resources } from '@vigil/i18n';
import { applyDocumentLanguage, storedLanguage } from '../shared/i18n/language';

export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  applyDocumentLanguage();
  return i18next;
}
