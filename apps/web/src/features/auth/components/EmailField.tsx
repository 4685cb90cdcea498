/** The e-mail field of the login, admin login and forgot-password forms (spec §5 Login email). */
import { useTranslation } from '../../../shared/i18n/translator';
import { OutlinedField } from '../../../shared/components/OutlinedField';
import type { SignInFieldProps } from '../use-sign-in-form';

interface EmailFieldProps {
  /** Catalogue key of the validation message, if any. */
  error?: string | undefined;
  testId: string;
  /** The field's value, change handler and input ref (useSignInForm's `field(name)`). */
  field: SignInFieldProps;
}

export function EmailField({ error, testId, field }: EmailFieldProps) {
  const { t } = useTranslation();
  const { ref, ...props } = field;
  return (
    <OutlinedField
      {...props}
      ref={ref}
      label={t('login.email')}
      type="email"
      autoComplete="username"
      autoFocus
      fullWidth
      error={!!error}
      helperText={error ? t(error) : undefined}
      testId={testId}
    />
  );
}
