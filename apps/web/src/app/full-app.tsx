/**
 * The signed-in console's code as one lazy chunk (issue 20 "First page"): react-router, the route
 * table, the session gate and the page groups' loaders (App.tsx), and i18next, which translates
 * from then on (shared/i18n/translator.ts). A public page shown without a
 * session does not load it (app/Root.tsx); a sign-in page prefetches it (prefetch.ts), and main.tsx
 * loads it at startup when the address is no public page or a session is stored.
 */
import { Suspense, lazy, type ComponentType } from 'react';
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

const LazyApp = lazy(() => loadFullApp().then((m) => ({ default: m.App })));

/** The console (react-router and its routes): at once when loaded, else the Loading spinner meanwhile. */
export function FullApp() {
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<Loading />}>
      <LazyApp />
    </Suspense>
  );
}
