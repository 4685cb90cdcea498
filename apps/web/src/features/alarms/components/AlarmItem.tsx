/**
 * One alarm as a dense row (issue 13): priority colour, type, branch, age ("3 min", the exact time
 * in the branch's zone on hover), who raised it (when the queue is 600 px wide or more), then
 * Acknowledge or who acknowledged it, when, and the disposition. The type opens the alarm's
 * incident view (/alarm/:id). Notes open below the row on demand. Acknowledging safely: the button is
 * disabled from the first click until the answer (a second click of a double click does nothing),
 * panic, duress and emergency open the disposition dialog, and the acknowledged row stays in place.
 */
import { memo, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Link, Stack, Tooltip, Typography } from '@mui/material';
import { BRANCH_STATUS_COLORS, formatInZone } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { alarmNeedsDisposition, alarmPriority, type Alarm } from '../../../realtime/alarm-events';
import { branchActionKey } from '../../../shared/format/branch-action';
import { useSafeAcknowledge } from '../use-safe-acknowledge';
import { alarmAge } from '../alarm-age';
import { useTick } from '../../../shared/time/use-tick';
import { dispositionLabel } from '../../../shared/format/disposition';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { AlarmNotes } from './AlarmNotes';

function safeFormat(iso: string, zone: string): string {
  try {
    return formatInZone(iso, zone);
  } catch {
    return formatInZone(iso, 'UTC');
  }
}

/** The ages ("3 min") move on every half minute. */
export const ALARM_AGE_TICK_MS = 30_000;

/** The tooltip of the age: the exact time in the branch's zone, formatted only when the tooltip opens. */
function RaisedAt({ at, zone }: { at: string; zone: string }) {
  const { t } = useTranslation();
  return <>{t('alarms.raisedAt', { time: safeFormat(at, zone) })}</>;
}

/**
 * "3 min": the age of an alarm raised at `at`, on the shared half-minute clock (useTick): a tick
 * redraws only the age texts, not every row (hundreds at a security office).
 */
function AlarmAgeText({ at }: { at: string }) {
  const { t } = useTranslation();
  const age = alarmAge(at, useTick(ALARM_AGE_TICK_MS));
  return <>{t(`alarms.age.${age.key}`, { count: age.count })}</>;
}

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

/**
 * Tooltips of a row open to its left and let the pointer through: the queue is dense, and a tooltip
 * opened below the pointer after an acknowledgement would cover the next row's Acknowledge button
 * (nothing may move under the pointer after a click).
 */
const ROW_TOOLTIP = { placement: 'left', slotProps: { popper: { sx: { pointerEvents: 'none' } } } } as const;

export const AlarmItem = memo(function AlarmItem({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { ack, asking, onAcknowledge, send, closeDialog } = useSafeAcknowledge(alarm);
  const [notesOpen, setNotesOpen] = useState(false);
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
  // Formatting in a zone is costly (zone data, abbreviation): once per acknowledgement, not per
  // render; the raised time only when its tooltip opens (RaisedAt).
  const ackedAt = useMemo(() => (acked ? safeFormat(acked.at, alarm.zone) : ''), [acked, alarm.zone]);
  const ackedText = acked ? t('alarms.acknowledgedBy', { name: acked.byName || t('alarms.someone'), time: ackedAt }) : '';
  return (
    <Box
      data-testid="alarm-item"
      data-notification-id={alarm.notificationId}
      data-acknowledged={acked ? 'true' : 'false'}
      data-needs-disposition={alarmNeedsDisposition(alarm) ? 'true' : 'false'}
      data-test-notification={alarm.isTest ? 'true' : 'false'}
      sx={{
        borderLeft: 5,
        borderColor: color,
        bgcolor: urgent ? 'rgba(211,47,47,0.06)' : 'background.default',
        borderRadius: 0.5,
        px: 1,
        py: 0.125,
        opacity: alarm.isTest ? 0.6 : 1,
        flexShrink: 0,
      }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minHeight: 30, flexWrap: 'nowrap' }}>
        <Link
          component={RouterLink}
          to={`/alarm/${alarm.notificationId}`}
          variant="body2"
          color="inherit"
          title={t('alarms.incident.open')}
          sx={{ fontWeight: 700, flexShrink: 0 }}
          data-testid="alarm-action"
        >
          {key ? t(`branchActions.${key}`) : alarm.action}
        </Link>
        <Typography variant="body2" sx={{ ...ellipsis, flex: '1 1 auto' }} data-testid="alarm-branch" title={alarm.branchName}>
          {alarm.branchName}
        </Typography>
        {alarm.isTest && <Chip size="small" label={t('alarms.test')} data-testid="alarm-test" />}
        <Tooltip title={<RaisedAt at={alarm.at} zone={alarm.zone} />} {...ROW_TOOLTIP}>
          <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }} data-testid="alarm-time">
            <AlarmAgeText at={alarm.at} />
          </Typography>
        </Tooltip>
        {alarm.raisedBy && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              ...ellipsis,
              flex: '0 1 auto',
              maxWidth: 140,
              display: 'none',
              '@container alarm-list (min-width: 600px)': { display: 'block' },
            }}
            title={t('alarms.raisedBy', { name: alarm.raisedBy })}
            data-testid="alarm-raised-by"
          >
            {alarm.raisedBy}
          </Typography>
        )}
        <Button
          size="small"
          variant="text"
          onClick={() => setNotesOpen((o) => !o)}
          aria-expanded={notesOpen}
          data-testid="alarm-notes-toggle"
          sx={{ flexShrink: 0, minWidth: 0, px: 0.5, textTransform: 'none', whiteSpace: 'nowrap' }}
        >
          {t('alarms.notesToggle', { count: alarm.notes.length })}
        </Button>
        {acked ? (
          <Tooltip
            title={[
              ackedText,
              acked.disposition ? t('alarms.ackDisposition', { disposition: dispositionLabel(t, acked.disposition) }) : '',
              acked.note ?? '',
            ]
              .filter(Boolean)
              .join(' · ')}
            {...ROW_TOOLTIP}
          >
            <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', minWidth: 0, flex: '0 1 auto' }}>
              <Typography
                variant="body2"
                color="success.main"
                data-testid="alarm-acked"
                sx={{ ...ellipsis, maxWidth: { xs: 150, md: 260 } }}
              >
                {ackedText}
              </Typography>
              {acked.disposition && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={dispositionLabel(t, acked.disposition)}
                  data-testid="alarm-disposition"
                  sx={{ maxWidth: 160 }}
                />
              )}
            </Stack>
          </Tooltip>
        ) : (
          <Button
            variant="contained"
            color="error"
            size="small"
            disabled={ack.isPending}
            onClick={onAcknowledge}
            data-testid="alarm-ack"
            sx={{ flexShrink: 0, minWidth: 116, whiteSpace: 'nowrap' }}
          >
            {ack.isPending ? t('alarms.acking') : t('alarms.acknowledge')}
          </Button>
        )}
      </Stack>
      {alarm.message && (
        <Typography variant="body2" sx={ellipsis} title={alarm.message}>
          {alarm.message}
        </Typography>
      )}
      {asking && !acked && (
        <AcknowledgeDialog
          alarm={alarm}
          pending={ack.isPending}
          error={ack.isError ? ack.error : null}
          onConfirm={send}
          onClose={closeDialog}
        />
      )}
      {ack.isError && !asking && (
        <Alert severity="error" sx={{ my: 0.5 }} onClose={() => ack.reset()}>
          {errorText(ack.error)}
        </Alert>
      )}
      {notesOpen && <AlarmNotes alarm={alarm} />}
    </Box>
  );
});
