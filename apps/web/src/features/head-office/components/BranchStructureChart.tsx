/**
 * The organisation's branch structure on /mainoffice (getstatistics, spec §7 "branch structure";
 * issue 19): a stacked bar per region of its Active, Pending and Inactive branches (MUI X Charts,
 * loaded lazily with the chart), the totals, and the same figures as a table for screen readers
 * and narrow windows.
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useErrorText } from '../../../shared/api/use-error-text';
import { Loading } from '../../../shared/components/Loading';
import type { OrgScope } from '../../../shared/organization/org-scope';
import { useBranchStructure } from '../api';

/** Pixels per region bar; the chart grows with the number of regions. */
const BAR_HEIGHT = 36;

export default function BranchStructureChart({ scope, enabled }: { scope: OrgScope; enabled: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const errorText = useErrorText();
  const q = useBranchStructure(scope, enabled);
  if (q.isError) return <Alert severity="error">{errorText(q.error)}</Alert>;
  if (!q.data) return <Loading />;
  const s = q.data;
  const name = (r: (typeof s.Regions)[number]) => r.RegionalOfficeName ?? t('management.statistics.noRegion');
  const series = [
    { key: 'Active', label: t('management.status.Active'), color: theme.palette.success.main },
    { key: 'Pending', label: t('management.status.Pending'), color: theme.palette.warning.main },
    { key: 'Inactive', label: t('management.status.Inactive'), color: theme.palette.grey[500] },
  ] as const;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="branch-structure">
      <Typography variant="h6" component="h2">
        {t('management.statistics.title')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }} data-testid="branch-structure-totals">
        <Chip label={t('management.statistics.regions', { count: s.Totals.Regions })} />
        <Chip label={t('management.statistics.branches', { count: s.Totals.Total })} />
        <Chip color="success" variant="outlined" label={t('management.statistics.active', { count: s.Totals.Active })} />
        <Chip variant="outlined" label={t('management.statistics.testMode', { count: s.Totals.TestMode })} />
        <Chip variant="outlined" label={t('management.statistics.employees', { count: s.Totals.Employees })} />
      </Stack>
      {s.Regions.length === 0 ? (
        <Typography color="text.secondary">{t('management.statistics.empty')}</Typography>
      ) : (
        <>
          <BarChart
            height={Math.max(160, BAR_HEIGHT * s.Regions.length + 80)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: s.Regions.map(name), width: 160 }]}
            xAxis={[{ min: 0, tickMinStep: 1, valueFormatter: (v: number) => String(Math.round(v)) }]}
            series={series.map((x) => ({
              data: s.Regions.map((r) => r[x.key]),
              label: x.label,
              color: x.color,
              stack: 'branches',
            }))}
          />
          <Table size="small" aria-label={t('management.statistics.title')} data-testid="branch-structure-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('management.statistics.region')}</TableCell>
                {series.map((x) => (
                  <TableCell key={x.key} align="right">
                    {x.label}
                  </TableCell>
                ))}
                <TableCell align="right">{t('management.statistics.total')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('management.statistics.types')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.Regions.map((r) => (
                <TableRow key={r.RegionalOfficeId ?? 'none'} data-testid="branch-structure-row">
                  <TableCell>{name(r)}</TableCell>
                  {series.map((x) => (
                    <TableCell key={x.key} align="right">
                      {r[x.key]}
                    </TableCell>
                  ))}
                  <TableCell align="right">{r.Total}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {r.Types.map((ty) => `${ty.BranchOfficeTypeDisplay} ${ty.Count}`).join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}
