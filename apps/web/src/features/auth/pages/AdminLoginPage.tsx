/** /admin/login (spec §2): "Administrator Log In", email and password in one step, plus forgot password. */
import { useState } from 'react';
import { useNavigateTo, useQueryParams } from '../../../shared/navigation/page-nav';
import { useTranslation } from '../../../shared/i18n/translator';
import { Button, Link, Stack } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { PasswordField } from '../../../shared/components/PasswordField';
import { ADMIN_HOME, safeRedirect } from '../../../shared/session/session-gate';
import { AuthLayout } from '../components/AuthLayout';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { useAuthAlert } from '../components/use-auth-alert';
import { useLogin } from '../api';
import { EmailField } from '../components/EmailField';
import { loginEmailRule, loginPasswordRule } from '../login-rules';
import { useSignInForm } from '../use-sign-in-form';

export default function AdminLoginPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigateTo();
  const params = useQueryParams();
  const { alert, showText, showKey, clear } = useAuthAlert();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const login = useLogin('admin');
  const { field, errors, values, handleSubmit } = useSignInForm(
    { username: loginEmailRule, password: loginPasswordRule },
    { username: '', password: '' },
  );
  const toggleForgot = () => {
    clear();
    setMode((m) => (m === 'login' ? 'forgot' : 'login'));
  };
  const submit = handleSubmit((v) => {
    clear();
    login.mutate(
      { username: v.username.trim(), password: v.password },
      {
        onSuccess: () => navigate(safeRedirect(params.get('redirect')) ?? ADMIN_HOME, { replace: true }),
        onError: (err) => showText('error', errorText(err)),
      },
    );
  });
  const emailErr = errors.username;
  const pwErr = errors.password;

  return (
    <AuthLayout title={mode === 'login' ? t('login.adminTitle') : t('login.forgotTitle')} alert={alert} onAlertClose={clear}>
      {mode === 'forgot' ? (
        <ForgotPasswordForm initialEmail={values.username} onBack={toggleForgot} onResult={showText} onResultKey={showKey} />
      ) : (
        <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
          <EmailField error={emailErr} testId="login-email" field={field('username')} />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            fullWidth
            error={!!pwErr}
            helperText={pwErr ? t(pwErr) : undefined}
            testId="login-password"
            {...field('password')}
          />
          <Button type="submit" variant="contained" size="large" disabled={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
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
