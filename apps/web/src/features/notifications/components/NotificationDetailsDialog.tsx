/**
 * Details of one notification (getnotifications GET-REPORT-DETAILS-BY-NOTIFICATION-ID): action,
 * branch, who raised it and when, message, location, acknowledgement and notes.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { dispositionLabel } from '../../../shared/format/disposition';
import { Loading } from '../../../shared/components/Loading';
import { branchActionKey } from '../../../shared/format/branch-action';
import { useNotificationDetails } from '../api';
import { formatNotificationTime } from '../format';
import { categoryKey } from '../notification-list';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Stack>
  );
}

export function NotificationDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const details = useNotificationDetails(id);
  const d = details.data;
  const key = branchActionKey(d?.BranchAction);
  const zone = d?.BranchOfficeTimeZone ?? 'UTC';
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="notification-details-title"
      data-testid="notification-details"
    >
      <DialogTitle id="notification-details-title">{t('notifications.details.title')}</DialogTitle>
      <DialogContent dividers>
        {details.isError ? (
          <Alert severity="error">{errorText(details.error)}</Alert>
        ) : !d ? (
          <Loading />
        ) : (
          <Stack sx={{ gap: 1 }}>
            <Field label={t('notifications.columns.action')} testId="details-action">
              {key ? t(`branchActions.${key}`) : (d.BranchAction ?? '')}
            </Field>
            <Field label={t('notifications.columns.category')}>{t(`notifications.category.${categoryKey(d.Category)}`)}</Field>
            <Field label={t('notifications.columns.branch')}>{d.BranchOfficeName ?? t('notifications.none')}</Field>
            {d.OrganizationName && <Field label={t('notifications.details.organization')}>{d.OrganizationName}</Field>}
            <Field label={t('notifications.columns.raisedBy')}>
              {[d.Name, d.Surname].filter(Boolean).join(' ') || t('notifications.none')}
            </Field>
            <Field label={t('notifications.columns.time')}>{formatNotificationTime(d.NotificationTimeAddedUTC, zone)}</Field>
            <Field label={t('notifications.details.message')} testId="details-message">
              {d.MessageContent || t('notifications.none')}
            </Field>
            <Field label={t('notifications.details.location')} testId="details-location">
              {d.Latitude != null && d.Longitude != null
                ? t('notifications.details.coordinates', { lat: d.Latitude.toFixed(6), lng: d.Longitude.toFixed(6) })
                : t('notifications.none')}
            </Field>
            {d.IsTestNotification && <Field label={t('notifications.details.test')}>{t('app.yes')}</Field>}
            <Field label={t('notifications.details.acknowledgement')} testId="details-ack">
              {d.Acknowledged
                ? [
                    t('alarms.acknowledgedBy', { name: d.Acknowledged.Name, time: formatNotificationTime(d.Acknowledged.AtUTC, zone) }),
                    d.Acknowledged.Disposition
                      ? t('alarms.ackDisposition', { disposition: dispositionLabel(t, d.Acknowledged.Disposition) })
                      : '',
                    d.Acknowledged.Note ?? '',
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : t('notifications.details.notAcknowledged')}
            </Field>
            <Divider sx={{ my: 1 }} />
            <Typography variant="subtitle2">{t('notifications.details.notes')}</Typography>
            {d.Notes.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('notifications.details.noNotes')}
              </Typography>
            ) : (
              d.Notes.map((n) => (
                <Typography key={n.NoteId} variant="body2" data-testid="details-note">
                  <strong>{n.By}</strong> · {formatNotificationTime(n.AtUTC, zone)}: {n.Note}
                </Typography>
              ))
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="details-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
