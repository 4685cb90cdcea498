/**
 * The one route table (spec §2 Screens and routes), history mode. Issue 20 "First page": the entry
 * holds only the router, the session gate and the providers. Each page reached without a session
 * (sign-in, logout, activation, password reset, the public survey) is its own chunk loaded by the
 * route (`lazy`), which starts as soon as the router is created (main.tsx creates it before the
 * startup session check, so both load at once); the signed-in shell and every page inside it load
 * lazily by group (lazy-page.tsx), and are prefetched once a sign-in page has drawn (prefetch.ts).
 */
import { isValidElement, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Area } from '../features/auth/api';
import { lazyPage } from './lazy-page';
import { usePrefetchSignedIn } from './prefetch';
import { SessionGate } from './SessionGate';
import { RouteError } from './RouteError';

/** A route's `lazy` for a page module whose default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** A sign-in page of an area that, once drawn, prefetches the signed-in code (prefetch.ts). */
const signInPage = (area: Area, load: () => Promise<{ default: ComponentType }>) => async () => {
  const { default: Page } = await load();
  function SignInPage() {
    usePrefetchSignedIn(area);
    return <Page />;
  }
  return { Component: SignInPage };
};

/** The logout page of an area (its own chunk; the area is a prop). */
const logoutPage = (area: Area) => async () => {
  const { default: LogoutPage } = await import('../features/auth/pages/LogoutPage');
  function AreaLogout() {
    return <LogoutPage area={area} />;
  }
  return { Component: AreaLogout };
};

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      // public
      { path: '/login', lazy: signInPage('client', () => import('../features/auth/pages/LoginPage')) },
      { path: '/admin/login', lazy: signInPage('admin', () => import('../features/auth/pages/AdminLoginPage')) },
      { path: '/logout', lazy: logoutPage('client') },
      { path: '/admin/logout', lazy: logoutPage('admin') },
      { path: '/resetpassword/:token/:email', lazy: page(() => import('../features/account/pages/ResetPasswordPage')) },
      { path: '/validateToken/:token/:email', lazy: page(() => import('../features/account/pages/ActivationPage')) },
      // A link cut short in a mail client: the page says the link is invalid rather than stay blank.
      { path: '/resetpassword/*', lazy: page(() => import('../features/account/pages/ResetPasswordPage')) },
      { path: '/validateToken/*', lazy: page(() => import('../features/account/pages/ActivationPage')) },
      { path: '/survey/:token/:id', lazy: page(() => import('../features/surveys/pages/PublicSurveyPage')) },
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

/** The console's router; creating it starts loading the current page's chunk (a route's `lazy`). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded what the current address needs (or failed to: the route's error element then shows). */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Starts loading the lazy groups the current address shows — the shell and the page in it — at
 * once, instead of the page's group only after the shell has rendered. main.tsx calls it at startup
 * when a session is stored, so they load while the session is checked.
 */
export function preloadMatchedGroups(router: AppRouter): void {
  for (const match of router.state.matches) {
    const element = match.route.element;
    if (!isValidElement(element)) continue;
    const preload = (element.type as { preload?: unknown }).preload;
    if (typeof preload === 'function') (preload as () => void)();
  }
}
