/** Forgot-password form (spec §2 /login): email + Submit, and a way back to the login form. */
import { useTranslation } from '../../../shared/i18n/translator';
import { Button, Link, Stack, Typography } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useForgotPassword } from '../api';
import type { FlashSeverity } from '../../../shared/session/flash';
import { EmailField } from './EmailField';
import { loginEmailRule } from '../login-rules';
import { useSignInForm } from '../use-sign-in-form';

export interface ForgotPasswordFormProps {
  initialEmail: string;
  onBack: () => void;
  onResult: (severity: FlashSeverity, text: string) => void;
  onResultKey: (severity: FlashSeverity, key: string) => void;
}

export function ForgotPasswordForm({ initialEmail, onBack, onResult, onResultKey }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const forgot = useForgotPassword();
  const { field, errors, handleSubmit } = useSignInForm({ email: loginEmailRule }, { email: initialEmail });
  const submit = handleSubmit((v) =>
    forgot.mutate(v.email.trim(), {
      onSuccess: (description) => (description ? onResult('success', description) : onResultKey('success', 'messages.forgotPasswordSent')),
      onError: (err) => onResult('error', errorText(err)),
    }),
  );
  const emailError = errors.email;
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {t('login.forgotTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('login.forgotHelp')}
      </Typography>
      <EmailField error={emailError} testId="forgot-email" field={field('email')} />
      <Button type="submit" variant="contained" size="large" disabled={forgot.isPending} data-testid="forgot-submit">
        {t('login.forgotSubmit')}
      </Button>
      <Link component="button" type="button" variant="body2" onClick={onBack} data-testid="forgot-toggle" sx={{ alignSelf: 'center' }}>
        {t('login.backToLogin')}
      </Link>
    </Stack>
  );
}
