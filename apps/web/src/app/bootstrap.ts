/**
 * Startup before the first navigation (spec §2 Session gate): fetch the CSRF token, then check
 * a stored session once with isauthenticated; a failed check logs out with the expiry warning.
 * Also wires the API client to the UI language and to the session (401 → logout + warning).
 */
import { ErrorCode } from '@vigil/contract';
import { configureApiClient, fetchCsrfToken } from '../shared/api/client';
import { currentLanguage } from '../shared/i18n/language';
import { getSession } from '../shared/session/session-store';
import { setFlash } from '../shared/session/flash';
import { expireSession } from '../shared/session/expire-session';
import { isAuthenticated, startSession } from '../features/auth/api';
import { CLIENT_HOME } from '../shared/session/session-gate';

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
    startSession(user, stored.IsAdmin);
    // A reload of the board: its read starts now, while the console's code loads (issue 20). Only
    // there is its code loaded, so that the public pages (the survey) do not carry it.
    if (!stored.IsAdmin && window.location.pathname === CLIENT_HOME) {
      void import('../realtime/board-read-early').then(
        (m) => m.readBoardEarlyIfNext(user, CLIENT_HOME),
        () => undefined, // the board query reads it when the page shows
      );
    }
  } catch {
    expireSession();
  }
}
