/**
 * / (spec §2 Main area): the branch board for the user's scope, with status summary, search
 * and region filter, below the live alarm panel. The child route notifications/:type renders
 * above both.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { useBranchBoard } from '../api';
import { filterBranches, organizationCount, regionsOf, statusCounts, type BoardFilter } from '../branch-board';
import { StatusSummary } from '../components/StatusSummary';
import { BoardFilters } from '../components/BoardFilters';
import { BranchTable } from '../components/BranchTable';
import { AlarmPanel } from '../components/AlarmPanel';

export default function DashboardPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const org = useSelectedOrganization();
  const orgId = org.applies ? (org.selected?.OrganizationId ?? null) : null;
  const board = useBranchBoard(orgId, !org.applies || orgId !== null);
  const [filter, setFilter] = useState<BoardFilter>({ search: '', region: '' });
  const deferred = useDeferredValue(filter);

  const rows = useMemo(() => board.data?.organizationobject ?? [], [board.data]);
  const regions = useMemo(() => regionsOf(rows), [rows]);
  const visible = useMemo(() => filterBranches(rows, deferred), [rows, deferred]);
  const counts = useMemo(() => statusCounts(visible), [visible]);
  const showOrganization = useMemo(() => organizationCount(rows) > 1, [rows]);
  const waitingForOrg = org.applies && orgId === null && org.isLoading;

  let content;
  if (board.isError) {
    const detail = board.error instanceof ApiError && board.error.code ? errorText(board.error) : null;
    content = (
      <Alert
        severity="error"
        data-testid="dashboard-error"
        action={<Button color="inherit" size="small" onClick={() => void board.refetch()}>{t('app.retry')}</Button>}
      >
        {t('errors.retrievingBranchOffices')}
        {detail && detail !== t('errors.retrievingBranchOffices') ? ` — ${detail}` : ''}
      </Alert>
    );
  } else if (board.isLoading || waitingForOrg) {
    content = <Loading />;
  } else if (org.applies && orgId === null) {
    content = <Typography color="text.secondary" data-testid="dashboard-empty">{t('dashboard.noOrganization')}</Typography>;
  } else if (rows.length === 0) {
    content = <Typography color="text.secondary" data-testid="dashboard-empty">{t('dashboard.noBranches')}</Typography>;
  } else {
    content = (
      <Stack sx={{ gap: 2 }}>
        <StatusSummary counts={counts} />
        <BoardFilters value={filter} regions={regions} onChange={setFilter} />
        {visible.length === 0 ? (
          <Typography color="text.secondary" data-testid="dashboard-no-match">{t('dashboard.noMatch')}</Typography>
        ) : (
          <BranchTable rows={visible} showOrganization={showOrganization} />
        )}
      </Stack>
    );
  }

  return (
    <Stack sx={{ gap: 2 }}>
      <Outlet />
      <AlarmPanel />
      <Paper sx={{ p: 2 }} data-testid="branch-board">
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('dashboard.title')}
        </Typography>
        {content}
      </Paper>
    </Stack>
  );
}
