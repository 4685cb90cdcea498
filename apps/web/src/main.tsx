/**
 * Entry point: i18n, the browser feature check (spec §2; a failure hides the app and lists what
 * is missing), optional error reporting, startup session check, then the router. The current
 * page's chunk starts loading first so it loads while the language's catalogue and the startup
 * session check do (issue 20 "First page"): a public page's own chunk (or, for a signed-in address
 * without a session, the login page the gate will show), and with a stored session the signed-in
 * shell and page; the app renders once the catalogue, the check and a public page's chunk are there.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from './app/i18n';
import { missingFeatures, webRtcSupported, type FeatureEnv } from './shared/browser/browser-features';
import { BrowserUnsupported } from './app/BrowserUnsupported';
import { bootstrap } from './app/bootstrap';
import { App } from './app/App';
import { preloadCurrentPage } from './app/router';
import { getSession } from './shared/session/session-store';
import { gateRedirect } from './shared/session/session-gate';
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
  const session = getSession();
  const { pathname, search } = window.location;
  // Where the gate will send this address (as far as the stored session tells before the check).
  const shown = gateRedirect(pathname, search, session)?.split('?')[0] ?? pathname;
  const pageReady = preloadCurrentPage(session !== null, shown);
  void Promise.allSettled([i18nReady, bootstrap(), pageReady]).then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
