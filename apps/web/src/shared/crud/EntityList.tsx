/**
 * The generic list of every management screen (STYLE.md list scaffold): title, add button,
 * search, select filters, a server-paged table and the CSV export of the same filtered list.
 * Each screen gives its feature's ListSource, the columns and the filters — nothing else.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translator';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { useErrorText } from '../api/use-error-text';
import { saveBlob } from '../api/download';
import { useListPage, type ListSource } from './api';
import { usePageHeight } from '../layout/use-layout';

/** One column: a header catalogue key and how a row shows. */
export interface Column<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
}
/** A select filter sent as `name` in the request ('' = all). */
export interface FilterDef<F extends string = string> {
  name: F;
  label: string;
  options: { value: string | number; label: string }[];
}

export interface EntityListProps<R, F extends string> {
  /** data-testid prefix, e.g. "branches". */
  testId: string;
  title: string;
  /** The list call of the feature's api.ts (with its fixed fields: case, organisation). */
  source: ListSource<R, F>;
  columns: Column<R>[];
  rowKey: (row: R) => string | number;
  filters?: FilterDef<F>[];
  onRowClick?: (row: R) => void;
  /** Shown when given: the add button. */
  onAdd?: () => void;
  addLabel?: string;
  /** CSV file name; the export button shows when given and the source has an export. */
  csvName?: string;
  enabled?: boolean;
  /** The §8 text shown when the list cannot be read (default: the server's or the generic text). */
  loadErrorKey?: string;
}

/** The generic server-paged list with search, filters and CSV export. */
export function EntityList<R, F extends string = never>(props: EntityListProps<R, F>) {
  const { t } = useTranslation();
  const pageHeight = usePageHeight();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [filterValues, setFilterValues] = useState<Partial<Record<F, string>>>({});
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters: Partial<Record<F, string>> = {};
  for (const f of props.filters ?? []) {
    const v = filterValues[f.name];
    if (v) filters[f.name] = v;
  }
  const filter = { search: search.trim() || undefined, filters };
  const q = useListPage(props.source, { ...filter, offset: page * rowsPerPage, limit: rowsPerPage }, props.enabled ?? true);
  const exportCsv = props.source.exportCsv;

  const onExport = async () => {
    if (!exportCsv || !props.csvName) return;
    setExportError(null);
    setExporting(true);
    try {
      saveBlob(props.csvName, (await exportCsv(filter)).blob);
    } catch (e) {
      setExportError(errorText(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack sx={{ gap: 2 }} data-testid={`${props.testId}-list`}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.csvName && exportCsv && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void onExport()}
            disabled={exporting}
            data-testid={`${props.testId}-export`}
          >
            {t('management.list.exportCsv')}
          </Button>
        )}
        {props.onAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd} data-testid={`${props.testId}-add`}>
            {props.addLabel ?? t('management.list.add')}
          </Button>
        )}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('management.list.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { 'data-testid': `${props.testId}-search` } }}
          sx={{ minWidth: 240 }}
        />
        {props.filters?.map((f) => (
          <TextField
            key={f.name}
            select
            size="small"
            label={f.label}
            value={filterValues[f.name] ?? ''}
            onChange={(e) => {
              setFilterValues((prev) => ({ ...prev, [f.name]: e.target.value }));
              setPage(0);
            }}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': `${props.testId}-filter-${f.name}` } }}
          >
            <MenuItem value="">{t('management.list.all')}</MenuItem>
            {f.options.map((o) => (
              <MenuItem key={o.value} value={String(o.value)}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      {exportError && (
        <Alert severity="error" onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      {q.isError && <Alert severity="error">{errorText(q.error, props.loadErrorKey)}</Alert>}
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{q.isFetching && <LinearProgress aria-label={t('app.loading')} />}</Box>
        {/* The list scrolls within the §9 page height (window − 350, or 200 at ≤ 555 px), header kept. */}
        <TableContainer
          sx={{ maxHeight: pageHeight }}
          // A scrolling region is reachable and named for keyboard users (WCAG 2.1.1).
          tabIndex={0}
          role="region"
          aria-label={t('management.list.rows')}
          data-testid={`${props.testId}-scroll`}
          data-page-height={pageHeight}
        >
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {props.columns.map((c) => (
                  <TableCell key={c.key}>{c.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data?.rows.map((r) => (
                <TableRow
                  key={props.rowKey(r)}
                  hover={!!props.onRowClick}
                  onClick={props.onRowClick ? () => props.onRowClick!(r) : undefined}
                  sx={props.onRowClick ? { cursor: 'pointer' } : undefined}
                  data-testid={`${props.testId}-row`}
                >
                  {props.columns.map((c) => (
                    <TableCell key={c.key}>{c.render(r)}</TableCell>
                  ))}
                </TableRow>
              ))}
              {q.data && q.data.rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={props.columns.length}>
                    <Typography color="text.secondary">{t('management.list.empty')}</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={q.data?.total ?? 0}
          page={page}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setRowsPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('management.list.rowsPerPage')}
        />
      </Paper>
    </Stack>
  );
}
