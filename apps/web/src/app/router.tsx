/**
 * The one route table (spec §2 Screens and routes), history mode, in react-router's declarative
 * mode (`<BrowserRouter>` + `useRoutes`): issue 20 "First page" — the data router
 * (createBrowserRouter) added about 17 kB gzip to every page, and the console uses none of its
 * loaders, actions or fetchers. This table and react-router are the console's chunk (App.tsx,
 * loaded by full-app.tsx): a page reached without a session shows through the small public router
 * first (public-routes.tsx, app/Root.tsx), and the table here holds the same public pages
 * (PUBLIC_ROUTES, their navigation from react-router) for when the console has taken over. The
 * logout pages are their own chunks too (publicPage); the signed-in shell and every page inside it
 * load lazily by group (lazy-page.tsx), and are prefetched once a sign-in page has drawn
 * (prefetch.ts). A render error below the gate shows RouteError.
 */
import { isValidElement, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, useNavigate, useParams, useRoutes, type RouteObject } from 'react-router';
import type { Area } from '../features/auth/api';
import { PageNavProvider, type PageNav } from '../shared/navigation/page-nav';
import { lazyPage } from './lazy-page';
import { PUBLIC_ROUTES, publicPage, type PublicRoute } from './public-routes';
import { SessionGate } from './SessionGate';
import { PageErrorBoundary } from './RouteError';

/** A route element that can start loading its code before it renders (lazy-page.tsx, public-routes.tsx). */
interface Preloadable {
  preload: () => Promise<unknown> | void;
}

/** Shows RouteError instead of the pages after a render error, until the path changes. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary key={pathname}>{children}</PageErrorBoundary>;
}

/** A public page inside the console: its navigation (shared/navigation/page-nav.tsx) from react-router. */
function RoutedPublicPage({ route }: { route: PublicRoute }) {
  const { pathname, search } = useLocation();
  const params = useParams();
  const navigateRouter = useNavigate();
  const nav = useMemo<PageNav>(
    () => ({ pathname, search, params, navigate: (to, options) => void navigateRouter(to, options) }),
    [pathname, search, params, navigateRouter],
  );
  return <PageNavProvider value={nav}>{route.element}</PageNavProvider>;
}

/** The logout page of an area (its own chunk; the area is a prop; it clears the query cache). */
const logoutPage = (area: Area) =>
  publicPage(async () => {
    const { default: LogoutPage } = await import('../features/auth/pages/LogoutPage');
    function AreaLogout() {
      return <LogoutPage area={area} />;
    }
    return { default: AreaLogout };
  });

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <SessionGate />
      </RouteErrorBoundary>
    ),
    children: [
      // public (the same pages as before a session: public-routes.tsx)
      ...PUBLIC_ROUTES.map((route) => ({ path: route.path, element: <RoutedPublicPage route={route} /> })),
      { path: '/logout', element: logoutPage('client') },
      { path: '/admin/logout', element: logoutPage('admin') },
      // admin area (admin session)
      {
        path: '/admin',
        element: lazyPage('shell', 'shell'),
        children: [
          { index: true, element: lazyPage('admin', 'adminEmployees') },
          { path: 'employees', element: lazyPage('admin', 'adminEmployees') },
          { path: 'clients', element: lazyPage('admin', 'adminClients') },
          { path: 'security-offices', element: lazyPage('admin', 'adminSecurityOffices') },
          { path: 'outbox', element: lazyPage('admin', 'adminOutbox') },
          { path: 'task-lists', element: lazyPage('admin', 'adminTaskLists') },
        ],
      },
      // main area (client session)
      {
        path: '/',
        element: lazyPage('shell', 'shell'),
        children: [
          {
            path: '',
            element: lazyPage('dashboard', 'dashboard'),
            children: [{ path: 'notifications/:type', element: lazyPage('dashboard', 'notifications') }],
          },
          // Ours (issue 13): an alarm's incident view, opened from the alarm row (no menu entry).
          { path: 'alarm/:id', element: lazyPage('dashboard', 'incident') },
          { path: 'employees', element: lazyPage('users', 'employees') },
          { path: 'employees/:id', element: lazyPage('users', 'employee') },
          { path: 'reports', element: lazyPage('reports', 'reports') },
          { path: 'daily', element: lazyPage('reports', 'daily') },
          { path: 'activities', element: lazyPage('reports', 'activities') },
          { path: 'checkinout', element: lazyPage('reports', 'checkinout') },
          { path: 'surveyreports', element: lazyPage('reports', 'surveyreports') },
          { path: 'timerreports', element: lazyPage('reports', 'timerreports') },
          // Ours (issue 17): the task-list report, linked from /task-list.
          { path: 'tasklistreports', element: lazyPage('reports', 'tasklistreports') },
          {
            path: 'reports/logaccess',
            element: lazyPage('logaccess', 'logaccess'),
            children: [{ path: ':id', element: lazyPage('logaccess', 'logaccessDetail') }],
          },
          { path: 'chatrecordings', element: lazyPage('reports', 'chatrecordings') },
          { path: 'videorecordings', element: lazyPage('reports', 'videorecordings') },
          { path: 'chatrecording/:id', element: lazyPage('reports', 'chatrecording') },
          { path: 'videorecording/:id', element: lazyPage('reports', 'videorecording') },
          { path: 'clients', element: lazyPage('client', 'clients') },
          { path: 'mainoffice', element: lazyPage('client', 'mainoffice') },
          { path: 'regions', element: lazyPage('management', 'regions') },
          { path: 'branches', element: lazyPage('management', 'branches') },
          { path: 'security-offices', element: lazyPage('management', 'securityOffices') },
          { path: 'task-list', element: lazyPage('management', 'taskList') },
          { path: 'survey-list', element: lazyPage('management', 'surveyList') },
          { path: 'survey-list/:id', element: lazyPage('management', 'surveyDetail') },
          // Ours (spec §2 catalogue screens without a path): reached from the user menu.
          { path: 'security-phrases', element: lazyPage('management', 'securityPhrases') },
          { path: 'active-sessions', element: lazyPage('users', 'activeSessions') },
          { path: 'notification-settings', element: lazyPage('users', 'notificationSettings') },
          { path: 'chat/:id', element: lazyPage('operator', 'chat') },
          { path: 'video/:id', element: lazyPage('operator', 'video') },
          { path: '*', element: lazyPage('dashboard', 'dashboard') },
        ],
      },
    ],
  },
];

/** The routes of the current address (inside `<BrowserRouter>`). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The preloadable route elements `pathname` shows, outermost first (`public`: a public page's). */
function matchedPreloads(pathname: string): { preload: Preloadable['preload']; public: boolean }[] {
  const found: { preload: Preloadable['preload']; public: boolean }[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    let element = match.route.element;
    if (!isValidElement(element)) continue;
    const isPublic = element.type === RoutedPublicPage || match.route.path === '/logout' || match.route.path === '/admin/logout';
    if (element.type === RoutedPublicPage) element = (element.props as { route: PublicRoute }).route.element;
    if (!isValidElement(element)) continue;
    const type = element.type as Partial<Preloadable>;
    if (typeof type.preload === 'function') found.push({ preload: type.preload, public: isPublic });
  }
  return found;
}

/**
 * Starts loading the code the current address shows at once, instead of after the first render:
 * a public or logout page's chunk always, and with a stored session (`signedIn`) the signed-in
 * shell and the page group in it (without one the gate sends a signed-in address to /login, whose
 * first page must not carry them). main.tsx calls it at startup when the console shows first,
 * before the session check. Resolves once a public page's chunk is there, or could not be loaded
 * (the page then tries again as it renders), so the first render draws the page; the signed-in
 * groups are not waited for (their Suspense fallback shows meanwhile).
 */
export function preloadCurrentPage(signedIn: boolean, pathname: string = window.location.pathname): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const target of matchedPreloads(pathname)) {
    if (target.public) waits.push(Promise.resolve(target.preload()).catch(() => undefined));
    else if (signedIn) void target.preload();
  }
  return Promise.all(waits).then(() => undefined);
}
