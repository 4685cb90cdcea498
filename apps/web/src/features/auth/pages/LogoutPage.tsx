/**
 * /logout and /admin/logout (spec §2): end the session on the server, clear it here and go to
 * the matching login page with the logout message (the query cache is dropped as the session
 * ends: shared/api/query-client.ts).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { clearSession, getSession } from '../../../shared/session/session-store';
import { setFlash } from '../../../shared/session/flash';
import { logout, type Area } from '../api';

export default function LogoutPage({ area }: { area: Area }) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hadSession = getSession() !== null;
    const done = () => {
      clearSession();
      setFlash({ severity: 'success', key: 'messages.loggedOut' });
      void navigate(area === 'admin' ? '/admin/login' : '/login', { replace: true });
    };
    if (!hadSession) {
      done();
      return;
    }
    logout(area)
      .catch(() => undefined)
      .finally(done);
  }, [area, navigate]);
  return <Loading />;
}
