/** Shown instead of the app when required browser features are missing (spec §2). */
import { useTranslation } from '../shared/i18n/translator';
import type { RequiredFeature } from '../shared/browser/browser-features';

/** Plain markup (no MUI theme needed): the browser may lack what MUI relies on. */
export function BrowserUnsupported({ missing }: { missing: RequiredFeature[] }) {
  const { t } = useTranslation();
  return (
    <main data-testid="browser-unsupported" style={{ fontFamily: 'sans-serif', maxWidth: 560, margin: '48px auto', padding: 16 }}>
      <h1>{t('browser.title')}</h1>
      <p>{t('browser.intro')}</p>
      <ul>
        {missing.map((f) => (
          <li key={f}>{t(`browser.features.${f}`)}</li>
        ))}
      </ul>
      <p>{t('browser.advice')}</p>
    </main>
  );
}
