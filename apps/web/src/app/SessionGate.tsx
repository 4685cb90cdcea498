/**
 * Root route element: applies the session gate rule (shared/session/session-gate.ts). A user signed
 * in with a temporary password sees only the password change until a new one is saved (the server
 * refuses every other call meanwhile with errors.passwordChangeRequired); logout still works.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { gateRedirect } from '../shared/session/session-gate';
import { useSession } from '../shared/session/use-session';
import { ProfileDialog } from '../features/profile/components/ProfileDialog';

export function SessionGate() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const target = gateRedirect(pathname, search, session);
  if (target) return <Navigate to={target} replace />;
  if (session?.MustChangePassword && !pathname.startsWith('/logout')) {
    return <ProfileDialog open forced session={session} onClose={() => undefined} />;
  }
  return <Outlet />;
}
