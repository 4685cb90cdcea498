/**
 * The incident view of one alarm (issue 13, /alarm/:id; reached from an alarm row's type): on one
 * screen the alarm (who raised it, when, its acknowledgement), the actions (acknowledge — with the
 * disposition dialog for panic, duress and emergency —, add a note, open the branch's chats and
 * calls, send an emergency message for the branch), the figures, the live timeline, and beside
 * them the branch, who is there now, the security phrases and a small map. The timeline and the
 * alarm follow the socket (realtime/incident-events.ts); it exports as CSV or PDF.
 */
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { type AlarmIncident } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { saveBlob } from '../../../shared/api/download';
import { useErrorText } from '../../../shared/api/use-error-text';
import { refetchAfterEvent } from '../../../shared/api/refetch-after-event';
import { Loading } from '../../../shared/components/Loading';
import { dispositionLabel } from '../../../shared/format/disposition';
import { branchActionKey } from '../../../shared/format/branch-action';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { usablePoint } from '../../../shared/map/points';
import { useSession } from '../../../shared/session/use-session';
import { alarmFromRow } from '../../../realtime/alarm-events';
import { incidentKeys } from '../../../realtime/incident-events';
import { useRealtimeStatus } from '../../../realtime/use-realtime-status';
import { SecurityPhrasesBox } from '../../security-phrases/components/SecurityPhrasesBox';
import { EnsDialog } from '../../ens/components/EnsDialog';
import { downloadIncident, useAlarmIncident } from '../api';
import { useSafeAcknowledge } from '../use-safe-acknowledge';
import { AcknowledgeDialog } from '../components/AcknowledgeDialog';
import { NoteForm } from '../components/NoteForm';
import { IncidentBranchCard, IncidentFiguresBar, IncidentPeople, IncidentTimeline, inZone } from '../components/IncidentParts';

const PointsMap = lazy(() => import('../../../shared/map/PointsMap'));

/** The chats and calls of the branch seen in the timeline (latest state of each), for the links. */
function branchSessions(incident: AlarmIncident) {
  const chats = new Map<string, string>();
  const calls = new Map<number, string>();
  for (const e of incident.Timeline) {
    if (e.type === 'CHAT-SESSION' && e.Payload.session.SessionKind === 'mobile')
      chats.set(e.Payload.session.ChatSessionId, e.Payload.change);
    if (e.type === 'VIDEO-CALL') calls.set(e.Payload.call.IncidentId, e.Payload.change);
  }
  return { chats: [...chats.keys()], calls: [...calls.keys()] };
}

/** Acknowledge (with the disposition dialog when needed) and add a note. */
function IncidentActions({ incident }: { incident: AlarmIncident }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const session = useSession();
  const [ensOpen, setEnsOpen] = useState(false);
  const alarm = alarmFromRow(incident.Alarm);
  const id = incident.Alarm.NotificationId;
  const { ack, asking, onAcknowledge, send, closeDialog } = useSafeAcknowledge(
    alarm,
    () => void refetchAfterEvent(qc, incidentKeys.of(id)),
  );
  const { chats, calls } = branchSessions(incident);
  const b = incident.Branch;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="incident-actions">
      <Typography variant="overline" color="text.secondary">
        {t('alarms.incident.actions')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {!incident.Alarm.Acknowledged && (
          <Button
            variant="contained"
            color="error"
            size="small"
            disabled={ack.isPending}
            onClick={onAcknowledge}
            data-testid="incident-ack"
            sx={{ minWidth: 116, whiteSpace: 'nowrap' }}
          >
            {ack.isPending ? t('alarms.acking') : t('alarms.acknowledge')}
          </Button>
        )}
        {chats.map((c) => (
          <Button key={c} size="small" variant="outlined" component={RouterLink} to={`/chat/${c}`} data-testid="incident-open-chat">
            {t('alarms.incident.openChat')}
          </Button>
        ))}
        {calls.map((c) => (
          <Button key={c} size="small" variant="outlined" component={RouterLink} to={`/video/${c}`} data-testid="incident-open-call">
            {t('alarms.incident.openCall')}
          </Button>
        ))}
        {session && (
          <Button size="small" variant="outlined" color="warning" onClick={() => setEnsOpen(true)} data-testid="incident-send-ens">
            {t('alarms.incident.sendEns')}
          </Button>
        )}
      </Stack>
      {ack.isError && !asking && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => ack.reset()}>
          {errorText(ack.error)}
        </Alert>
      )}
      <NoteForm notificationId={id} testIdPrefix="incident-note" />
      {asking && !incident.Alarm.Acknowledged && (
        <AcknowledgeDialog
          alarm={alarm}
          pending={ack.isPending}
          error={ack.isError ? ack.error : null}
          onConfirm={send}
          onClose={closeDialog}
        />
      )}
      {ensOpen && session && (
        <EnsDialog
          open
          onClose={() => setEnsOpen(false)}
          roleId={session.RoleId}
          userId={session.UserId}
          branch={{ OrganizationId: b.OrganizationId, RegionalOfficeId: b.RegionalOfficeId, BranchOfficeId: b.BranchOfficeId }}
        />
      )}
    </Paper>
  );
}

/** CSV and PDF of the timeline through the one download helper. */
function IncidentExports({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const errorText = useErrorText();
  const start = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    setFailed(null);
    try {
      const file = await downloadIncident(alarmId, format);
      saveBlob(file.name, file.blob);
    } catch (e) {
      setFailed(e instanceof ApiError && e.description ? errorText(e) : t('alarms.incident.exportFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-end' }}>
      <Stack direction="row" sx={{ gap: 1 }}>
        {(['csv', 'pdf'] as const).map((f) => (
          <Button
            key={f}
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={busy !== null}
            onClick={() => void start(f)}
            data-testid={`incident-export-${f}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t(f === 'csv' ? 'alarms.incident.exportCsv' : 'alarms.incident.exportPdf')}
          </Button>
        ))}
      </Stack>
      {failed && (
        <Alert severity="error" sx={{ py: 0 }} onClose={() => setFailed(null)}>
          {failed}
        </Alert>
      )}
    </Stack>
  );
}

export default function IncidentPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const alarmId = /^\d+$/.test(id) ? Number(id) : NaN;
  const q = useAlarmIncident(alarmId);
  const live = useRealtimeStatus() === 'live';
  const back = (
    <Link component={RouterLink} to="/" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="incident-back">
      <ArrowBackIcon fontSize="small" />
      {t('alarms.incident.back')}
    </Link>
  );
  if (!Number.isInteger(alarmId) || q.isError)
    return (
      <Stack sx={{ gap: 2 }}>
        {back}
        <Alert severity="error" data-testid="incident-error">
          {q.error instanceof ApiError && q.error.status !== 404 ? errorText(q.error) : t('alarms.incident.notFound')}
        </Alert>
      </Stack>
    );
  if (!q.data) return <Loading />;
  const inc = q.data;
  const a = inc.Alarm;
  const zone = inc.Branch.BranchTimeZone;
  const key = branchActionKey(a.BranchAction);
  const action = key ? t(`branchActions.${key}`) : (a.BranchAction ?? '');
  const raisedBy = [a.Name, a.Surname].filter(Boolean).join(' ');
  const point = usablePoint(inc.Branch.Latitude, inc.Branch.Longitude);
  const acked = a.Acknowledged;
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="incident-page" data-alarm-id={a.NotificationId}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Stack sx={{ gap: 0.5, minWidth: 0 }}>
          {back}
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" data-testid="incident-title">
              {t('alarms.incident.heading', { action, branch: inc.Branch.Name })}
            </Typography>
            {a.IsTestNotification && <Chip size="small" label={t('alarms.incident.testAlarm')} />}
            {live && <Chip size="small" variant="outlined" color="success" label={t('alarms.incident.live')} data-testid="incident-live" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="incident-raised">
            {`${t('alarms.incident.alarmId')} ${a.NotificationId} · ${t('alarms.incident.raisedAt')} ${inZone(a.NotificationTimeAddedUTC, zone)}`}
            {raisedBy ? ` · ${t('alarms.incident.raisedBy')} ${raisedBy}` : ''}
          </Typography>
          <Typography variant="body2" color={acked ? 'success.main' : 'error.main'} data-testid="incident-ack-state">
            {acked
              ? [
                  t('alarms.acknowledgedBy', { name: acked.Name, time: inZone(acked.AtUTC, zone) }),
                  acked.Disposition ? t('alarms.ackDisposition', { disposition: dispositionLabel(t, acked.Disposition) }) : '',
                  acked.Note ?? '',
                ]
                  .filter(Boolean)
                  .join(' · ')
              : `${t('alarms.incident.acknowledged')}: ${t('alarms.incident.notYet')}`}
          </Typography>
          {a.MessageContent && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {a.MessageContent}
            </Typography>
          )}
        </Stack>
        <IncidentExports alarmId={a.NotificationId} />
      </Stack>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <Stack sx={{ gap: 1.5 }}>
            <IncidentActions incident={inc} />
            <IncidentFiguresBar figures={inc.Figures} zone={zone} />
            <IncidentTimeline incident={inc} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Stack sx={{ gap: 1.5 }}>
            <IncidentBranchCard incident={inc} />
            <IncidentPeople people={inc.People} zone={zone} />
            {inc.Phrases && <SecurityPhrasesBox organizationId={inc.Branch.OrganizationId} />}
            <Box sx={{ height: 220 }} data-testid="incident-map">
              {point ? (
                <MapBoundary fallback={<Alert severity="warning">{t('map.loadFailed')}</Alert>}>
                  <Suspense fallback={<Loading />}>
                    <PointsMap
                      points={[{ ...point, label: inc.Branch.Name }]}
                      testId="incident-map-canvas"
                      label={t('alarms.incident.map')}
                    />
                  </Suspense>
                </MapBoundary>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('alarms.incident.noLocation')}
                </Typography>
              )}
            </Box>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
