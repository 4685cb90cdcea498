/**
 * Translation set-up (spec §1: English and Albanian): language from localStorage 'vigil.lang' or
 * English, English fallback. The catalogue of that language alone is loaded before the first
 * render (shared/i18n/catalogue.ts; issue 20: the first page does not carry both languages);
 * a language switch loads the other one then. Texts come from shared/i18n/translator.ts (i18next
 * itself once the console's code is loaded).
 */
import { applyDocumentLanguage, storedLanguage } from '../shared/i18n/language';
import { loadCatalogue } from '../shared/i18n/catalogue';
import { startLanguage } from '../shared/i18n/translator';

/**
 * Starts in the stored language and loads its catalogue; resolves once its texts are there.
 * Never rejects: when the catalogue chunk cannot be loaded the app still starts (and a language
 * switch tries again).
 */
export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  startLanguage(lng);
  await loadCatalogue(lng).catch((err: unknown) => console.error('catalogue load failed', err));
  applyDocumentLanguage();
}
