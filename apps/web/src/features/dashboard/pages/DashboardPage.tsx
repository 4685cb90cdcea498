/**
 * / (spec §2 Main area): the branch board for the user's scope, with status summary, search
 * and region filter, below the live alarm panel and the running tasks (task lists); the map beside the list on wide screens
 * (≥ 1536 px) and behind a List / Map tab below that. Filters apply to both. The child route
 * notifications/:type renders above everything.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { useBranchBoard } from '../../branches/api';
import { filterBranches, organizationCount, regionsOf, statusCounts, type BoardFilter } from '../../branches/branch-board';
import { StatusSummary } from '../../branches/components/StatusSummary';
import { BoardFilters } from '../../branches/components/BoardFilters';
import { BranchTable } from '../../branches/components/BranchTable';
import { AlarmPanel } from '../../alarms/components/AlarmPanel';
import { BranchMapPanel } from '../../branches/components/BranchMapPanel';
import { RunningTasksPanel } from '../../task-lists/components/RunningTasksPanel';
import { TimersPanel } from '../../timers/components/TimersPanel';
import { useAlarmCounts } from '../../../realtime/alarm-counts';

type BoardView = 'list' | 'map';
const PANEL_HEIGHT = 'calc(100vh - 300px)';
/** From this window width the map shows beside the list instead of behind a tab. */
const SPLIT_MIN_WIDTH_PX = 1536;

export default function DashboardPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const org = useSelectedOrganization();
  const orgId = org.applies ? (org.selected?.OrganizationId ?? null) : null;
  const board = useBranchBoard(orgId, !org.applies || orgId !== null);
  const [filter, setFilter] = useState<BoardFilter>({ search: '', region: '' });
  const theme = useTheme();
  const split = useMediaQuery(theme.breakpoints.up(SPLIT_MIN_WIDTH_PX), { noSsr: true });
  const [view, setView] = useState<BoardView>('list');
  const [mapShown, setMapShown] = useState(false);
  const showView = (v: BoardView) => {
    setView(v);
    if (v === 'map') setMapShown(true);
  };
  const deferred = useDeferredValue(filter);

  const rows = useMemo(() => board.data?.organizationobject ?? [], [board.data]);
  const regions = useMemo(() => regionsOf(rows), [rows]);
  const visible = useMemo(() => filterBranches(rows, deferred), [rows, deferred]);
  const { alarmBranchIds } = useAlarmCounts();
  const counts = useMemo(() => statusCounts(visible, alarmBranchIds), [visible, alarmBranchIds]);
  const showOrganization = useMemo(() => organizationCount(rows) > 1, [rows]);
  const waitingForOrg = org.applies && orgId === null && org.isLoading;

  let content;
  if (board.isError) {
    const detail = board.error instanceof ApiError && board.error.code ? errorText(board.error) : null;
    content = (
      <Alert
        severity="error"
        data-testid="dashboard-error"
        action={
          <Button color="inherit" size="small" onClick={() => void board.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('errors.retrievingBranchOffices')}
        {detail && detail !== t('errors.retrievingBranchOffices') ? ` — ${detail}` : ''}
        {/* The map is drawn from the same rows: it failed too (spec §8 'Error retrieving Branches for Map'). */}
        <Box component="span" sx={{ display: 'block' }} data-testid="dashboard-map-error">
          {t('errors.retrievingBranchesForMap')}
        </Box>
      </Alert>
    );
  } else if (board.isLoading || waitingForOrg) {
    content = <Loading />;
  } else if (org.applies && orgId === null) {
    content = (
      <Typography color="text.secondary" data-testid="dashboard-empty">
        {t('dashboard.noOrganization')}
      </Typography>
    );
  } else if (rows.length === 0) {
    content = (
      <Typography color="text.secondary" data-testid="dashboard-empty">
        {t('dashboard.noBranches')}
      </Typography>
    );
  } else {
    content = (
      <Stack sx={{ gap: 2 }}>
        <StatusSummary counts={counts} />
        <BoardFilters value={filter} regions={regions} onChange={setFilter} />
        {!split && (
          <Tabs
            value={view}
            onChange={(_e, v: BoardView) => showView(v)}
            aria-label={t('dashboard.view.label')}
            sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
          >
            <Tab value="list" label={t('dashboard.view.list')} data-testid="board-view-list" sx={{ minHeight: 40 }} />
            <Tab value="map" label={t('dashboard.view.map')} data-testid="board-view-map" sx={{ minHeight: 40 }} />
          </Tabs>
        )}
        <Stack direction={split ? 'row' : 'column'} sx={{ gap: 2, alignItems: 'stretch' }}>
          <Box sx={{ flex: split ? '3 1 0' : undefined, minWidth: 0, display: split || view === 'list' ? 'block' : 'none' }}>
            {visible.length === 0 ? (
              <Typography color="text.secondary" data-testid="dashboard-no-match">
                {t('dashboard.noMatch')}
              </Typography>
            ) : (
              <BranchTable rows={visible} showOrganization={showOrganization} />
            )}
          </Box>
          {(split || mapShown) && (
            <Box sx={{ flex: split ? '2 1 0' : undefined, minWidth: 0, display: split || view === 'map' ? 'block' : 'none' }}>
              <BranchMapPanel rows={visible} height={PANEL_HEIGHT} />
            </Box>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack sx={{ gap: 2 }}>
      <Outlet />
      <AlarmPanel />
      <RunningTasksPanel />
      <TimersPanel />
      <Paper sx={{ p: 2 }} data-testid="branch-board">
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('dashboard.title')}
        </Typography>
        {content}
      </Paper>
    </Stack>
  );
}
