/**
 * The UI language (English / Albanian): remembered in localStorage 'vigil.lang', applied at
 * startup, reflected in <html lang> and the document title. Only the shown language's catalogue
 * is loaded (catalogue.ts).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vigil/i18n/languages';
import { PRODUCT_NAME_DEFAULT } from '@vigil/contract';
import { loadCatalogue } from './catalogue';
import { changeLanguage, shownLanguage, translate } from './translator';

export const LANGUAGE_STORAGE_KEY = 'vigil.lang';

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** The remembered language, or English. */
export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The language shown (translator.ts). */
export function currentLanguage(): Language {
  return shownLanguage();
}

/** Set <html lang> and the title for the current language. */
export function applyDocumentLanguage(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = currentLanguage();
  document.title = translate('app.productName', { product: PRODUCT_NAME_DEFAULT });
}

/** Switch the UI language (its catalogue loaded first, see catalogue.ts) and remember it. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadCatalogue(lang);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // ignore
  }
  await changeLanguage(lang);
  applyDocumentLanguage();
}
