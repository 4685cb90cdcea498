/**
 * / (spec §2 Main area; issue 13 full-height workspace): the operator's workspace fills the window
 * below the top bar with no page scroll. Resizable panels (react-resizable-panels; sizes kept in
 * localStorage under `react-resizable-panels:<group id>`) each scroll inside themselves:
 * - from the md breakpoint (drawer beside the page): two columns — the live alarm queue above the
 *   side panel (tabs: the branch map, and the running tasks with the timers; the last chosen tab is
 *   remembered in localStorage) on the left, the branch
 *   board (status summary, search and region filter, the table) on the right;
 * - narrower: two rows — the alarm queue beside the side panel above the branch board (there the
 *   side panel opens on the tasks and the map loads only when its tab is first chosen).
 * The tree of panels is the same at every width (only the orientations turn), so a resize never
 * remounts the panels.
 * Filters apply to the board and the map. The child route notifications/:type renders above the
 * workspace; the page then scrolls as a normal page and the workspace keeps a fixed height.
 * At scale (issue 20: 5,000 branches, 200 events/s) the board's rows are a deferred value: a live
 * event re-renders the board, its counts and the map in a transition React interrupts for input
 * and splits into short tasks, and the side panel's tabs (which measure themselves) render only
 * when the chosen tab changes.
 */
import { createContext, memo, useCallback, useContext, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { useOutlet } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { Group, Panel, useDefaultLayout } from 'react-resizable-panels';
import { useErrorText } from '../../../shared/api/use-error-text';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { useFullHeightPage } from '../../../shared/layout/full-height';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { useBranchBoard } from '../../branches/api';
import { type BoardFilter } from '../../branches/branch-board';
import { useBoardView } from '../../branches/use-board-view';
import { StatusSummary as StatusSummaryView } from '../../branches/components/StatusSummary';
import { BoardFilters as BoardFiltersView } from '../../branches/components/BoardFilters';
import { BranchTable as BranchTableView } from '../../branches/components/BranchTable';
import { AlarmPanel } from '../../alarms/components/AlarmPanel';
import { BranchMapPanel } from '../../branches/components/BranchMapPanel';
import { RunningTasksPanel } from '../../task-lists/components/RunningTasksPanel';
import { TimersPanel } from '../../timers/components/TimersPanel';
import { useAlarmCounts } from '../../../realtime/alarm-counts';
import { ResizeHandle } from '../components/ResizeHandle';

type SideTab = 'map' | 'activity';

// The page renders on every live event (the alarm list, the rows before their deferred render):
// the board's parts redraw only when their own props change.
const StatusSummary = memo(StatusSummaryView);
const BoardFilters = memo(BoardFiltersView);
const BranchTable = memo(BranchTableView);
/**
 * What changes with a live event: the board panel's content (summary, filters, table) and the
 * side panel's map. The page hands them down through this context to the two slots below, inside
 * the workspace's frame (panels, papers, titles), which is one element kept from render to render:
 * a live event then renders the slots, not the frame's two dozen styled parts (each MUI part's
 * styles serialised again by emotion: the largest share of the page's CPU under 200 events/s,
 * issue 20).
 */
const LiveParts = createContext<{ content: ReactNode; map: ReactNode }>({ content: null, map: null });

/** The board panel's content from LiveParts. */
function BoardContentSlot() {
  return <>{useContext(LiveParts).content}</>;
}

/** The side panel's map from LiveParts. */
function MapSlot() {
  return <>{useContext(LiveParts).map}</>;
}

/** localStorage key of the side panel's last chosen tab. */
const SIDE_TAB_KEY = 'vigil.dashboard.sideTab';

/** The side tab chosen last on this browser, else the map where there is room for it and the tasks otherwise. */
function initialSideTab(wide: boolean): SideTab {
  const stored = layoutStorage()?.getItem(SIDE_TAB_KEY);
  return stored === 'map' || stored === 'activity' ? stored : wide ? 'map' : 'activity';
}

/** Workspace height when a child page (notifications) is shown above it and the page scrolls. */
const WITH_CHILD_HEIGHT = 'calc(100dvh - 96px)';

/** localStorage, or nothing where the browser refuses it (the layout then starts from the defaults each time). */
function layoutStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** A resizable group whose sizes are remembered in localStorage under its id. */
function useRememberedLayout(id: string) {
  return useDefaultLayout({ id, storage: layoutStorage() });
}

/**
 * The side panel's tabs, memoised: MUI Tabs measure their labels (layout reads) on every render,
 * and the page renders on every live event.
 */
const SideTabs = memo(function SideTabs({ tab, onChange }: { tab: SideTab; onChange: (v: SideTab) => void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onChange={(_e, v: SideTab) => onChange(v)}
      aria-label={t('workspace.tabs.label')}
      variant="scrollable"
      scrollButtons={false}
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 36, flexShrink: 0 }}
    >
      <Tab value="map" label={t('workspace.tabs.map')} data-testid="board-view-map" sx={{ minHeight: 36, py: 0 }} />
      <Tab value="activity" label={t('workspace.tabs.activity')} data-testid="board-view-activity" sx={{ minHeight: 36, py: 0 }} />
    </Tabs>
  );
});

export default function DashboardPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const child = useOutlet();
  useFullHeightPage(!child);
  const org = useSelectedOrganization();
  const orgId = org.applies ? (org.selected?.OrganizationId ?? null) : null;
  const board = useBranchBoard(orgId, !org.applies || orgId !== null);
  const [filter, setFilter] = useState<BoardFilter>({ search: '', region: '' });
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [tab, setTab] = useState<SideTab>(() => initialSideTab(wide));
  const [mapShown, setMapShown] = useState(tab === 'map');
  const showTab = useCallback((v: SideTab) => {
    setTab(v);
    layoutStorage()?.setItem(SIDE_TAB_KEY, v);
    if (v === 'map') setMapShown(true);
  }, []);
  const deferred = useDeferredValue(filter);

  const liveRows = useMemo(() => board.data?.organizationobject ?? [], [board.data]);
  // Live events change the rows many times a second: the views of 5,000 rows follow in a
  // transition. The first rows are drawn at once (never an empty board in between).
  const deferredRows = useDeferredValue(liveRows);
  const rows = deferredRows.length === 0 ? liveRows : deferredRows;
  const { alarmBranchIds } = useAlarmCounts();
  // Shown rows, counts, regions: a live event's render updates them by the rows it replaced.
  const view = useBoardView(rows, deferred, alarmBranchIds);
  const { regions, visible, counts } = view;
  const showOrganization = view.organizations > 1;
  const waitingForOrg = org.applies && orgId === null && org.isLoading;
  const ready = !board.isError && !board.isLoading && !waitingForOrg && !(org.applies && orgId === null) && rows.length > 0;

  // The map (its WebGL probe and chunk) starts in the frame after the board is drawn: the board
  // first (issue 20: sign-in to board drawn ≤ 1 s with 5,000 branches).
  const [boardDrawn, setBoardDrawn] = useState(false);
  useEffect(() => {
    if (!ready || boardDrawn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setBoardDrawn(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, boardDrawn]);

  const { defaultLayout: columnsLayout, onLayoutChanged: onColumnsChanged } = useRememberedLayout('vigil-dashboard-columns');
  const { defaultLayout: leftLayout, onLayoutChanged: onLeftChanged } = useRememberedLayout('vigil-dashboard-left');

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
      <Stack sx={{ gap: 1, height: '100%', minHeight: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', flexShrink: 0 }}>
          <StatusSummary counts={counts} />
          <Box sx={{ flex: '1 1 auto' }} />
          <BoardFilters value={filter} regions={regions} onChange={setFilter} />
        </Stack>
        <Box sx={{ flex: '1 1 auto', minHeight: 0 }}>
          {visible.length === 0 ? (
            <Typography color="text.secondary" data-testid="dashboard-no-match">
              {t('dashboard.noMatch')}
            </Typography>
          ) : (
            <BranchTable rows={visible} showOrganization={showOrganization} />
          )}
        </Box>
      </Stack>
    );
  }

  const map = (
    <>
      {ready && mapShown && boardDrawn && <BranchMapPanel rows={visible} />}
      {!ready && board.isError && (
        <Typography variant="body2" color="text.secondary">
          {t('errors.retrievingBranchesForMap')}
        </Typography>
      )}
    </>
  );

  // The panels that do not draw the board, as elements kept from render to render: the page
  // renders on every live event (twice: the event, then the deferred rows), and React skips an
  // element it has already rendered. They follow the events they show through their own queries.
  const alarmPanel = useMemo(() => <AlarmPanel />, []);
  const activity = useMemo(
    () => (
      <Stack
        sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto', gap: 1, p: 1, display: tab === 'activity' ? 'flex' : 'none' }}
        data-testid="side-activity"
      >
        <RunningTasksPanel />
        <TimersPanel ticking={tab === 'activity'} />
      </Stack>
    ),
    [tab],
  );

  // The frame of the workspace, kept from render to render too (see LiveParts): what a live event
  // changes is in the two slots.
  const withChild = child != null;
  const frame = useMemo(() => {
    const boardPanel = (
      <Paper
        sx={{ p: 1, height: '100%', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', minHeight: 0 }}
        data-testid="branch-board"
      >
        <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 600, mb: 0.5, flexShrink: 0 }}>
          {t('dashboard.title')}
        </Typography>
        <Box sx={{ flex: '1 1 auto', minHeight: 0 }}>
          <BoardContentSlot />
        </Box>
      </Paper>
    );
    const sidePanel = (
      <Paper
        sx={{ height: '100%', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', minHeight: 0 }}
        data-testid="side-panel"
      >
        <SideTabs tab={tab} onChange={showTab} />
        <Box sx={{ flex: '1 1 auto', minHeight: 0, p: 1, display: tab === 'map' ? 'block' : 'none' }} data-testid="side-map">
          <MapSlot />
        </Box>
        {activity}
      </Paper>
    );
    const cell = { height: '100%', minHeight: 0, overflow: 'hidden' } as const;
    return (
      <Box
        sx={{ flex: '1 1 auto', minHeight: 0, height: withChild ? WITH_CHILD_HEIGHT : undefined, mt: withChild ? 2 : 0 }}
        data-testid="dashboard-workspace"
        aria-label={t('workspace.label')}
        role="region"
      >
        {/* One tree at every width (a resize never remounts the panels): only the orientations turn. */}
        <Group
          orientation={wide ? 'horizontal' : 'vertical'}
          id="vigil-dashboard-columns"
          defaultLayout={columnsLayout}
          onLayoutChanged={onColumnsChanged}
        >
          <Panel id="queue" defaultSize={wide ? '44%' : '55%'} minSize="28%">
            <Group
              orientation={wide ? 'vertical' : 'horizontal'}
              id="vigil-dashboard-left"
              defaultLayout={leftLayout}
              onLayoutChanged={onLeftChanged}
            >
              <Panel id="alarms" defaultSize="60%" minSize="20%">
                <Box sx={cell}>{alarmPanel}</Box>
              </Panel>
              <ResizeHandle orientation={wide ? 'vertical' : 'horizontal'} label={t('workspace.resizeSide')} testId="resize-side" />
              <Panel id="side" defaultSize="40%" minSize="15%">
                <Box sx={cell}>{sidePanel}</Box>
              </Panel>
            </Group>
          </Panel>
          <ResizeHandle orientation={wide ? 'horizontal' : 'vertical'} label={t('workspace.resizeColumns')} testId="resize-columns" />
          <Panel id="board" defaultSize={wide ? '56%' : '45%'} minSize="30%">
            <Box sx={cell}>{boardPanel}</Box>
          </Panel>
        </Group>
      </Box>
    );
  }, [t, tab, showTab, activity, alarmPanel, wide, withChild, columnsLayout, onColumnsChanged, leftLayout, onLeftChanged]);

  return (
    <LiveParts.Provider value={{ content, map }}>
      {child}
      {frame}
    </LiveParts.Provider>
  );
}
