/**
 * /login?token=… (spec §7 externaltoken, our design; docs/API.md): the link from externaltoken —
 * another browser, or the console opened from the mobile app — signs in once through
 * loginwithtoken, then goes to the redirect value or home. A spent or expired link shows §8
 * 'Expired Session' (a role without console access its own message) and the email step.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CircularProgress, Stack } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { CLIENT_HOME, safeRedirect } from '../../../shared/session/session-gate';
import { loginWithExternalToken } from '../api';

export function TokenSignIn({ token, onError }: { token: string; onError: (text: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const redirect = safeRedirect(params.get('redirect'));
    loginWithExternalToken(token).then(
      () => void navigate(redirect ?? CLIENT_HOME, { replace: true }),
      (err: unknown) => {
        onError(errorText(err));
        void navigate('/login', { replace: true });
      },
    );
  }, [token, params, navigate, onError, errorText]);
  return (
    <Stack sx={{ alignItems: 'center', gap: 2 }} data-testid="token-sign-in">
      <CircularProgress aria-label={t('login.title')} />
    </Stack>
  );
}
