/**
 * /resetpassword/:token/:email — Set New Password (spec §2, §5 Reset password, §8). The link is
 * checked on load (validateLink); an invalid or expired link shows the server's message and no
 * form. New and Confirm Password with the §5 messages; on success the form is replaced by the
 * success text, store links when the role may use the mobile app, Go to Login when it may use the web.
 */
import type { FormEvent } from 'react';
import { useRouteParams } from '../../../shared/navigation/page-nav';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME_DEFAULT, resetPasswordFormErrors, roleById, type ResetPasswordForm } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { PasswordField } from '../../../shared/components/PasswordField';
import { AccountCard } from '../components/AccountCard';
import { AccountDone } from '../components/AccountDone';
import { useConfirmPassword, useResetLink } from '../api';
import { useAccountForm } from '../use-account-form';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useRouteParams();
  const link = useResetLink(token);
  let content;
  if (link.isPending) {
    content = (
      <Stack sx={{ alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-label={t('account.reset.checking')} />
        <Typography>{t('account.reset.checking')}</Typography>
      </Stack>
    );
  } else if (link.isError) {
    const network = link.error instanceof ApiError && link.error.status === 0;
    const invalid = link.error instanceof ApiError && link.error.status === 400;
    content = (
      <Alert severity="error" data-testid="reset-error" role="alert">
        {t(network ? 'account.errors.unableToConnect' : invalid ? 'account.errors.invalidResetLink' : 'account.errors.verifyingLink')}
      </Alert>
    );
  } else if (!link.data.resflag) {
    content = (
      <Alert severity="error" data-testid="reset-error" role="alert">
        {link.data.msg || t('account.errors.invalidResetLink')}
      </Alert>
    );
  } else {
    content = <ResetForm token={token} />;
  }
  return (
    <AccountCard title={t('account.reset.title')} testId="reset-card">
      {content}
    </AccountCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPassword(token);
  const form = useAccountForm<keyof ResetPasswordForm>({ password: '', confirm: '' });
  const errors = resetPasswordFormErrors(form.values);
  if (confirm.isSuccess) {
    const roleId = confirm.data.resetobject.role_id;
    return (
      <AccountDone
        title={t('account.reset.doneTitle')}
        roleId={roleId}
        mobile={roleById(roleId)?.mobileLogin ?? false}
        webText={t('account.reset.doneWeb', { product: PRODUCT_NAME_DEFAULT })}
        mobileText={t('account.reset.doneMobile', { product: PRODUCT_NAME_DEFAULT })}
        loginLabel={t('account.reset.goToLogin')}
      />
    );
  }
  const failure = confirm.error;
  let failureText: string | null = null;
  if (failure) {
    if (failure instanceof ApiError && failure.status === 0) failureText = t('account.errors.unableToConnect');
    else if (failure instanceof ApiError && failure.code && failure.status === 400) failureText = t(failure.code);
    else failureText = t('account.errors.resettingPassword');
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    form.touchAll();
    const first = (['password', 'confirm'] as const).find((name) => errors[name]);
    if (first) e.currentTarget.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
    else confirm.mutate(form.values.password);
  };
  const pwErr = form.shown(errors, 'password');
  const confirmErr = form.shown(errors, 'confirm');
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      {failureText && (
        <Alert severity="error" data-testid="reset-failure" role="alert">
          {failureText}
        </Alert>
      )}
      <PasswordField
        label={t('account.reset.newPassword')}
        autoComplete="new-password"
        autoFocus
        fullWidth
        error={!!pwErr}
        helperText={pwErr ? t(pwErr) : undefined}
        testId="reset-password"
        {...form.field('password')}
      />
      <PasswordField
        label={t('account.reset.confirmPassword')}
        autoComplete="new-password"
        fullWidth
        error={!!confirmErr}
        helperText={confirmErr ? t(confirmErr) : undefined}
        testId="reset-confirm"
        {...form.field('confirm')}
      />
      <Button type="submit" variant="contained" size="large" disabled={confirm.isPending} data-testid="reset-submit">
        {t('account.reset.submit')}
      </Button>
    </Stack>
  );
}
