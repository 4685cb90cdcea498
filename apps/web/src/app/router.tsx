/**
 * The one route table (spec §2 Screens and routes), history mode, in react-router's declarative
 * mode (`<BrowserRouter>` + `useRoutes`): issue 20 "First page" — the data router
 * (createBrowserRouter) added about 17 kB gzip to every page, and the console uses none of its
 * loaders, actions or fetchers. The entry holds only the router, the session gate and the
 * providers. Each page reached without a session (sign-in, logout, activation, password reset, the
 * public survey) is its own chunk (publicPage), which main.tsx starts loading before the startup
 * session check (preloadCurrentPage) and waits for, so the first render draws the page; the
 * signed-in shell and every page inside it load lazily by group (lazy-page.tsx), and are prefetched
 * once a sign-in page has drawn (prefetch.ts). A render error below the gate shows RouteError.
 */
import { Suspense, isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import type { Area } from '../features/auth/api';
import { Loading } from '../shared/components/Loading';
import { requireCatalogue, type CataloguePart } from '../shared/i18n/catalogue';
import { lazyPage } from './lazy-page';
import { usePrefetchSignedIn } from './prefetch';
import { SessionGate } from './SessionGate';
import { RouteErrorBoundary } from './RouteError';

type PageModule = { default: ComponentType };

/**
 * A route element's type that can start loading its code before it renders: a public page
 * (`publicPage`, resolves once loaded) or a signed-in page group (lazy-page.tsx, returns nothing).
 */
interface Preloadable {
  preload: () => Promise<unknown> | void;
  publicPage?: true;
}

/**
 * A route element for a page reached without a session: its own chunk, loaded by `preload()`
 * (main.tsx, before the first render) or on first render (Suspense, the Loading spinner meanwhile).
 * Once loaded it renders at once, without suspending. `wrap` puts something around the page (the
 * query client for the pages that use it, the sign-in prefetch).
 */
function publicPage(load: () => Promise<PageModule>, wrap?: (page: ReactNode) => ReactNode): ReactNode {
  let Loaded: ComponentType | null = null;
  let pending: Promise<PageModule> | null = null;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        Loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = null; // a later render tries again
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function PublicRoute() {
    const page = Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
    return <>{wrap ? wrap(page) : page}</>;
  }
  PublicRoute.preload = preload;
  PublicRoute.publicPage = true as const;
  return <PublicRoute />;
}

/** Wraps a sign-in page of an area so that, once drawn, it prefetches the signed-in code (prefetch.ts). */
function SignInPrefetch({ area, children }: { area: Area; children: ReactNode }) {
  usePrefetchSignedIn(area);
  return <>{children}</>;
}

const signInPage = (area: Area, load: () => Promise<PageModule>) =>
  publicPage(load, (page) => <SignInPrefetch area={area}>{page}</SignInPrefetch>);

/**
 * A public page that reads or writes through the query client and shows a catalogue part of its
 * own (loaded with them: shared/api/QueryProvider, shared/i18n/catalogue.ts).
 */
const queryPage = (part: CataloguePart, load: () => Promise<PageModule>) =>
  publicPage(async () => {
    const [{ default: Page }, { QueryProvider }] = await Promise.all([
      load(),
      import('../shared/api/QueryProvider'),
      requireCatalogue(part),
    ]);
    function WithQueries() {
      return (
        <QueryProvider>
          <Page />
        </QueryProvider>
      );
    }
    return { default: WithQueries };
  });

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
      // public
      { path: '/login', element: signInPage('client', () => import('../features/auth/pages/LoginPage')) },
      { path: '/admin/login', element: signInPage('admin', () => import('../features/auth/pages/AdminLoginPage')) },
      { path: '/logout', element: logoutPage('client') },
      { path: '/admin/logout', element: logoutPage('admin') },
      { path: '/resetpassword/:token/:email', element: queryPage('account', () => import('../features/account/pages/ResetPasswordPage')) },
      { path: '/validateToken/:token/:email', element: queryPage('account', () => import('../features/account/pages/ActivationPage')) },
      // A link cut short in a mail client: the page says the link is invalid rather than stay blank.
      { path: '/resetpassword/*', element: queryPage('account', () => import('../features/account/pages/ResetPasswordPage')) },
      { path: '/validateToken/*', element: queryPage('account', () => import('../features/account/pages/ActivationPage')) },
      { path: '/survey/:token/:id', element: queryPage('surveys', () => import('../features/surveys/pages/PublicSurveyPage')) },
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

/** The preloadable route elements `pathname` shows, outermost first. */
function matchedPreloads(pathname: string): Preloadable[] {
  const found: Preloadable[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    if (!isValidElement(element)) continue;
    const type = element.type as Partial<Preloadable>;
    if (typeof type.preload === 'function') found.push(type as Preloadable);
  }
  return found;
}

/**
 * Starts loading the code the current address shows at once, instead of after the first render:
 * a public page's chunk always, and with a stored session (`signedIn`) the signed-in shell and the
 * page group in it (without one the gate sends a signed-in address to /login, whose first page
 * must not carry them). main.tsx calls it at startup, before the session check. Resolves once a
 * public page's chunk is there, or could not be loaded (the page then tries again as it renders),
 * so the first render draws the page; the signed-in groups are not waited for (their Suspense
 * fallback shows meanwhile).
 */
export function preloadCurrentPage(signedIn: boolean, pathname: string = window.location.pathname): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const target of matchedPreloads(pathname)) {
    if (target.publicPage) waits.push(Promise.resolve(target.preload()).catch(() => undefined));
    else if (signedIn) void target.preload();
  }
  return Promise.all(waits).then(() => undefined);
}
