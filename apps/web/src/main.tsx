/**
 * Entry point: i18n, the browser feature check (spec §2; a failure hides the app and lists what
 * is missing), optional error reporting, startup session check, then the router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from './app/i18n';
import { missingFeatures, webRtcSupported, type FeatureEnv } from './shared/browser/browser-features';
import { BrowserUnsupported } from './app/BrowserUnsupported';
import { bootstrap } from './app/bootstrap';
import { App } from './app/App';
import { startErrorReporting } from './app/error-reporting';

const i18n = initI18n();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const root = createRoot(container);
const missing = missingFeatures(globalThis as unknown as FeatureEnv);

if (missing.length > 0) {
  root.render(
    <I18nextProvider i18n={i18n}>
      <BrowserUnsupported missing={missing} />
    </I18nextProvider>,
  );
} else {
  webRtcSupported(); // keep the voice/video result for the drawer
  void startErrorReporting(); // optional (SENTRY_DSN on the server); off by default
  void bootstrap().finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
