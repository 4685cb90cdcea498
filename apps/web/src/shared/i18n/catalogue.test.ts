/**
 * loadCatalogue / requireCatalogue: one language at a time, each part loaded once; the first-page
 * part alone until a page requires more (issue 20 "First page"). The translator's small engine
 * (the public pages, before i18next loads) gives i18next's text for every key those pages can
 * show, and once i18next is installed it translates with the catalogues loaded so far.
 */
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { sq } from '@vigil/i18n/sq';
import { en } from '@vigil/i18n/en';
import enFirst from '@vigil/i18n/en.json';
import sqFirst from '@vigil/i18n/sq.json';
import enAccount from '@vigil/i18n/account.en.json';
import sqAccount from '@vigil/i18n/account.sq.json';
import enSurveys from '@vigil/i18n/surveys.en.json';
import sqSurveys from '@vigil/i18n/surveys.sq.json';
import { loadCatalogue, requireCatalogue } from './catalogue';
import { changeLanguage, hasText, installI18next, startLanguage, textsOf, translate } from './translator';

/** Every `[key, text]` of a catalogue tree. */
function entries(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]): [string, string][] =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : entries(v as object, `${prefix}${k}.`),
  );
}

startLanguage('sq');

describe('loadCatalogue', () => {
  it('loads only the language asked for, and its first-page texts show', async () => {
    expect(textsOf('sq')).toBeUndefined();
    expect(translate('login.title')).toBe('login.title');
    await loadCatalogue('sq');
    expect(textsOf('sq')).toBeDefined();
    expect(textsOf('en')).toBeUndefined();
    expect(translate('login.title')).toBe(sq.login.title);
    expect(translate('login.title')).not.toBe('login.title');
  });

  it('leaves out the signed-in console and the public pages own sections until a page requires them', async () => {
    await loadCatalogue('sq');
    expect(hasText('menu.dashboard')).toBe(false);
    expect(hasText('account.title')).toBe(false);
    await requireCatalogue('account');
    expect(translate('account.title')).toBe(sq.account.title);
    expect(hasText('menu.dashboard')).toBe(false);
  });

  it('loads a language once however often it is asked for', async () => {
    const a = loadCatalogue('en');
    const b = loadCatalogue('en');
    expect(b).toBe(a);
    await Promise.all([a, b]);
    const bundle = textsOf('en');
    await loadCatalogue('en');
    expect(textsOf('en')).toBe(bundle);
  });

  it("the small engine gives i18next's text for every key of the public pages, with values, a missing value and a fallback", async () => {
    await requireCatalogue('surveys');
    const reference = i18next.createInstance();
    await reference.init({
      resources: {
        en: { translation: { ...enFirst, ...enAccount, ...enSurveys } },
        sq: { translation: { ...sqFirst, ...sqAccount, ...sqSurveys } },
      },
      lng: 'sq',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    const keys = entries({ ...enFirst, ...enAccount, ...enSurveys });
    expect(keys.length).toBeGreaterThan(100);
    let withValues = 0;
    for (const [key, text] of keys) {
      const names = [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!);
      if (names.length) withValues += 1;
      const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 7 : `<${n}>`]));
      expect(translate(key, values), key).toBe(reference.t(key, values));
      expect(translate(key), `${key} without values`).toBe(reference.t(key));
      if (names.length) expect(translate(key, { [names[0]!]: undefined }), key).toBe(reference.t(key, { [names[0]!]: undefined }));
    }
    expect(withValues).toBeGreaterThan(10);
    expect(translate('no.such.key')).toBe(reference.t('no.such.key'));
    expect(translate('no.such.key', { defaultValue: 'D {{x}}', x: 1 })).toBe(reference.t('no.such.key', { defaultValue: 'D {{x}}', x: 1 }));
    expect(translate('login.title', { lng: 'en' })).toBe(en.login.title);
  });

  it('once the whole catalogue is required, has every key, in the language shown and after a switch', async () => {
    await requireCatalogue('all');
    expect(textsOf('sq')).toEqual(sq);
    await loadCatalogue('en');
    expect(textsOf('en')).toEqual(en);
  });

  it('translates through i18next once it is installed, with the catalogues loaded so far and the language shown', async () => {
    await installI18next();
    expect(i18next.language).toBe('sq');
    expect(i18next.getResourceBundle('sq', 'translation')).toEqual(sq);
    expect(translate('menu.dashboard')).toBe(sq.menu.dashboard);
    await changeLanguage('en');
    expect(i18next.language).toBe('en');
    expect(translate('menu.dashboard')).toBe(en.menu.dashboard);
    expect(hasText('menu.dashboard')).toBe(true);
  });
});
