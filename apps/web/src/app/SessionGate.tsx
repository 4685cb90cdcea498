/**
 * Root route element: applies the session gate rule (shared/session/session-gate.ts). A user signed
 * in with a temporary password sees only the password change until a new one is saved (the server
 * refuses every other call meanwhile with errors.passwordChangeRequired); logout still works. The
 * password change (the profile dialog, with the query client) is its own chunk, loaded only then
 * (issue 20).
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { gateRedirect } from '../shared/session/session-gate';
import { useSession } from '../shared/session/use-session';
import { Loading } from '../shared/components/Loading';
import { requireCatalogue } from '../shared/i18n/catalogue';

/** The profile dialog with the query client it saves through and the whole catalogue (loaded only then). */
const ProfileDialog = lazy(async () => {
  const [{ ProfileDialog: Dialog }, { QueryProvider }] = await Promise.all([
    import('../features/profile/components/ProfileDialog'),
    import('../shared/api/QueryProvider'),
    requireCatalogue('all'),
  ]);
  function ForcedPasswordChange(props: ComponentProps<typeof Dialog>) {
    return (
      <QueryProvider>
        <Dialog {...props} />
      </QueryProvider>
    );
  }
  return { default: ForcedPasswordChange };
});

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
