/**
 * The end of a session the user did not ask for (spec §2 Session gate: a failed session check or a
 * 401 logs the user out with a warning): the expiry warning for the login page and the stored
 * session cleared (the gate then sends the user to the proper login page; the query client drops
 * every cached answer as the session ends, shared/api/query-client.ts). Called by the API client's
 * 401 rule, the startup check and the socket's auth error.
 */
import { ErrorCode } from '@vigil/contract';
import { setFlash } from './flash';
import { clearSession } from './session-store';

export function expireSession(): void {
  setFlash({ severity: 'warning', key: ErrorCode.SessionExpired });
  clearSession();
}
