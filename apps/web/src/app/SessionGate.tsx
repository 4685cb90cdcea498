/** Root route element: applies the session gate rule (shared/session/session-gate.ts). */
import { Navigate, Outlet, useLocation } from 'react-router';
import { gateRedirect } from '../shared/session/session-gate';
import { useSession } from '../shared/session/use-session';

export function SessionGate() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const target = gateRedirect(pathname, search, session);
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}
