/**
 * A sign-in that happens by itself once the page opens (the SSO return, an external-token link):
 * runs `signIn` once (React's double effects in development included), then goes to the redirect
 * value `redirect()` answers, or home; on failure shows the error text through `onError` and goes
 * back to the email step at /login. Shows a spinner meanwhile.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { useNavigateTo } from '../../../shared/navigation/page-nav';
import { CircularProgress, Stack } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { CLIENT_HOME } from '../../../shared/session/session-gate';
import type { LoginResult } from '@vigil/contract';
import { readBoardEarlyIfNext } from '../../../realtime/board-read-early';

export interface SignInOnceProps {
  /** The sign-in call; read once, when the page opens. */
  signIn: () => Promise<LoginResult>;
  /** The safe redirect path to go to after it, or null for home; read once, before the call. */
  redirect: () => string | null;
  onError: (text: string) => void;
  testId: string;
}

export function SignInOnce({ signIn, redirect, onError, testId }: SignInOnceProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigateTo();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const to = redirect();
    signIn().then(
      (result) => {
        // The board's read starts now, while the console's code loads and draws (issue 20).
        readBoardEarlyIfNext(result.UserInfos, to ?? CLIENT_HOME);
        navigate(to ?? CLIENT_HOME, { replace: true });
      },
      (err: unknown) => {
        onError(errorText(err));
        navigate('/login', { replace: true });
      },
    );
  }, [signIn, redirect, navigate, onError, errorText]);
  return (
    <Stack sx={{ alignItems: 'center', gap: 2 }} data-testid={testId}>
      <CircularProgress aria-label={t('login.title')} />
    </Stack>
  );
}
