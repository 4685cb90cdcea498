/**
 * /chatrecording/[id] (spec §2 "Chat transcript"): the whole transcript of a session with times in
 * the branch's zone, who wrote each message, the waiting and handling times, and the caller's
 * positions (with a map of them).
 */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Box, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { chatDuration } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { ChatContent } from '../ChatContent';
import { useChatSession } from '../api';
import { zoned } from '../format';
import { wholeMetres } from '../../../shared/format/units';

const PointsMap = lazy(() => import('../../../shared/map/PointsMap'));

export default function ChatRecordingPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const q = useChatSession(id);
  if (q.isPending) return <Loading />;
  if (q.isError || !q.data) {
    return (
      <Alert severity="error" data-testid="chat-recording-error">
        {q.error instanceof ApiError && q.error.description ? q.error.description : t('chat.errors.retrieve')}
      </Alert>
    );
  }
  const s = q.data;
  const zone = s.BranchTimeZone;
  const points = s.Locations.map((l, i) => ({ lat: l.Latitude, lng: l.Longitude, label: `${i + 1}` }));
  const rows: [string, string][] = [
    [t('chat.columns.caller'), s.MobileCallerName],
    [t('chat.columns.branch'), [s.BranchOfficeName, s.RegionalOfficeName, s.OrganizationName].filter(Boolean).join(' · ')],
    [t('chat.columns.officer'), s.SecurityOfficerName ?? '—'],
    [t('chat.columns.start'), zoned(s.StartTimeUTC, zone)],
    [t('chat.columns.stop'), s.StopTimeUTC ? zoned(s.StopTimeUTC, zone) : '—'],
    [t('chat.columns.waiting'), chatDuration(s.WaitingSeconds)],
    [t('chat.columns.handling'), chatDuration(s.HandlingSeconds) || '—'],
  ];
  return (
    <Stack sx={{ gap: 2 }} data-testid="chat-recording">
      <Typography variant="h5" component="h1">
        {t('chat.recordings.transcript')}: {s.MobileCallerName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('chat.recordings.timesIn', { zone: zone ?? 'UTC' })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {rows.map(([k, v]) => (
          <Stack key={k} direction="row" sx={{ gap: 2, py: 0.25 }}>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
              {k}
            </Typography>
            <Typography variant="body2">{v}</Typography>
          </Stack>
        ))}
      </Paper>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="transcript">
          <TableHead>
            <TableRow>
              <TableCell>{t('chat.recordings.time')}</TableCell>
              <TableCell>{t('chat.recordings.from')}</TableCell>
              <TableCell>{t('chat.recordings.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.MessagesArray.map((m) => (
              <TableRow key={m.MsgAutoId} data-testid="transcript-message">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{zoned(m.MsgSentTimestamp, zone)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{[m.FromName, m.FromSurname].filter(Boolean).join(' ')}</TableCell>
                <TableCell>
                  <ChatContent html={m.MsgContent} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Typography variant="h6" component="h2">
        {t('chat.recordings.positions')}
      </Typography>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="transcript-positions">
          <TableHead>
            <TableRow>
              <TableCell>{t('chat.recordings.time')}</TableCell>
              <TableCell>{t('chat.recordings.latitude')}</TableCell>
              <TableCell>{t('chat.recordings.longitude')}</TableCell>
              <TableCell>{t('chat.recordings.accuracyMeters')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.Locations.map((l) => (
              <TableRow key={l.AtUTC + l.Latitude}>
                <TableCell>{zoned(l.AtUTC, zone)}</TableCell>
                <TableCell>{l.Latitude.toFixed(5)}</TableCell>
                <TableCell>{l.Longitude.toFixed(5)}</TableCell>
                <TableCell>{wholeMetres(l.HorizontalAccuracy)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {points.length > 0 && (
        <Box sx={{ height: 280 }}>
          <MapBoundary fallback={<Alert severity="warning">{t('map.loadFailed')}</Alert>}>
            <Suspense fallback={<Loading />}>
              <PointsMap points={points} line={points.length > 1} testId="transcript-map" label={t('chat.recordings.positions')} />
            </Suspense>
          </MapBoundary>
        </Box>
      )}
    </Stack>
  );
}
