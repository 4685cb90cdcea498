/**
 * The branch board table: status, name, code, region, organisation (only with several),
 * last action (translated) and its time in the branch's zone, a Test mode chip, and the row's
 * branch actions menu (open / close / service).
 * Virtualised (@tanstack/react-virtual): only the rows in view plus an overscan are in the DOM,
 * with spacer rows above and below, so 5,000 branches scroll and filter smoothly. Rows are
 * memoised and measured.
 * Dense (issue 13): one line per branch (about 29 px), nothing wraps — names, regions and
 * organisations end in an ellipsis with the whole text as their tooltip, codes and times keep
 * their width; the table fills its panel's height and scrolls inside it, sideways too when the
 * panel is narrow, with a shadow at the right edge (data-more-right) while columns are hidden there.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useVirtualRows } from '../../../shared/layout/virtual-rows';
import { SpacerRow } from '../../../shared/layout/spacer-row';
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { branchStatusOf, type BranchOfficeRow } from '@vigil/contract';
import { branchActionKey } from '../../../shared/format/branch-action';
import { formatBranchTime } from '../branch-board';
import { StatusDot } from './StatusDot';
import { BranchActionsMenu } from './BranchActionsMenu';

/** The actions column stays in view when a narrow screen scrolls the table sideways. */
const STICKY_END = { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/** Estimated row height (px) before a row is measured: one dense line. */
export const ROW_ESTIMATE_PX = 29;

/** The virtualizer's key of a row: its branch id. */
const branchKeyOf = (r: BranchOfficeRow) => r.BranchOfficeId;

/** One line, cut with an ellipsis (the cell's title carries the whole text). */
const ELLIPSIS = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** Dense cells: 2 px above and below, 8 px at the sides; the row menu's button without its padding. */
const DENSE = {
  '& .MuiTableCell-sizeSmall': { py: 0.25, px: 1 },
  '& .MuiTableCell-paddingCheckbox': { px: 0.5 },
  '& .MuiIconButton-root': { p: 0.25 },
} as const;

/**
 * Whether the element can scroll further right (columns hidden at the right edge), kept up to
 * date on scroll and resize; the answer feeds the table's right-edge shadow.
 */
function useMoreRight(el: HTMLDivElement | null): [boolean, () => void] {
  const [more, setMore] = useState(false);
  const update = useCallback(() => {
    if (!el) return;
    setMore(el.scrollWidth - el.clientWidth - el.scrollLeft > 1);
  }, [el]);
  useEffect(() => {
    if (!el) return;
    // A ResizeObserver reports once when it starts observing: that is the first answer.
    const ro = new ResizeObserver(update);
    ro.observe(el);
    const table = el.firstElementChild;
    if (table) ro.observe(table);
    return () => ro.disconnect();
  }, [el, update]);
  return [more, update];
}

export interface BranchTableProps {
  rows: BranchOfficeRow[];
  showOrganization: boolean;
}

export function BranchTable({ rows, showOrganization }: BranchTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const setScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    setScrollEl(el);
  }, []);
  const [moreRight, onScroll] = useMoreRight(scrollEl);
  // A demo-sized board is entirely in the DOM; 5,000 branches render only a window of them.
  const { virtualizer, items, top, bottom } = useVirtualRows(rows, branchKeyOf, {
    scrollRef,
    estimatePx: ROW_ESTIMATE_PX,
    initialRect: { width: 1000, height: 600 },
  });
  const columns = showOrganization ? 8 : 7;
  return (
    <Box sx={{ position: 'relative', height: '100%', minHeight: 0 }}>
      <TableContainer
        ref={setScroll}
        onScroll={onScroll}
        sx={{ height: '100%', minHeight: 120 }}
        data-testid="branch-table-scroll"
        data-row-count={rows.length}
        data-more-right={moreRight ? 'true' : 'false'}
      >
        <Table stickyHeader size="small" aria-label={t('dashboard.tableLabel')} data-testid="branch-table" sx={DENSE}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
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
            <SpacerRow height={top} columns={columns} />
            {items.map((v) => (
              <BranchRow
                key={v.key}
                index={v.index}
                measureRef={virtualizer.measureElement}
                row={rows[v.index]!}
                showOrganization={showOrganization}
              />
            ))}
            <SpacerRow height={bottom} columns={columns} />
          </TableBody>
        </Table>
      </TableContainer>
      {moreRight && (
        <Box
          aria-hidden
          title={t('workspace.scrollMore')}
          data-testid="branch-table-more-right"
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            right: 44,
            width: 16,
            pointerEvents: 'none',
            background: 'linear-gradient(to left, rgba(0,0,0,0.14), rgba(0,0,0,0))',
            zIndex: 4,
          }}
        />
      )}
    </Box>
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
      <TableCell sx={{ maxWidth: 200 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'nowrap', minWidth: 0 }}>
          <Box component="span" data-testid="branch-name" title={row.Name} sx={{ ...ELLIPSIS, minWidth: 0 }}>
            {row.Name}
          </Box>
          {row.TestMode && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('dashboard.testMode')}
              data-testid="branch-test-mode"
              title={row.TestNote ?? undefined}
              sx={{ height: 20, flexShrink: 0 }}
            />
          )}
        </Stack>
      </TableCell>
      <TableCell sx={{ ...ELLIPSIS, maxWidth: 120 }} title={row.Code}>
        {row.Code}
      </TableCell>
      <TableCell sx={{ ...ELLIPSIS, maxWidth: 140 }} title={row.RegionalOfficeName ?? undefined}>
        {row.RegionalOfficeName ?? ''}
      </TableCell>
      {showOrganization && (
        <TableCell sx={{ ...ELLIPSIS, maxWidth: 140 }} title={row.OrganizationName}>
          {row.OrganizationName}
        </TableCell>
      )}
      <TableCell data-testid="branch-action" sx={{ ...ELLIPSIS, maxWidth: 160 }}>
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
