/**
 * Entry point: i18n, the browser feature check (spec §2; a failure hides the app and lists what
 * is missing), optional error reporting, startup session check, then the router. The router is
 * created first so the current page's chunk loads while the language's catalogue and the startup
 * session check do (issue 20 "First page"), and with a stored session the signed-in shell and
 * page too; the app renders once the catalogue, the check and the router are ready.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from './app/i18n';
import { missingFeatures, webRtcSupported, type FeatureEnv } from './shared/browser/browser-features';
import { BrowserUnsupported } from './app/BrowserUnsupported';
import { bootstrap } from './app/bootstrap';
import { App } from './app/App';
import { createAppRouter, preloadMatchedGroups, routerReady } from './app/router';
import { getSession } from './shared/session/session-store';
import { startErrorReporting } from './app/error-reporting';

const i18nReady = initI18n();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const root = createRoot(container);
const missing = missingFeatures(globalThis as unknown as FeatureEnv);

if (missing.length > 0) {
  void i18nReady.then((i18n) =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <BrowserUnsupported missing={missing} />
      </I18nextProvider>,
    ),
  );
} else {
  webRtcSupported(); // keep the voice/video result for the drawer
  void startErrorReporting(); // optional (SENTRY_DSN on the server); off by default
  const router = createAppRouter();
  if (getSession()) preloadMatchedGroups(router); // a signed-in page: its chunks load with the checks
  void Promise.allSettled([i18nReady, bootstrap(), routerReady(router)]).then(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
