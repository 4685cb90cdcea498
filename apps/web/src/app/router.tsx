/**
 * The one route table (spec §2 Screens and routes), history mode. Login and logout pages and
 * the shell are in the main bundle; every other page loads lazily by group (lazy-page.tsx).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import LoginPage from '../features/auth/pages/LoginPage';
import AdminLoginPage from '../features/auth/pages/AdminLoginPage';
import LogoutPage from '../features/auth/pages/LogoutPage';
import ActivationPage from '../features/account/pages/ActivationPage';
import ResetPasswordPage from '../features/account/pages/ResetPasswordPage';
import PublicSurveyPage from '../features/surveys/pages/PublicSurveyPage';
import Shell from '../features/shell/components/Shell';
import { lazyPage } from './lazy-page';
import { SessionGate } from './SessionGate';
import { RouteError } from './RouteError';

export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      // public
      { path: '/login', element: <LoginPage /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/logout', element: <LogoutPage area="client" /> },
      { path: '/admin/logout', element: <LogoutPage area="admin" /> },
      { path: '/resetpassword/:token/:email', element: <ResetPasswordPage /> },
      { path: '/validateToken/:token/:email', element: <ActivationPage /> },
      // A link cut short in a mail client: the page says the link is invalid rather than stay blank.
      { path: '/resetpassword/*', element: <ResetPasswordPage /> },
      { path: '/validateToken/*', element: <ActivationPage /> },
      { path: '/survey/:token/:id', element: <PublicSurveyPage /> },
      // admin area (admin session)
      {
        path: '/admin',
        element: <Shell />,
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
        element: <Shell />,
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
