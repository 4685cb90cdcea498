/**
 * Startup before the first navigation (spec §2 Session gate): fetch the CSRF token, then check
 * a stored session once with isauthenticated; a failed check logs out with the expiry warning.
 * Also wires the API client to the UI language and to the session (401 → logout + warning).
 */
import { ErrorCode } from '@vigil/contract';
import { configureApiClient, fetchCsrfToken } from '../shared/api/client';
import { currentLanguage } from '../shared/i18n/language';
import { clearSession, getSession, setSession } from '../shared/session/session-store';
import { setFlash } from '../shared/session/flash';
import { isAuthenticated } from '../features/auth/api';
import { queryClient } from '../shared/api/query-client';

/** End the session after a 401 or failed check; the gate then sends the user to the login page. */
export function expireSession(): void {
  setFlash({ severity: 'warning', key: ErrorCode.SessionExpired });
  clearSession();
  queryClient.clear();
}

export async function bootstrap(): Promise<void> {
  configureApiClient({
    getLanguage: currentLanguage,
    hasSession: () => getSession() !== null,
    onUnauthorized: expireSession,
  });
  try {
    await fetchCsrfToken();
  } catch {
    setFlash({ severity: 'error', key: ErrorCode.SecurityToken });
  }
  const stored = getSession();
  if (!stored) return;
  try {
    const user = await isAuthenticated(stored.IsAdmin ? 'admin' : 'client');
    setSession(user, stored.IsAdmin);
  } catch {
    expireSession();
  }
}
