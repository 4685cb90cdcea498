/**
 * /validateToken/:token/:email — Activate Your Account (spec §2, §4, §5 Activation, §8).
 * The link is checked on load (validatetokenforpin); then password (unless single sign-on), PIN and
 * panic code (when the role may use the mobile app), each with confirmation and a show/hide eye.
 * Each field shows its §5 message once left; Activate is enabled only when every applicable field
 * is valid (the contract's activationFormErrors, whose rules the server applies again).
 */
import { useState } from 'react';
import { useAccountForm } from '../use-account-form';
import { useRouteParams } from '../../../shared/navigation/page-nav';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME_DEFAULT, activationFormErrors, type ActivationField, type ActivationForm } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { PasswordField } from '../../../shared/components/PasswordField';
import { AccountCard } from '../components/AccountCard';
import { AccountDone } from '../components/AccountDone';
import { useActivate, useActivationLink } from '../api';

type Field = ActivationField;
const EMPTY: Required<ActivationForm> = { password: '', password_confirm: '', pin: '', pin_confirm: '', duress: '', duress_confirm: '' };

/** The §8 text of a failed activation call: network failure, or the given fallback. */
function failureKey(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status === 0 ? 'account.errors.unableToConnect' : fallback;
}

export default function ActivationPage() {
  const { t } = useTranslation();
  const { token = '' } = useRouteParams();
  const link = useActivationLink(token);

  let content;
  if (link.isPending) {
    content = (
      <Stack sx={{ alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-label={t('account.activation.checking')} />
        <Typography>{t('account.activation.checking')}</Typography>
      </Stack>
    );
  } else if (link.isError) {
    content = (
      <Alert severity="error" data-testid="activation-error" role="alert">
        {t(failureKey(link.error, 'account.errors.invalidActivationLink'))}
      </Alert>
    );
  } else {
    content = <ActivationForm token={token} roleId={link.data.role_id} needPin={link.data.can_login_mobile} usesSso={link.data.uses_sso} />;
  }
  return (
    <AccountCard title={t('account.activation.title')} testId="activation-card">
      {content}
    </AccountCard>
  );
}

function ActivationForm({ token, roleId, needPin, usesSso }: { token: string; roleId: number; needPin: boolean; usesSso: boolean }) {
  const { t } = useTranslation();
  const activate = useActivate();
  const form = useAccountForm(EMPTY);
  const { values } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const errors = activationFormErrors(values, { needPassword: !usesSso, needPin });
  const valid = Object.keys(errors).length === 0;

  if (activate.isSuccess) {
    return (
      <AccountDone
        title={t('account.activation.doneTitle')}
        roleId={roleId}
        mobile={needPin}
        webText={t('account.activation.doneWeb', { product: PRODUCT_NAME_DEFAULT })}
        mobileText={t('account.activation.doneMobile', { product: PRODUCT_NAME_DEFAULT })}
        loginLabel={t('account.activation.goToLogin')}
      />
    );
  }

  const field = (name: Field, label: string, opts: { pin?: boolean; help?: string; autoComplete?: string } = {}) => {
    const err = form.shown(errors, name);
    return (
      <PasswordField
        key={name}
        label={label}
        {...form.field(name, opts.pin ? (typed) => typed.replace(/\D/g, '').slice(0, 4) : undefined)}
        error={!!err}
        helperText={err ? t(err) : opts.help}
        autoComplete={opts.autoComplete ?? 'off'}
        fullWidth
        testId={`activation-${name}`}
      />
    );
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setFailure(null);
    activate.mutate(
      { token, sso: usesSso, show_pin: needPin, ...values },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.status === 400 && err.code && err.code !== 'errors.badRequest') setFailure(err.code);
          else setFailure(failureKey(err, 'account.errors.activationFailed'));
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ gap: 2 }}>
      <Typography color="text.secondary">{t('account.activation.intro', { product: PRODUCT_NAME_DEFAULT })}</Typography>
      {failure && (
        <Alert severity="error" data-testid="activation-failure" role="alert">
          {t(failure)}
        </Alert>
      )}
      {usesSso ? (
        <Alert severity="info">{t('account.activation.ssoNote')}</Alert>
      ) : (
        <>
          {field('password', t('account.activation.password'), { autoComplete: 'new-password' })}
          {field('password_confirm', t('account.activation.passwordConfirm'), { autoComplete: 'new-password' })}
        </>
      )}
      {needPin && (
        <>
          {field('pin', t('account.activation.pin'), { pin: true, help: t('account.activation.pinHelp') })}
          {field('pin_confirm', t('account.activation.pinConfirm'), { pin: true })}
          {field('duress', t('account.activation.duress'), { pin: true, help: t('account.activation.duressHelp') })}
          {field('duress_confirm', t('account.activation.duressConfirm'), { pin: true })}
        </>
      )}
      <Button type="submit" variant="contained" size="large" disabled={!valid || activate.isPending} data-testid="activation-submit">
        {t('account.activation.submit')}
      </Button>
    </Stack>
  );
}
