/**
 * The signed-in console's code as one lazy chunk (issue 20 "First page"): react-router, the route
 * table, the session gate and the page groups' loaders (App.tsx), and i18next, which translates
 * from then on (shared/i18n/translator.ts). A public page shown without a
 * session does not load it (app/Root.tsx); a sign-in page prefetches it (prefetch.ts), and main.tsx
 * loads it at startup when the address is no public page or a session is stored.
 */
import { Suspense, use, type ComponentType } from 'react';
import { Loading } from '../shared/components/Loading';
import { installI18next } from '../shared/i18n/translator';

type AppModule = typeof import('./App');

let Loaded: ComponentType | null = null;
let pending: Promise<AppModule> | null = null;

/** Loads the console's chunk and i18next (once; again after a failure). */
export function loadFullApp(): Promise<AppModule> {
  pending ??= Promise.all([import('./App'), installI18next()]).then(
    ([m]) => {
      Loaded = m.App;
      return m;
    },
    (err: unknown) => {
      pending = null;
      throw err;
    },
  );
  return pending;
}

/** The console once loaded; suspends until then (the same component either way, so nothing remounts). */
function LoadedApp() {
  const App = Loaded ?? use(loadFullApp()).App;
  return <App />;
}

/**
 * The console (react-router and its routes), the Loading spinner while its chunk loads. Always the
 * same tree (Suspense → LoadedApp → App): a later render of the root after the chunk arrived must
 * not swap a lazy element for the loaded one, which would remount the whole console (an open
 * dialog would close).
 */
export function FullApp() {
  return (
    <Suspense fallback={<Loading />}>
      <LoadedApp />
    </Suspense>
  );
}
