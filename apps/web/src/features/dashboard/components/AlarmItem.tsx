/** One alarm: branch, action, time in the branch's zone, who raised it, acknowledgement and notes. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { BRANCH_STATUS_COLORS, formatInZone } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { alarmPriority, type Alarm } from '../../../realtime/alarm-events';
import { branchActionKey } from '../../../shared/i18n/branch-action';
import { useAcknowledgeAlarm } from '../live-api';
import { AlarmNotes } from './AlarmNotes';

function safeFormat(iso: string, zone: string): string {
  try {
    return formatInZone(iso, zone);
  } catch {
    return formatInZone(iso, 'UTC');
  }
}

export const AlarmItem = memo(function AlarmItem({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ack = useAcknowledgeAlarm();
  const key = branchActionKey(alarm.action);
  const acked = alarm.acknowledged;
  const urgent = !acked && !alarm.isTest;
  const color = alarm.isTest
    ? 'grey.500'
    : acked
      ? 'grey.400'
      : alarmPriority(alarm) === 0
        ? BRANCH_STATUS_COLORS.alarm
        : BRANCH_STATUS_COLORS.service;
  return (
    <Box
      data-testid="alarm-item"
      data-notification-id={alarm.notificationId}
      data-acknowledged={acked ? 'true' : 'false'}
      data-test-notification={alarm.isTest ? 'true' : 'false'}
      sx={{
        borderLeft: 6,
        borderColor: color,
        bgcolor: urgent ? 'rgba(211,47,47,0.06)' : 'background.default',
        borderRadius: 1,
        p: 1.5,
        opacity: alarm.isTest ? 0.75 : 1,
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700 }} data-testid="alarm-action">
              {key ? t(`branchActions.${key}`) : alarm.action}
            </Typography>
            <Typography data-testid="alarm-branch">{alarm.branchName}</Typography>
            {alarm.isTest && <Chip size="small" label={t('alarms.test')} data-testid="alarm-test" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="alarm-time">
            {safeFormat(alarm.at, alarm.zone)}
            {alarm.raisedBy ? ` · ${t('alarms.raisedBy', { name: alarm.raisedBy })}` : ''}
          </Typography>
          {alarm.message && <Typography variant="body2">{alarm.message}</Typography>}
        </Stack>
        {acked ? (
          <Typography variant="body2" color="success.main" data-testid="alarm-acked" sx={{ flexShrink: 0 }}>
            {t('alarms.acknowledgedBy', { name: acked.byName || t('alarms.someone'), time: safeFormat(acked.at, alarm.zone) })}
          </Typography>
        ) : (
          <Button
            variant="contained"
            color="error"
            size="small"
            disabled={ack.isPending}
            onClick={() => ack.mutate(alarm.notificationId)}
            data-testid="alarm-ack"
            sx={{ flexShrink: 0 }}
          >
            {t('alarms.acknowledge')}
          </Button>
        )}
      </Stack>
      {ack.isError && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => ack.reset()}>
          {errorText(ack.error)}
        </Alert>
      )}
      <AlarmNotes alarm={alarm} />
    </Box>
  );
});
