/**
 * The one paged-table scaffold of every report screen: title, the shared filter bar, CSV/XLSX
 * export of the same filters, a table paged and sorted on the server (MUI Table + TablePagination),
 * loading, empty ('No records for this period') and error states (the report's spec §8 text), and
 * a details dialog for a clicked row.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { REPORT_PAGE_LIMIT_DEFAULT } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { useDateRange } from '../../../shared/date-range/date-range-context';
import { useReportPage, type ReportFrame, type ReportSource } from '../api';
import { ExportButtons } from './ExportButtons';
import { ReportFilterBar, type ScopeFilters } from './ReportFilterBar';

/** A column of a report table. `sortKey` (one of the report's sorts) makes it sortable on the server. */
export interface ReportColumn<R, S extends string = string> {
  id: string;
  /** Catalogue key of the header. */
  label: string;
  sortKey?: S;
  /** Keep the cell on one line (dates, times). */
  nowrap?: boolean;
  render: (row: R) => ReactNode;
}

export interface ReportScreenProps<R, S extends string> {
  /** Catalogue key of the title. */
  title: string;
  testId: string;
  /** The report's call from reports/api.ts, with the report's own filters. */
  source: ReportSource<R, S>;
  columns: ReportColumn<R, S>[];
  defaultSort: S;
  defaultDir?: 'asc' | 'desc';
  /** Catalogue key of the failure text (spec §8). */
  errorKey: string;
  errorVars?: Record<string, string>;
  rowKey: (row: R) => string | number;
  /** Report-specific filter fields. */
  filters?: ReactNode;
  /** Content of the details dialog of a row; none = rows are not clickable. */
  renderDetail?: (row: R) => ReactNode;
  /** Called instead of the dialog when a row is clicked (e.g. navigate to a detail route). */
  onRowClick?: (row: R) => void;
  /** Something shown between the filters and the table (summary, notes). */
  header?: ReactNode;
}

export function ReportScreen<R, S extends string>(props: ReportScreenProps<R, S>) {
  const { t } = useTranslation();
  const range = useDateRange();
  const [scope, setScope] = useState<ScopeFilters>({});
  const [sort, setSort] = useState<{ by: S; dir: 'asc' | 'desc' }>({ by: props.defaultSort, dir: props.defaultDir ?? 'desc' });
  const [limit, setLimit] = useState(REPORT_PAGE_LIMIT_DEFAULT);
  const frame: ReportFrame<S> = {
    fromDate: range.start,
    toDate: range.end,
    ...scope,
    sortBy: sort.by,
    sortDir: sort.dir,
  };
  // A change of any filter (the report's own, in the source's key, or the frame) goes back to the first page.
  const filterKey = JSON.stringify([props.source.key, frame]);
  const [paging, setPaging] = useState({ key: filterKey, offset: 0 });
  const offset = paging.key === filterKey ? paging.offset : 0;
  const q = useReportPage(props.source, { ...frame, offset, limit });
  const [detail, setDetail] = useState<R | null>(null);
  const clickable = !!props.renderDetail || !!props.onRowClick;

  const errorText = (err: unknown) =>
    err instanceof ApiError && err.status === 400 && err.description ? err.description : t(props.errorKey, props.errorVars);

  return (
    <Stack sx={{ gap: 2 }} data-testid={props.testId}>
      <Typography variant="h5" component="h1">
        {t(props.title)}
      </Typography>
      <ReportFilterBar
        value={scope}
        onChange={setScope}
        actions={
          <ExportButtons download={(opts) => props.source.download(frame, opts)} errorKey={props.errorKey} errorVars={props.errorVars} />
        }
      >
        {props.filters}
      </ReportFilterBar>
      {props.header}
      <Paper variant="outlined">
        {q.isFetching && <LinearProgress data-testid="report-loading" aria-label={t('app.loading')} />}
        {q.isError ? (
          <Alert
            severity="error"
            data-testid="report-error"
            action={
              <Button color="inherit" size="small" onClick={() => void q.refetch()}>
                {t('reports.table.retry')}
              </Button>
            }
          >
            {errorText(q.error)}
          </Alert>
        ) : (
          <>
            <TableContainer>
              <Table size="small" data-testid="report-table">
                <TableHead>
                  <TableRow>
                    {props.columns.map((c) => (
                      <TableCell
                        key={c.id}
                        sortDirection={sort.by === c.sortKey ? sort.dir : false}
                        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                      >
                        {c.sortKey ? (
                          <TableSortLabel
                            active={sort.by === c.sortKey}
                            direction={sort.by === c.sortKey ? sort.dir : 'asc'}
                            onClick={() => {
                              const by = c.sortKey;
                              if (by) setSort((s) => ({ by, dir: s.by === by && s.dir === 'asc' ? 'desc' : 'asc' }));
                            }}
                          >
                            {t(c.label)}
                          </TableSortLabel>
                        ) : (
                          t(c.label)
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(q.data?.rows ?? []).map((r) => (
                    <TableRow
                      key={props.rowKey(r)}
                      hover={clickable}
                      data-testid="report-row"
                      sx={clickable ? { cursor: 'pointer' } : undefined}
                      onClick={clickable ? () => (props.onRowClick ? props.onRowClick(r) : setDetail(r)) : undefined}
                    >
                      {props.columns.map((c) => (
                        <TableCell key={c.id} sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                          {c.render(r)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {q.isSuccess && q.data.rows.length === 0 && (
              <Box sx={{ p: 3, textAlign: 'center' }} data-testid="report-empty">
                <Typography color="text.secondary">{t('reports.table.empty')}</Typography>
              </Box>
            )}
            <TablePagination
              component="div"
              count={q.data?.total ?? 0}
              page={Math.floor(offset / limit)}
              rowsPerPage={limit}
              rowsPerPageOptions={[10, 25, 50, 100]}
              labelRowsPerPage={t('reports.table.rowsPerPage')}
              onPageChange={(_e, p) => setPaging({ key: filterKey, offset: p * limit })}
              onRowsPerPageChange={(e) => {
                setLimit(Number(e.target.value));
                setPaging({ key: filterKey, offset: 0 });
              }}
              data-testid="report-pagination"
            />
          </>
        )}
      </Paper>
      {props.renderDetail && (
        <Dialog open={detail !== null} onClose={() => setDetail(null)} maxWidth="md" fullWidth>
          <DialogTitle>{t('reports.detail.title')}</DialogTitle>
          <DialogContent dividers data-testid="report-detail">
            {detail !== null && props.renderDetail(detail)}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDetail(null)}>{t('reports.table.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

/** A label / value line of a details dialog. */
export function DetailLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ flexGrow: 1, minWidth: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}
