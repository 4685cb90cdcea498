/**
 * Profile dialog (spec §2 Shell, §5 Profile, §8 Profile): names, read-only role, email and phone,
 * a collapsible change-password block, Close and Save. Save sends UPDATE-PROFILE and, when the
 * block is filled, UPDATE-PASSWORD; success shows the server message, success:false a warning
 * with its description, a failure an error; a failed name change restores the previous names.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Collapse, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { ApiError } from '../../../shared/api/client';
import { formatPhoneInternational } from '@vigil/contract';
import { PasswordField } from '../../../shared/components/PasswordField';
import { updateSession, type StoredSession } from '../../../shared/session/session-store';
import {
  MISMATCH_KEY,
  MISMATCH_WARNING_KEY,
  ZProfileForm,
  hasPasswordChange,
  type ProfileFormInput,
  type ProfileFormOutput,
} from '../profile-form';
import { serverMessage, useUpdatePassword, useUpdateProfile } from '../api';

export interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
  session: StoredSession;
  /** A temporary password is in use: the password part is open, the dialog cannot be closed, and a saved password lets the user in. */
  forced?: boolean;
}

interface Notice {
  severity: 'success' | 'warning' | 'error';
  text: string;
}

export function ProfileDialog({ open, onClose, session, forced = false }: ProfileDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [passwordOpen, setPasswordOpen] = useState(forced);
  const [notices, setNotices] = useState<Notice[]>([]);
  const profile = useUpdateProfile();
  const password = useUpdatePassword();
  const empty = { oldpass: '', newpass: '', confirmpass: '' };
  const { register, handleSubmit, formState, reset, setValue } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(ZProfileForm),
    values: { profileName: session.Name, profileLastName: session.Surname, ...empty },
    resetOptions: { keepDirtyValues: true },
  });

  const close = () => {
    setNotices([]);
    setPasswordOpen(false);
    reset({ profileName: session.Name, profileLastName: session.Surname, ...empty });
    onClose();
  };

  const restoreNames = () => {
    setValue('profileName', session.Name);
    setValue('profileLastName', session.Surname);
  };

  const failText = (err: unknown, fallbackKey: string) =>
    err instanceof ApiError && (err.code || err.description) ? errorText(err) : t(fallbackKey);

  const save = handleSubmit(
    async (v) => {
      const out: Notice[] = [];
      try {
        const env = await profile.mutateAsync({
          profileName: v.profileName,
          profileLastName: v.profileLastName,
          profileEmail: session.Email,
        });
        if (env.success) {
          updateSession({ Name: v.profileName, Surname: v.profileLastName });
          out.push({ severity: 'success', text: serverMessage(env) ?? t('messages.profileUpdated') });
        } else {
          restoreNames();
          out.push({ severity: 'warning', text: env.description ?? t('errors.updatingUserProfile') });
        }
      } catch (err) {
        restoreNames();
        out.push({ severity: 'error', text: failText(err, 'errors.updatingUserProfile') });
      }
      if (hasPasswordChange(v)) {
        try {
          const env = await password.mutateAsync({ oldpass: v.oldpass, newpass: v.newpass, confirmpass: v.confirmpass });
          if (env.success) {
            out.push({ severity: 'success', text: serverMessage(env) ?? t('messages.passwordUpdated') });
            setValue('oldpass', '');
            setValue('newpass', '');
            setValue('confirmpass', '');
            setPasswordOpen(false);
            if (forced) updateSession({ MustChangePassword: false });
          } else {
            out.push({ severity: 'warning', text: env.description ?? t('errors.updatingUserProperties') });
          }
        } catch (err) {
          out.push({ severity: 'error', text: failText(err, 'errors.updatingUserProperties') });
        }
      }
      setNotices(out);
    },
    (errs) => {
      if (errs.oldpass || errs.newpass || errs.confirmpass) setPasswordOpen(true);
    },
  );

  const e = formState.errors;
  const mismatch = e.confirmpass?.message === MISMATCH_KEY;
  const fieldError = (msg: string | undefined) => (msg && msg !== MISMATCH_KEY ? t(msg) : undefined);
  const busy = formState.isSubmitting;

  return (
    <Dialog
      open={open}
      onClose={forced ? undefined : close}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { 'data-testid': 'profile-dialog' } as Record<string, string> }}
    >
      <DialogTitle>{t('profile.title')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="profile-form" noValidate onSubmit={save} sx={{ gap: 2, pt: 1 }}>
          {forced && (
            <Alert severity="warning" data-testid="profile-password-required">
              {t('errors.passwordChangeRequired')}
            </Alert>
          )}
          {notices.map((n, i) => (
            <Alert key={i} severity={n.severity} data-testid="profile-alert">
              {n.text}
            </Alert>
          ))}
          {mismatch && (
            <Alert severity="warning" data-testid="profile-alert">
              {t(MISMATCH_WARNING_KEY)}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <TextField
              label={t('profile.firstName')}
              required
              fullWidth
              error={!!e.profileName}
              helperText={fieldError(e.profileName?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'profile-name' } }}
              {...register('profileName')}
            />
            <TextField
              label={t('profile.surname')}
              required
              fullWidth
              error={!!e.profileLastName}
              helperText={fieldError(e.profileLastName?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'profile-surname' } }}
              {...register('profileLastName')}
            />
          </Stack>
          <TextField
            label={t('profile.role')}
            value={t(`roles.${session.RoleId}`, { defaultValue: session.RoleNameDisplay })}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField label={t('profile.email')} value={session.Email} fullWidth slotProps={{ input: { readOnly: true } }} />
          <TextField
            label={t('profile.phone')}
            value={formatPhoneInternational(session.PhoneNumber)}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          <Link
            component="button"
            type="button"
            onClick={() => setPasswordOpen((o) => !o)}
            sx={{ alignSelf: 'flex-start' }}
            aria-expanded={passwordOpen}
            data-testid="profile-password-toggle"
          >
            {t('profile.changePassword')}
          </Link>
          <Collapse in={passwordOpen} unmountOnExit={false}>
            <Stack sx={{ gap: 2 }}>
              <PasswordField
                label={t('profile.oldPassword')}
                autoComplete="current-password"
                fullWidth
                error={!!e.oldpass}
                helperText={fieldError(e.oldpass?.message)}
                testId="profile-oldpass"
                {...register('oldpass')}
              />
              <PasswordField
                label={t('profile.newPassword')}
                autoComplete="new-password"
                fullWidth
                error={!!e.newpass}
                helperText={fieldError(e.newpass?.message)}
                testId="profile-newpass"
                {...register('newpass')}
              />
              <PasswordField
                label={t('profile.confirmPassword')}
                autoComplete="new-password"
                fullWidth
                error={!!e.confirmpass}
                helperText={fieldError(e.confirmpass?.message)}
                testId="profile-confirmpass"
                {...register('confirmpass')}
              />
            </Stack>
          </Collapse>
        </Stack>
      </DialogContent>
      <DialogActions>
        {forced ? (
          <Button href="/logout" data-testid="profile-logout">
            {t('shell.logout')}
          </Button>
        ) : (
          <Button onClick={close}>{t('common.close')}</Button>
        )}
        <Button type="submit" form="profile-form" variant="contained" disabled={busy} data-testid="profile-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
