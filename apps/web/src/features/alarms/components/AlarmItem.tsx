/**
 * One alarm: branch, action, time in the branch's zone, who raised it, acknowledgement and notes.
 * Acknowledging safely (issue 13): the button is disabled from the first click until the answer
 * (a second click of a double click does nothing), panic, duress and emergency open the
 * disposition dialog, and the acknowledged row shows who, when and the disposition in place.
 */
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { BRANCH_STATUS_COLORS, formatInZone } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { alarmNeedsDisposition, alarmPriority, type Alarm } from '../../../realtime/alarm-events';
import { branchActionKey } from '../../../shared/format/branch-action';
import { useAcknowledgeAlarm, type AcknowledgeInput } from '../api';
import { dispositionLabel } from '../dispositions';
import { AcknowledgeDialog } from './AcknowledgeDialog';
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
  const [asking, setAsking] = useState(false);
  // Set synchronously on the first click, before React re-renders the button disabled.
  const inFlight = useRef(false);
  const send = (v: AcknowledgeInput) => {
    if (inFlight.current) return;
    inFlight.current = true;
    ack.mutate(v, {
      onSuccess: () => setAsking(false),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  const onAcknowledge = () => {
    if (inFlight.current) return;
    if (alarmNeedsDisposition(alarm)) {
      ack.reset();
      setAsking(true);
    } else send({ notificationId: alarm.notificationId });
  };
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
      data-needs-disposition={alarmNeedsDisposition(alarm) ? 'true' : 'false'}
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
          <Stack sx={{ flexShrink: 0, alignItems: { sm: 'flex-end' } }}>
            <Typography variant="body2" color="success.main" data-testid="alarm-acked">
              {t('alarms.acknowledgedBy', { name: acked.byName || t('alarms.someone'), time: safeFormat(acked.at, alarm.zone) })}
            </Typography>
            {acked.disposition && (
              <Typography variant="body2" color="text.secondary" data-testid="alarm-disposition">
                {t('alarms.ackDisposition', { disposition: dispositionLabel(t, acked.disposition) })}
                {acked.note ? ` · ${acked.note}` : ''}
              </Typography>
            )}
          </Stack>
        ) : (
          <Button
            variant="contained"
            color="error"
            size="small"
            disabled={ack.isPending}
            onClick={onAcknowledge}
            data-testid="alarm-ack"
            sx={{ flexShrink: 0 }}
          >
            {ack.isPending ? t('alarms.acking') : t('alarms.acknowledge')}
          </Button>
        )}
      </Stack>
      {asking && !acked && (
        <AcknowledgeDialog
          alarm={alarm}
          pending={ack.isPending}
          error={ack.isError ? ack.error : null}
          onConfirm={send}
          onClose={() => setAsking(false)}
        />
      )}
      {ack.isError && !asking && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => ack.reset()}>
          {errorText(ack.error)}
        </Alert>
      )}
      <AlarmNotes alarm={alarm} />
    </Box>
  );
});
