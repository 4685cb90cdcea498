/**
 * The branch board table: status, name, code, region, organisation (only with several),
 * last action (translated) and its time in the branch's zone, a Test mode chip, and the row's
 * branch actions menu (open / close / service).
 * Rows are memoised so filtering 500+ rows stays smooth.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { branchStatusOf, type BranchOfficeRow } from '@vigil/contract';
import { branchActionKey, formatBranchTime } from '../branch-board';
import { StatusDot } from './StatusDot';
import { BranchActionsMenu } from './BranchActionsMenu';

/** The actions column stays in view when a narrow screen scrolls the table sideways. */
const STICKY_END = { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

export interface BranchTableProps {
  rows: BranchOfficeRow[];
  showOrganization: boolean;
}

export function BranchTable({ rows, showOrganization }: BranchTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: 'calc(100vh - 300px)', minHeight: 200 }}>
      <Table stickyHeader size="small" aria-label={t('dashboard.tableLabel')} data-testid="branch-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.columns.status')}</TableCell>
            <TableCell>{t('dashboard.columns.name')}</TableCell>
            <TableCell>{t('dashboard.columns.code')}</TableCell>
            <TableCell>{t('dashboard.columns.region')}</TableCell>
            {showOrganization && <TableCell>{t('dashboard.columns.organization')}</TableCell>}
            <TableCell>{t('dashboard.columns.lastAction')}</TableCell>
            <TableCell>{t('dashboard.columns.time')}</TableCell>
            <TableCell padding="checkbox" aria-label={t('dashboard.columns.actions')} sx={{ ...STICKY_END, zIndex: 3 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <BranchRow key={r.BranchOfficeId} row={r} showOrganization={showOrganization} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const BranchRow = memo(function BranchRow({ row, showOrganization }: { row: BranchOfficeRow; showOrganization: boolean }) {
  const { t } = useTranslation();
  const status = branchStatusOf(row.BranchAction);
  const actionKey = branchActionKey(row.BranchAction);
  const time = formatBranchTime(row.BranchActionTime, row.BranchTimeZone);
  return (
    <TableRow hover data-testid="branch-row" data-branch-id={row.BranchOfficeId}>
      <TableCell data-testid="branch-status" data-status={status} sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <StatusDot status={status} />
          {t(`branchStatus.${status}`)}
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span data-testid="branch-name">{row.Name}</span>
          {row.TestMode && <Chip size="small" color="warning" variant="outlined" label={t('dashboard.testMode')} data-testid="branch-test-mode" title={row.TestNote ?? undefined} />}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.Code}</TableCell>
      <TableCell>{row.RegionalOfficeName ?? ''}</TableCell>
      {showOrganization && <TableCell>{row.OrganizationName}</TableCell>}
      <TableCell data-testid="branch-action">{actionKey ? t(`branchActions.${actionKey}`) : (row.BranchAction ?? t('dashboard.noAction'))}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="branch-time">
        {time ?? ''}
      </TableCell>
      <TableCell padding="checkbox" sx={STICKY_END}>
        <BranchActionsMenu branchOfficeId={row.BranchOfficeId} branchName={row.Name} />
      </TableCell>
    </TableRow>
  );
});
