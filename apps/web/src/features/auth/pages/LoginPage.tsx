/**
 * /login (spec §2 Public routes, §4 Login): step 1 email → /locate → single sign-on redirect
 * or step 2 password. A Forgot Password toggle switches to the reset-request form. With a
 * `token` query value (an externaltoken link) it signs in with that token instead.
 */
import { useState } from 'react';
import { useNavigateTo, useQueryParams } from '../../../shared/navigation/page-nav';
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { PasswordField } from '../../../shared/components/PasswordField';
import { CLIENT_HOME, safeRedirect } from '../../../shared/session/session-gate';
import { AuthLayout } from '../components/AuthLayout';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { useAuthAlert } from '../components/use-auth-alert';
import { SSO_DOMAIN_STORAGE_KEY, isSsoReturn, ssoLogin, ssoTarget, useLocate, useLogin } from '../api';
import { EmailField } from '../components/EmailField';
import { TokenSignIn } from '../components/TokenSignIn';
import { SignInOnce } from '../components/SignInOnce';
import { readBoardEarlyIfNext } from '../../../realtime/board-read-early';
import { loginEmailRule, loginPasswordRule } from '../login-rules';
import { useSignInForm } from '../use-sign-in-form';

/** Where to go after a single sign-on round trip (the redirect value of /login, kept across it). */
const SSO_REDIRECT_STORAGE_KEY = 'vigil.ssoRedirect';

export default function LoginPage() {
  const { t } = useTranslation();
  const { alert, showText, showKey, clear } = useAuthAlert();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const [email, setEmail] = useState<string | null>(null);
  const params = useQueryParams();
  const ssoReturn = isSsoReturn(params);

  const toggleForgot = () => {
    clear();
    setMode((m) => (m === 'login' ? 'forgot' : 'login'));
  };

  return (
    <AuthLayout title={mode === 'login' ? t('login.title') : t('login.forgotTitle')} alert={alert} onAlertClose={clear}>
      {params.get('token') ? (
        <TokenSignIn token={params.get('token') ?? ''} onError={(text) => showText('error', text)} />
      ) : ssoReturn ? (
        <SsoReturn onError={(text) => showText('error', text)} />
      ) : mode === 'forgot' ? (
        <ForgotPasswordForm initialEmail={email ?? ''} onBack={toggleForgot} onResult={showText} onResultKey={showKey} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          {email === null ? (
            <EmailStep onLocated={setEmail} onError={(text) => showText('error', text)} onStart={clear} />
          ) : (
            <PasswordStep
              email={email}
              onChangeEmail={() => {
                clear();
                setEmail(null);
              }}
              onError={(text) => showText('error', text)}
              onStart={clear}
            />
          )}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={toggleForgot}
            data-testid="forgot-toggle"
            sx={{ alignSelf: 'center' }}
          >
            {t('login.forgot')}
          </Link>
        </Stack>
      )}
    </AuthLayout>
  );
}

interface StepProps {
  onError: (text: string) => void;
  onStart: () => void;
}

function EmailStep({ onLocated, onError, onStart }: StepProps & { onLocated: (email: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const locate = useLocate();
  const { field, errors, handleSubmit } = useSignInForm({ email: loginEmailRule }, { email: '' });
  const submit = handleSubmit((v) => {
    const email = v.email.trim();
    onStart();
    locate.mutate(
      { email, redirectUri: `${window.location.origin}/login` },
      {
        onSuccess: (answer) => {
          const target = ssoTarget(answer);
          if (target) {
            sessionStorage.setItem(SSO_DOMAIN_STORAGE_KEY, email.split('@')[1] ?? '');
            const redirect = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
            if (redirect) sessionStorage.setItem(SSO_REDIRECT_STORAGE_KEY, redirect);
            else sessionStorage.removeItem(SSO_REDIRECT_STORAGE_KEY);
            window.location.assign(target);
            return;
          }
          onLocated(email);
        },
        onError: (err) => onError(errorText(err)),
      },
    );
  });
  const err = errors.email;
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      <EmailField error={err} testId="login-email" field={field('email')} />
      <Button type="submit" variant="contained" size="large" disabled={locate.isPending} data-testid="login-next">
        {t('login.next')}
      </Button>
    </Stack>
  );
}

function PasswordStep({ email, onChangeEmail, onError, onStart }: StepProps & { email: string; onChangeEmail: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigateTo();
  const params = useQueryParams();
  const login = useLogin('client');
  const { field, errors, handleSubmit } = useSignInForm({ password: loginPasswordRule }, { password: '' });
  const submit = handleSubmit((v) => {
    onStart();
    login.mutate(
      { username: email, password: v.password },
      {
        onSuccess: (result) => {
          const to = safeRedirect(params.get('redirect')) ?? CLIENT_HOME;
          // The board's read starts now, while the console's code loads and draws (issue 20).
          readBoardEarlyIfNext(result.UserInfos, to);
          navigate(to, { replace: true });
        },
        onError: (err) => onError(errorText(err)),
      },
    );
  });
  const err = errors.password;
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          justifyContent: 'space-between',
          bgcolor: 'grey.100',
          borderRadius: 1,
          px: 1.5,
          py: 1,
        }}
      >
        <Typography data-testid="login-email-shown" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
        <Link component="button" type="button" variant="body2" onClick={onChangeEmail} data-testid="login-change-email">
          {t('login.changeEmail')}
        </Link>
      </Box>
      <input type="hidden" autoComplete="username" value={email} readOnly />
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        autoFocus
        fullWidth
        error={!!err}
        helperText={err ? t(err) : undefined}
        testId="login-password"
        {...field('password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Stack>
  );
}

/**
 * Return from single sign-on (spec §2 /login: "On return from single sign-on with code and
 * session_state query values, the user is logged in automatically"): POST /api/client/sso once,
 * then the kept redirect value or home; on failure the §8 message and the email step again.
 */
function SsoReturn({ onError }: { onError: (text: string) => void }) {
  const params = useQueryParams();
  return (
    <SignInOnce
      redirect={() => {
        const redirect = safeRedirect(sessionStorage.getItem(SSO_REDIRECT_STORAGE_KEY));
        sessionStorage.removeItem(SSO_REDIRECT_STORAGE_KEY);
        return redirect;
      }}
      signIn={() =>
        ssoLogin({
          code: params.get('code') ?? '',
          session_state: params.get('session_state') ?? undefined,
          state: params.get('state') ?? undefined,
          iss: params.get('iss') ?? undefined,
          sessiontype: 'WEB',
          org: sessionStorage.getItem(SSO_DOMAIN_STORAGE_KEY) ?? undefined,
          redirectUri: `${window.location.origin}/login`,
          force: false,
        })
      }
      onError={onError}
      testId="sso-return"
    />
  );
}
