/**
 * The root of the console (issue 20 "First page"): the providers, then either a public page
 * through the small public router (public-routes.tsx) or the whole console with react-router
 * (full-app.tsx). Public mode lasts while there is no session and the address is a public page's
 * path; the first time either stops holding (a sign-in, a link to a signed-in path) the console
 * takes over for good, and react-router shows every page from then on (the public ones too).
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { PageNavProvider, type PageNav } from '../shared/navigation/page-nav';
import { useSession } from '../shared/session/use-session';
import { FullApp } from './full-app';
import { Providers } from './providers';
import { currentAddress, matchPublicRoute, navigatePublic, subscribeAddress } from './public-routes';
import { PageErrorBoundary } from './RouteError';

export function Root() {
  const address = useSyncExternalStore(subscribeAddress, currentAddress);
  const session = useSession();
  const [taken, setTaken] = useState(false);
  const at = address.indexOf('?');
  const pathname = at < 0 ? address : address.slice(0, at);
  const search = at < 0 ? '' : address.slice(at);
  const match = taken || session ? null : matchPublicRoute(pathname);
  if (!taken && !match) setTaken(true); // the console takes over for good
  const nav = useMemo<PageNav | null>(
    () => (match ? { pathname, search, params: match.params, navigate: navigatePublic } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the match follows the address
    [address, match?.route],
  );
  return (
    <Providers>
      {match && nav ? (
        <PageErrorBoundary key={pathname}>
          <PageNavProvider value={nav}>{match.route.element}</PageNavProvider>
        </PageErrorBoundary>
      ) : (
        <PageErrorBoundary key="console">
          <FullApp />
        </PageErrorBoundary>
      )}
    </Providers>
  );
}
