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
 * tick redraws those texts, not the rows with their radio buttons. The table scrolls inside a box
 * of at most TABLE_MAX_HEIGHT and is virtualised (@tanstack/react-virtual, as the board): a long
 * list has only the rows in view (plus an overscan) in the DOM. With every one of the scale
 * security officer's 309 rows drawn, their ticking texts made the browser lay out and repaint the
 * whole panel each second: most of the narrow dashboard's main thread at 5,000 branches
 * (bench/dashboard.ts --width 880: paint 3.0 s of 8 s, 12-16 tasks over 50 ms; with 20 rows,
 * 0.24 s and none).
 */
import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useVirtualRows } from '../../../shared/layout/virtual-rows';
import { SpacerRow } from '../../../shared/layout/spacer-row';
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

/** Tallest the timers' table gets before it scrolls inside its box (CSS length). */
export const TABLE_MAX_HEIGHT = 'min(60vh, 480px)';

/** Estimated row height (px) before a row is measured: a small table row with its radio button. */
const ROW_ESTIMATE_PX = 42;

/** The virtualizer's key of a row: its timer id. */
const timerKeyOf = (r: RunningTimer) => r.TimerId;

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
  index: number;
  measureRef: (el: Element | null) => void;
  state: ReturnType<typeof timerState>;
  selected: boolean;
  onChoose: (timerId: number) => void;
  ticking: boolean;
}

const TimerRow = memo(function TimerRow({ row: r, index, measureRef, state, selected, onChoose, ticking }: TimerRowProps) {
  const { t } = useTranslation();
  const color = STATE_COLOR[state];
  return (
    <TableRow
      ref={measureRef}
      data-index={index}
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

interface TimersTableProps {
  rows: RunningTimer[];
  /** The clock of the timers' states (ms). */
  now: number;
  /** The timer whose trail is shown. */
  shownId: number | null;
  onChoose: (timerId: number) => void;
  ticking: boolean;
}

/**
 * The timers' table in its scrolling box (TABLE_MAX_HEIGHT), virtualised: only the rows in view
 * plus an overscan are in the DOM once the list is long. Its own component, so that the
 * virtualizer exists only while the table is drawn.
 */
function TimersTable({ rows, now, shownId, onChoose, ticking }: TimersTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // A short list is entirely in the DOM; hundreds of timers render only a window of them.
  const { virtualizer, items, top, bottom } = useVirtualRows(rows, timerKeyOf, {
    scrollRef,
    estimatePx: ROW_ESTIMATE_PX,
    initialRect: { width: 600, height: 480 },
  });
  return (
    <TableContainer
      ref={scrollRef}
      sx={{ flex: { xl: '3 1 0' }, minWidth: 0, maxHeight: TABLE_MAX_HEIGHT }}
      data-testid="timers-table-scroll"
      data-row-count={rows.length}
    >
      <Table size="small" stickyHeader>
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
          <SpacerRow height={top} columns={6} />
          {items.map((v) => {
            const r = rows[v.index]!;
            return (
              <TimerRow
                key={v.key}
                index={v.index}
                measureRef={virtualizer.measureElement}
                row={r}
                state={timerState(r, now, TIMER_EXPIRING_SECONDS)}
                selected={shownId === r.TimerId}
                onChoose={onChoose}
                ticking={ticking}
              />
            );
          })}
          <SpacerRow height={bottom} columns={6} />
        </TableBody>
      </Table>
    </TableContainer>
  );
}

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
        <TimersTable rows={rows} now={now} shownId={shown?.TimerId ?? null} onChoose={choose} ticking={ticking} />
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
