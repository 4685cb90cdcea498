/**
 * Entry point: i18n, the browser feature check (spec §2; a failure hides the app and lists what
 * is missing), optional error reporting, startup session check, then the root (app/Root.tsx: a
 * public page through the small public router, or the console with react-router). The current
 * page's chunk starts loading first so it loads while the language's catalogue and the startup
 * session check do (issue 20 "First page"): without a stored session a public page's own chunk (or,
 * for a signed-in address, the login page the gate will show, whose address is set before the
 * first render), and with one the console's chunk, the signed-in shell and page; the app renders
 * once the catalogue, the check and a public page's (or the console's) chunk are there.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n';
import { missingFeatures, webRtcSupported, type FeatureEnv } from './shared/browser/browser-features';
import { BrowserUnsupported } from './app/BrowserUnsupported';
import { bootstrap } from './app/bootstrap';
import { Root } from './app/Root';
import { loadFullApp } from './app/full-app';
import { matchPublicRoute, preloadPublicPage } from './app/public-routes';
import { getSession } from './shared/session/session-store';
import { gateRedirect } from './shared/session/session-gate';
import { startErrorReporting } from './app/error-reporting';

const i18nReady = initI18n();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const root = createRoot(container);
const missing = missingFeatures(globalThis as unknown as FeatureEnv);

if (missing.length > 0) {
  void i18nReady.then(() => root.render(<BrowserUnsupported missing={missing} />));
} else {
  webRtcSupported(); // keep the voice/video result for the drawer
  void startErrorReporting(); // optional (SENTRY_DSN on the server); off by default
  const session = getSession();
  const { pathname, search } = window.location;
  // Where the gate will send this address (as far as the stored session tells before the check).
  const shown = gateRedirect(pathname, search, session)?.split('?')[0] ?? pathname;
  const pageReady =
    session === null && matchPublicRoute(shown)
      ? preloadPublicPage(shown)
      : loadFullApp().then((app) => app.preloadCurrentPage(session !== null, shown));
  void Promise.allSettled([i18nReady, bootstrap(), pageReady]).then(() => {
    // Without a session the gate's redirect (a signed-in address → its login page) happens here,
    // so that the login page shows through the public router (the console's gate would do the same).
    if (getSession() === null) {
      const target = gateRedirect(window.location.pathname, window.location.search, null);
      if (target) window.history.replaceState(null, '', target);
    }
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  });
}
