/**
 * /reports: the report catalogue (a card per report the role's menu offers, from menuForRole) and
 * the Summary report (managesummaryreports → body.resultobject.APPObject, spec §3 Summary report):
 * counts, bar charts (MUI X Charts) and the lists behind the counts, for the global date range.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ReportErrorCode, menuForRole, type SummaryCounts } from '@vigil/contract';
import { useDateRange } from '../../../shared/date-range/date-range-context';
import { useSession } from '../../../shared/session/use-session';
import { useSummaryReport } from '../api';
import { ReportFilterBar, type ScopeFilters } from '../components/ReportFilterBar';

const COUNT_KEYS: (keyof SummaryCounts)[] = [
  'Openings',
  'OpeningsEarly',
  'OpeningsOnTime',
  'OpeningsLate',
  'NotOpened',
  'Closings',
  'ClosingsEarly',
  'ClosingsOnTime',
  'ClosingsLate',
  'AutoClosed',
  'Service',
  'Panic',
  'Trouble',
  'Emergency',
  'SecurityAlerts',
];
const LISTS = ['EmergencyData', 'MissingData', 'PanicData', 'SecurityAlertsData', 'TroubleData', 'BranchActivity'] as const;

function Summary() {
  const { t } = useTranslation();
  const range = useDateRange();
  const [scope, setScope] = useState<ScopeFilters>({});
  const [list, setList] = useState<(typeof LISTS)[number]>('EmergencyData');
  const q = useSummaryReport({ fromDate: range.start, toDate: range.end, ...scope });
  const s = q.data;
  return (
    <Stack sx={{ gap: 2 }} data-testid="summary-report">
      <Typography variant="h6" component="h2">
        {t('reports.summary.title')}
      </Typography>
      <ReportFilterBar value={scope} onChange={setScope} />
      {q.isFetching && <LinearProgress aria-label={t('app.loading')} />}
      {q.isError && (
        <Alert severity="error" data-testid="report-error">
          {t(ReportErrorCode.Summary)}
        </Alert>
      )}
      {s && (
        <>
          <Grid container spacing={1.5}>
            {COUNT_KEYS.map((k) => (
              <Grid key={k} size={{ xs: 6, sm: 4, md: 2.4 }}>
                <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`count-${k}`}>
                  <Typography variant="caption" color="text.secondary">
                    {t(`reports.summary.counts.${k}`)}
                  </Typography>
                  <Typography variant="h5">{s[k]}</Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>
          <Grid container spacing={2}>
            {(
              [
                ['reports.summary.openingsChart', ['OpeningsEarly', 'OpeningsOnTime', 'OpeningsLate', 'NotOpened']],
                ['reports.summary.closingsChart', ['ClosingsEarly', 'ClosingsOnTime', 'ClosingsLate', 'AutoClosed']],
                ['reports.summary.alarmsChart', ['Service', 'Panic', 'Trouble', 'Emergency', 'SecurityAlerts']],
              ] as const
            ).map(([title, keys]) => (
              <Grid key={title} size={{ xs: 12, md: 4 }}>
                <Paper variant="outlined" sx={{ p: 1 }}>
                  <Typography variant="subtitle2">{t(title)}</Typography>
                  <BarChart
                    height={220}
                    xAxis={[{ scaleType: 'band', data: keys.map((k) => t(`reports.summary.counts.${k}`)) }]}
                    series={[{ data: keys.map((k) => s[k]) }]}
                  />
                </Paper>
              </Grid>
            ))}
          </Grid>
          <Paper variant="outlined">
            <Tabs value={list} onChange={(_e, v: (typeof LISTS)[number]) => setList(v)} variant="scrollable">
              {LISTS.map((l) => (
                <Tab key={l} value={l} label={t(`reports.summary.lists.${l}`)} />
              ))}
            </Tabs>
            <Table size="small" data-testid="summary-list">
              {list === 'BranchActivity' ? (
                <>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('reports.columns.branch')}</TableCell>
                      <TableCell>{t('reports.summary.counts.Openings')}</TableCell>
                      <TableCell>{t('reports.summary.counts.Closings')}</TableCell>
                      <TableCell>{t('reports.summary.counts.Service')}</TableCell>
                      <TableCell>{t('reports.summary.alarms')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {s.BranchActivity.map((b) => (
                      <TableRow key={b.BranchOfficeId}>
                        <TableCell>{b.BranchOfficeName}</TableCell>
                        <TableCell>{b.Openings}</TableCell>
                        <TableCell>{b.Closings}</TableCell>
                        <TableCell>{b.Service}</TableCell>
                        <TableCell>{b.Alarms}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </>
              ) : (
                <>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('reports.columns.time')}</TableCell>
                      <TableCell>{t('reports.columns.branch')}</TableCell>
                      <TableCell>{t('reports.columns.action')}</TableCell>
                      <TableCell>{t('reports.columns.user')}</TableCell>
                      <TableCell>{t('reports.columns.message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {s[list].map((r) => (
                      <TableRow key={r.NotificationId}>
                        <TableCell>{r.NotificationTimeLocal}</TableCell>
                        <TableCell>{r.BranchOfficeName}</TableCell>
                        <TableCell>{r.BranchAction}</TableCell>
                        <TableCell>{[r.Name, r.Surname].filter(Boolean).join(' ')}</TableCell>
                        <TableCell>{r.MessageContent}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </>
              )}
            </Table>
            {(list === 'BranchActivity' ? s.BranchActivity.length : s[list].length) === 0 && (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t('reports.table.empty')}
              </Typography>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** The catalogue of reports the role may see, then the summary. */
export default function ReportsCatalogPage() {
  const { t } = useTranslation();
  const session = useSession();
  const group = menuForRole(session?.RoleId ?? 0).find((i) => i.key === 'reports');
  return (
    <Stack sx={{ gap: 3 }} data-testid="reports-catalogue">
      <Stack sx={{ gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('reports.title')}
        </Typography>
        <Typography color="text.secondary">{t('reports.catalogueIntro')}</Typography>
      </Stack>
      <Grid container spacing={2}>
        {(group?.children ?? []).map((r) => (
          <Grid key={r.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={r.path ?? '/reports'} data-testid="report-card">
                <CardContent>
                  <Typography variant="h6">{t(`reports.names.${r.key}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`reports.descriptions.${r.key}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Summary />
    </Stack>
  );
}
