/** loadCatalogue: one language at a time into i18next, each loaded once. */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { sq } from '@vigil/i18n/sq';
import { loadCatalogue } from './catalogue';

beforeAll(async () => {
  await i18next.init({ resources: {}, lng: 'sq', fallbackLng: 'en', initAsync: false });
});

describe('loadCatalogue', () => {
  it('loads only the language asked for, and its texts show', async () => {
    expect(i18next.hasResourceBundle('sq', 'translation')).toBe(false);
    expect(i18next.t('login.title')).toBe('login.title');
    await loadCatalogue('sq');
    expect(i18next.hasResourceBundle('sq', 'translation')).toBe(true);
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18next.t('login.title')).toBe(sq.login.title);
    expect(i18next.t('login.title')).not.toBe('login.title');
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
});
