/**
 * The branch board table: status, name, code, region, organisation (only with several),
 * last action (translated) and its time in the branch's zone, a Test mode chip, and the row's
 * branch actions menu (open / close / service).
 * Virtualised (@tanstack/react-virtual): only the rows in view plus an overscan are in the DOM,
 * with spacer rows above and below, so 5,000 branches scroll and filter smoothly. Rows are
 * memoised and measured, so a wrapped name or a Test mode chip keeps its real height.
 */
import { memo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { branchStatusOf, type BranchOfficeRow } from '@vigil/contract';
import { formatBranchTime } from '../branch-board';
import { branchActionKey } from '../../../shared/i18n/branch-action';
import { StatusDot } from './StatusDot';
import { BranchActionsMenu } from './BranchActionsMenu';

/** The actions column stays in view when a narrow screen scrolls the table sideways. */
const STICKY_END = { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/** Estimated row height (px) before a row is measured. */
export const ROW_ESTIMATE_PX = 45;
/**
 * Rows rendered beyond each edge of the viewport. Generous, so a demo-sized board (a few dozen
 * branches) is entirely in the DOM while 5,000 still render only a window of them.
 */
export const ROW_OVERSCAN = 30;

export interface BranchTableProps {
  rows: BranchOfficeRow[];
  showOrganization: boolean;
}

export function BranchTable({ rows, showOrganization }: BranchTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: ROW_OVERSCAN,
    getItemKey: (i) => rows[i]!.BranchOfficeId,
    initialRect: { width: 1000, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const top = items.length ? items[0]!.start : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const columns = showOrganization ? 8 : 7;
  return (
    <TableContainer
      ref={scrollRef}
      sx={{ maxHeight: 'calc(100vh - 300px)', minHeight: 200 }}
      data-testid="branch-table-scroll"
      data-row-count={rows.length}
    >
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
          {top > 0 && (
            <TableRow aria-hidden style={{ height: top }}>
              <TableCell colSpan={columns} sx={{ p: 0, border: 0 }} />
            </TableRow>
          )}
          {items.map((v) => (
            <BranchRow
              key={v.key}
              index={v.index}
              measureRef={virtualizer.measureElement}
              row={rows[v.index]!}
              showOrganization={showOrganization}
            />
          ))}
          {bottom > 0 && (
            <TableRow aria-hidden style={{ height: bottom }}>
              <TableCell colSpan={columns} sx={{ p: 0, border: 0 }} />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface BranchRowProps {
  row: BranchOfficeRow;
  showOrganization: boolean;
  index: number;
  measureRef: (el: Element | null) => void;
}

const BranchRow = memo(function BranchRow({ row, showOrganization, index, measureRef }: BranchRowProps) {
  const { t } = useTranslation();
  const status = branchStatusOf(row.BranchAction);
  const actionKey = branchActionKey(row.BranchAction);
  const time = formatBranchTime(row.BranchActionTime, row.BranchTimeZone);
  return (
    <TableRow
      hover
      ref={measureRef}
      data-index={index}
      data-testid="branch-row"
      data-branch-id={row.BranchOfficeId}
      aria-rowindex={index + 2}
    >
      <TableCell data-testid="branch-status" data-status={status} sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <StatusDot status={status} />
          {t(`branchStatus.${status}`)}
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span data-testid="branch-name">{row.Name}</span>
          {row.TestMode && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('dashboard.testMode')}
              data-testid="branch-test-mode"
              title={row.TestNote ?? undefined}
            />
          )}
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.Code}</TableCell>
      <TableCell>{row.RegionalOfficeName ?? ''}</TableCell>
      {showOrganization && <TableCell>{row.OrganizationName}</TableCell>}
      <TableCell data-testid="branch-action">
        {actionKey ? t(`branchActions.${actionKey}`) : (row.BranchAction ?? t('dashboard.noAction'))}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="branch-time">
        {time ?? ''}
      </TableCell>
      <TableCell padding="checkbox" sx={STICKY_END}>
        <BranchActionsMenu branchOfficeId={row.BranchOfficeId} branchName={row.Name} />
      </TableCell>
    </TableRow>
  );
});
