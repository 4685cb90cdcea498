/**
 * The dashboard's Timers panel (spec §4 Timers, §9 durations hh:mm:ss; issue 19): the lone-worker
 * timers running in the user's scope with user, branch, what the timer is for, time left and the
 * age of the last ping, ticking every second; a timer in its last TIMER_EXPIRING_SECONDS turns
 * orange, and once run out it shows as the 'Timer Expired' alarm it raised (red) until its user
 * stops it. The chosen timer's trail is drawn on a small map (lazy: maplibre is its own chunk).
 * Self-contained: mounted by the dashboard with one line; kept live by realtime/handlers.ts.
 * Rows carry data-testid="timer-row", data-timer-id and data-state (running | expiring | alarm).
 * A security office sees hundreds of running timers (issue 20): rows are memoised and only the
 * two ticking texts of each (time left, ping age) read the shared second's clock (useTick), so a
 * tick redraws those texts, not the rows with their radio buttons.
 */
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { useTick } from '../../../shared/time/use-tick';
import { useTranslation } from '../../../shared/i18n/translator';
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
import type { RunningTimer } from '@vigil/contract';
import { pingAgeSeconds, secondsLeft, timerState, useRunningTimers } from '../api';

const PointsMap = lazy(() => import('../../../shared/map/PointsMap'));

const STATE_COLOR = { running: undefined, expiring: 'warning.main', alarm: 'error.main' } as const;

const nameOf = (r: RunningTimer) => `${r.Name} ${r.Surname}`.trim();

/** Time left of a timer, hh:mm:ss, redrawn each second (while `ticking`). */
function TimeLeft({ row, ticking }: { row: RunningTimer; ticking: boolean }) {
  const now = useTick(1000, ticking);
  return <span data-testid="timer-left">{formatDuration(secondsLeft(row, now))}</span>;
}

/** Age of a timer's last ping, redrawn each second (while `ticking`). */
function PingAge({ row, ticking }: { row: RunningTimer; ticking: boolean }) {
  const { t } = useTranslation();
  const now = useTick(1000, ticking);
  return <>{t('timers.ago', { age: formatDuration(pingAgeSeconds(row, now)) })}</>;
}

interface TimerRowProps {
  row: RunningTimer;
  state: ReturnType<typeof timerState>;
  selected: boolean;
  onChoose: (timerId: number) => void;
  ticking: boolean;
}

const TimerRow = memo(function TimerRow({ row: r, state, selected, onChoose, ticking }: TimerRowProps) {
  const { t } = useTranslation();
  const color = STATE_COLOR[state];
  return (
    <TableRow
      data-testid="timer-row"
      data-timer-id={r.TimerId}
      data-state={state}
      selected={selected}
      sx={state === 'running' ? undefined : { '& td': { color } }}
    >
      <TableCell padding="checkbox">
        <Radio
          size="small"
          checked={selected}
          onChange={() => onChoose(r.TimerId)}
          slotProps={{ input: { 'aria-label': t('timers.showTrail', { name: nameOf(r) }) } }}
        />
      </TableCell>
      <TableCell>{nameOf(r)}</TableCell>
      <TableCell>{r.BranchOfficeName ?? t('timers.noBranch')}</TableCell>
      <TableCell>{r.TimerForAction}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <TimeLeft row={r} ticking={ticking} />
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
        <PingAge row={r} ticking={ticking} />
      </TableCell>
    </TableRow>
  );
});

/**
 * `ticking` false (the panel is in a hidden tab) stops the clock: nothing is redrawn each second
 * where nobody sees it; shown again, the texts are brought up to date at once. The rows and the
 * trail map are drawn only once the panel has been shown (ticking) at least once: a security
 * office's hundreds of timers and a WebGL map are not built in a tab nobody opened (issue 20: the
 * board first at sign-in); the timers are fetched and kept live all the same.
 */
export function TimersPanel({ ticking = true }: { ticking?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const timers = useRunningTimers(!!session);
  const [chosen, setChosen] = useState<number | null>(null);
  // Once shown, always drawn (state adjusted while rendering: no extra pass).
  const [seen, setSeen] = useState(ticking);
  if (ticking && !seen) setSeen(true);
  const choose = useCallback((id: number) => setChosen(id), []);
  const rows = useMemo(() => timers.data ?? [], [timers.data]);
  // The ages tick each second only while a timer runs (an idle panel draws nothing new).
  const now = useTick(1000, ticking && rows.length > 0);
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

  let content;
  if (timers.isError) {
    content = (
      <Alert severity="error" data-testid="timers-error">
        {t('timers.error')}
      </Alert>
    );
  } else if (timers.isLoading || !seen) {
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
              {rows.map((r) => (
                <TimerRow
                  key={r.TimerId}
                  row={r}
                  state={timerState(r, now, TIMER_EXPIRING_SECONDS)}
                  selected={shown?.TimerId === r.TimerId}
                  onChoose={choose}
                  ticking={ticking}
                />
              ))}
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
