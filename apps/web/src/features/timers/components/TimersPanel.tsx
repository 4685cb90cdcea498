/**
 * The dashboard's Timers panel (spec §4 Timers, §9 durations hh:mm:ss; issue 19): the lone-worker
 * timers running in the user's scope with user, branch, what the timer is for, time left and the
 * age of the last ping, ticking every second; a timer in its last TIMER_EXPIRING_SECONDS turns
 * orange, and once run out it shows as the 'Timer Expired' alarm it raised (red) until its user
 * stops it. The chosen timer's trail is drawn on a small map (lazy: maplibre is its own chunk).
 * Self-contained: mounted by the dashboard with one line; kept live by realtime/handlers.ts.
 * Rows carry data-testid="timer-row", data-timer-id and data-state (running | expiring | alarm).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNow } from '../../../shared/time/use-now';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Chip,
  Paper,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { TIMER_EXPIRING_SECONDS, formatDuration } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { usablePoint, type MapPoint } from '../../../shared/map/points';
import { useSession } from '../../../shared/session/use-session';
import { pingAgeSeconds, secondsLeft, timerState, useRunningTimers } from '../api';

const PointsMap = lazy(() => import('../../../shared/map/PointsMap'));

const STATE_COLOR = { running: undefined, expiring: 'warning.main', alarm: 'error.main' } as const;

export function TimersPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const timers = useRunningTimers(!!session);
  const [chosen, setChosen] = useState<number | null>(null);
  const rows = useMemo(() => timers.data ?? [], [timers.data]);
  // The ages tick each second only while a timer runs (an idle panel draws nothing new).
  const now = useNow(1000, rows.length > 0);
  const shown = rows.find((r) => r.TimerId === chosen) ?? rows[0];
  const points = useMemo<MapPoint[]>(
    () =>
      (shown?.Trail ?? []).flatMap((p) => {
        const u = usablePoint(p.Latitude, p.Longitude);
        return u ? [u] : [];
      }),
    [shown],
  );
  if (!session) return null;
  const nameOf = (r: (typeof rows)[number]) => `${r.Name} ${r.Surname}`.trim();

  let content;
  if (timers.isError) {
    content = (
      <Alert severity="error" data-testid="timers-error">
        {t('timers.error')}
      </Alert>
    );
  } else if (timers.isLoading) {
    content = <Loading />;
  } else if (rows.length === 0) {
    content = (
      <Typography color="text.secondary" data-testid="timers-empty">
        {t('timers.empty')}
      </Typography>
    );
  } else {
    content = (
      <Stack direction={{ xs: 'column', xl: 'row' }} sx={{ gap: 2, alignItems: 'stretch' }}>
        <TableContainer sx={{ flex: { xl: '3 1 0' }, minWidth: 0 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t('timers.user')}</TableCell>
                <TableCell>{t('timers.branch')}</TableCell>
                <TableCell>{t('timers.action')}</TableCell>
                <TableCell>{t('timers.timeLeft')}</TableCell>
                <TableCell>{t('timers.lastPing')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const state = timerState(r, now, TIMER_EXPIRING_SECONDS);
                const color = STATE_COLOR[state];
                return (
                  <TableRow
                    key={r.TimerId}
                    data-testid="timer-row"
                    data-timer-id={r.TimerId}
                    data-state={state}
                    selected={shown?.TimerId === r.TimerId}
                    sx={state === 'running' ? undefined : { '& td': { color } }}
                  >
                    <TableCell padding="checkbox">
                      <Radio
                        size="small"
                        checked={shown?.TimerId === r.TimerId}
                        onChange={() => setChosen(r.TimerId)}
                        slotProps={{ input: { 'aria-label': t('timers.showTrail', { name: nameOf(r) }) } }}
                      />
                    </TableCell>
                    <TableCell>{nameOf(r)}</TableCell>
                    <TableCell>{r.BranchOfficeName ?? t('timers.noBranch')}</TableCell>
                    <TableCell>{r.TimerForAction}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      <span data-testid="timer-left">{formatDuration(secondsLeft(r, now))}</span>
                      {state !== 'running' && (
                        <Chip
                          size="small"
                          data-testid="timer-flag"
                          label={t(state === 'alarm' ? 'timers.alarm' : 'timers.expiring')}
                          sx={{ ml: 1, bgcolor: color, color: 'common.white' }}
                        />
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="timer-ping-age">
                      {t('timers.ago', { age: formatDuration(pingAgeSeconds(r, now)) })}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {shown && (
          <Box sx={{ flex: { xl: '2 1 0' }, minWidth: 0, height: 220 }} data-testid="timer-trail" data-points={points.length}>
            <MapBoundary fallback={<Alert severity="warning">{t('map.loadFailed')}</Alert>}>
              <Suspense fallback={<Loading />}>
                <PointsMap
                  points={points}
                  line={points.length > 1}
                  testId="timer-trail-map"
                  label={t('timers.trail', { name: nameOf(shown) })}
                />
              </Suspense>
            </MapBoundary>
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Paper sx={{ p: 2 }} data-testid="timers-panel" component="section" aria-labelledby="timers-title">
      <Typography variant="h6" component="h2" id="timers-title" sx={{ mb: 1 }}>
        {t('timers.title')}
      </Typography>
      {content}
    </Paper>
  );
}
