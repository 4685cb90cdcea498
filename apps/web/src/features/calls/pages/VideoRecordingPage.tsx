/**
 * /videorecording/[id] (spec §2; §3 Incident / video recording): one finished call's incident —
 * its times in the branch's zone, the answerer and transfer chain, the caller's profile as it was
 * at call time — and an HTML5 player of its recording (GET callrecording/:callId; HTTP ranges let
 * it seek). "No recording" when none was kept.
 */
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Grid, Paper, Stack, Typography } from '@mui/material';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { zoned } from '../../chat/format';
import { recordingUrl, useCall } from '../api';
import { CallerPanel, Line } from '../components/CallerPanel';
import { callTimes } from '../format';

export default function VideoRecordingPage() {
  const { id = '' } = useParams();
  const callId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const { t } = useTranslation();
  const q = useCall(callId);
  if (callId > 0 && q.isPending) return <Loading />;
  if (callId <= 0 || q.isError || !q.data) {
    return (
      <Alert severity="error" data-testid="video-recording-error">
        {q.error instanceof ApiError && q.error.description ? q.error.description : t('calls.errors.notFound')}
      </Alert>
    );
  }
  const c = q.data;
  const zone = c.BranchTimeZone;
  // A finished call's times end at EndTimeUTC; a call still open counts to when it was read.
  const times = callTimes(c, q.dataUpdatedAt);
  const when = (v: string | null) => (v ? zoned(v, zone) : '—');
  return (
    <Stack sx={{ gap: 2 }} data-testid="video-recording">
      <Typography variant="h5" component="h1">
        {t('calls.recordings.recording')}: {c.Caller.Name} {c.Caller.Surname}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('calls.recordings.timesIn', { zone: zone ?? 'UTC' })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack sx={{ gap: 2 }}>
            {c.MediaFilename ? (
              <Paper variant="outlined" sx={{ p: 1, bgcolor: 'common.black' }}>
                <video
                  controls
                  preload="metadata"
                  src={recordingUrl(c.IncidentId)}
                  aria-label={t('calls.recordings.player')}
                  data-testid="video-recording-player"
                  style={{ width: '100%', maxHeight: 480, display: 'block' }}
                />
              </Paper>
            ) : (
              <Alert severity="info" data-testid="video-recording-none">
                {t('calls.recordings.noRecording')}
              </Alert>
            )}
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="video-recording-incident">
              <Typography variant="overline" color="text.secondary">
                {t('calls.recordings.incident')}
              </Typography>
              <Line label={t('calls.recordings.incident')} value={c.TextId} />
              <Line label={t('calls.recordings.state')} value={t(`calls.recordings.states.${c.State}`)} testId="video-recording-state" />
              <Line label={t('calls.recordings.started')} value={when(c.StartTimeUTC)} />
              <Line label={t('calls.recordings.answered')} value={when(c.AnsweredTimeUTC)} />
              <Line label={t('calls.recordings.ended')} value={when(c.EndTimeUTC)} />
              <Line label={t('calls.recordings.closed')} value={when(c.ClosedTimeUTC)} />
              <Line label={t('calls.columns.answeredBy')} value={c.AnsweredByName ?? '—'} testId="video-recording-answerer" />
            </Paper>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CallerPanel c={c} waiting={times.waiting} talk={times.talk} />
        </Grid>
      </Grid>
    </Stack>
  );
}
