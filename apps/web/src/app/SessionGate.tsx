/**
 * Root route element: applies the session gate rule (shared/session/session-gate.ts). A user signed
 * in with a temporary password sees only the password change until a new one is saved (the server
 * refuses every other call meanwhile with errors.passwordChangeRequired); logout still works. The
 * password change (the profile dialog) is its own chunk, loaded only then (issue 20).
 */
import { Suspense, lazy } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { gateRedirect } from '../shared/session/session-gate';
import { useSession } from '../shared/session/use-session';
import { Loading } from '../shared/components/Loading';

const ProfileDialog = lazy(() => import('../features/profile/components/ProfileDialog').then((m) => ({ default: m.ProfileDialog })));

export function SessionGate() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const target = gateRedirect(pathname, search, session);
  if (target) return <Navigate to={target} replace />;
  if (session?.MustChangePassword && !pathname.startsWith('/logout')) {
    return (
      <Suspense fallback={<Loading />}>
        <ProfileDialog open forced session={session} onClose={() => undefined} />
      </Suspense>
    );
  }
  return <Outlet />;
}
