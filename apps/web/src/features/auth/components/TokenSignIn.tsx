/**
 * /login?token=… (spec §7 externaltoken, our design; docs/API.md): the link from externaltoken —
 * another browser, or the console opened from the mobile app — signs in once through
 * loginwithtoken, then goes to the redirect value or home. A spent or expired link shows §8
 * 'Expired Session' (a role without console access its own message) and the email step.
 */
import { useQueryParams } from '../../../shared/navigation/page-nav';
import { safeRedirect } from '../../../shared/session/session-gate';
import { loginWithExternalToken } from '../api';
import { SignInOnce } from './SignInOnce';

export function TokenSignIn({ token, onError }: { token: string; onError: (text: string) => void }) {
  const params = useQueryParams();
  return (
    <SignInOnce
      signIn={() => loginWithExternalToken(token)}
      redirect={() => safeRedirect(params.get('redirect'))}
      onError={onError}
      testId="token-sign-in"
    />
  );
}
