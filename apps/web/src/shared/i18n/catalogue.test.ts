/**
 * loadCatalogue / requireCatalogue: one language at a time into i18next, each part loaded once; the
 * first-page part alone until a page requires more (issue 20 "First page").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { sq } from '@vigil/i18n/sq';
import { en } from '@vigil/i18n/en';
import { loadCatalogue, requireCatalogue } from './catalogue';

beforeAll(async () => {
  await i18next.init({ resources: {}, lng: 'sq', fallbackLng: 'en', initAsync: false });
});

describe('loadCatalogue', () => {
  it('loads only the language asked for, and its first-page texts show', async () => {
    expect(i18next.hasResourceBundle('sq', 'translation')).toBe(false);
    expect(i18next.t('login.title')).toBe('login.title');
    await loadCatalogue('sq');
    expect(i18next.hasResourceBundle('sq', 'translation')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18next.t('login.title')).toBe(sq.login.title);
    expect(i18next.t('login.title')).not.toBe('login.title');
  });

  it('leaves out the signed-in console and the public pages own sections until a page requires them', async () => {
    await loadCatalogue('sq');
    expect(i18next.exists('menu.dashboard')).toBe(false);
    expect(i18next.exists('account.title')).toBe(false);
    await requireCatalogue('account');
    expect(i18next.t('account.title')).toBe(sq.account.title);
    expect(i18next.exists('menu.dashboard')).toBe(false);
  });

  it('loads a language once however often it is asked for', async () => {
    const a = loadCatalogue('en');
    const b = loadCatalogue('en');
    expect(b).toBe(a);
    await Promise.all([a, b]);
    const bundle = i18next.getResourceBundle('en', 'translation') as object;
    await loadCatalogue('en');
    expect(i18next.getResourceBundle('en', 'translation')).toBe(bundle);
  });

  it('once the whole catalogue is required, has every key, in the language shown and after a switch', async () => {
    await requireCatalogue('all');
    expect(i18next.getResourceBundle('sq', 'translation')).toEqual(sq);
    await loadCatalogue('en');
    expect(i18next.getResourceBundle('en', 'translation')).toEqual(en);
  });
});
