/** The e-mail field of the login, admin login and forgot-password forms (spec §5 Login email). */
import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface EmailFieldProps {
  /** Catalogue key of the validation message, if any. */
  error?: string;
  testId: string;
  registration: UseFormRegisterReturn;
}

export function EmailField({ error, testId, registration }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('login.email')}
      type="email"
      autoComplete="username"
      autoFocus
      fullWidth
      error={!!error}
      helperText={error ? t(error) : undefined}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
      {...registration}
    />
  );
}
