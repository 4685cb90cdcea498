/**
 * /tasklistreports (ours; issue 17 "Report"): the task-list report on the shared report screen —
 * the runs (with a run's items: time, duration and expected duration) and, on a second tab, per
 * task list and location the runs, completion rate, median and p90 duration against expected and
 * the slowest and most skipped item. Both export CSV and XLSX with the filters of the shared bar.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Chip, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { TaskListKey, formatDuration, type TaskListSummaryRow, type TaskRunRow } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { taskRunReport, taskSummaryReport, useTaskRun, type TaskRunSort } from '../api';
import { DetailLine, ReportScreen, type ReportColumn } from '../components/ReportScreen';

/** Overrun colour (orange), as the board's overdue tasks. */
const LATE = 'warning.main';

function RunDetail({ row }: { row: TaskRunRow }) {
  const { t } = useTranslation();
  const q = useTaskRun(row.TaskId);
  return (
    <>
      <DetailLine label={t('taskLists.report.columns.template')}>{row.TemplateName}</DetailLine>
      <DetailLine label={t('taskLists.report.columns.branch')}>{row.BranchOfficeName}</DetailLine>
      <DetailLine label={t('taskLists.report.columns.start')}>{row.StartedLocal ?? '—'}</DetailLine>
      <DetailLine label={t('taskLists.report.columns.end')}>{row.EndedLocal ?? '—'}</DetailLine>
      <DetailLine label={t('taskLists.report.columns.duration')}>
        {row.Duration || '—'} / {row.Expected}
      </DetailLine>
      {q.isError && <Typography color="error">{t(TaskListKey.Report)}</Typography>}
      {q.isPending ? (
        <Loading />
      ) : (
        <Table size="small" data-testid="task-run-items">
          <TableHead>
            <TableRow>
              <TableCell>{t('taskLists.fields.itemName')}</TableCell>
              <TableCell>{t('taskLists.report.columns.itemStart')}</TableCell>
              <TableCell>{t('taskLists.report.columns.itemEnd')}</TableCell>
              <TableCell>{t('taskLists.report.columns.duration')}</TableCell>
              <TableCell>{t('taskLists.report.columns.expected')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(q.data?.items ?? []).map((i) => {
              const late = i.DurationSeconds != null && i.TimeInterval > 0 && i.DurationSeconds > i.TimeInterval;
              return (
                <TableRow key={i.TemplateDetailsAutoId} data-testid="task-run-item">
                  <TableCell>
                    {i.PriorityOrder}. {i.name}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.StartedLocal ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.EndedLocal ?? '—'}</TableCell>
                  <TableCell sx={{ color: late ? LATE : undefined }}>
                    {i.DurationSeconds == null ? '—' : formatDuration(i.DurationSeconds)}
                  </TableCell>
                  <TableCell>{formatDuration(i.TimeInterval)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </>
  );
}

function Runs() {
  const { t } = useTranslation();
  const columns: ReportColumn<TaskRunRow, TaskRunSort>[] = [
    { id: 'start', nowrap: true, label: 'taskLists.report.columns.start', sortKey: 'start', render: (r) => r.StartedLocal },
    { id: 'branch', label: 'taskLists.report.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
    { id: 'template', label: 'taskLists.report.columns.template', sortKey: 'template', render: (r) => r.TemplateName },
    { id: 'type', label: 'taskLists.report.columns.type', render: (r) => t(`taskLists.types.${r.TaskingType}`) },
    { id: 'by', label: 'taskLists.report.columns.startedBy', render: (r) => r.StartedBy },
    { id: 'items', label: 'taskLists.report.columns.items', render: (r) => `${r.Done}/${r.Total}` },
    {
      id: 'duration',
      label: 'taskLists.report.columns.duration',
      sortKey: 'duration',
      render: (r) => (
        <Typography
          variant="body2"
          component="span"
          sx={{ color: r.DurationSeconds != null && r.DurationSeconds > r.ExpectedSeconds ? LATE : undefined }}
        >
          {r.Duration || '—'}
        </Typography>
      ),
    },
    { id: 'expected', label: 'taskLists.report.columns.expected', render: (r) => r.Expected },
    { id: 'late', label: 'taskLists.report.columns.late', render: (r) => r.LateCount },
    {
      id: 'status',
      label: 'taskLists.report.columns.status',
      render: (r) => <Chip size="small" label={t(`taskLists.statuses.${r.Status}`)} />,
    },
  ];
  return (
    <ReportScreen
      title="taskLists.report.runs"
      testId="task-run-report"
      source={taskRunReport({})}
      columns={columns}
      defaultSort="start"
      errorKey={TaskListKey.Report}
      rowKey={(r) => r.TaskId}
      renderDetail={(r) => <RunDetail row={r} />}
    />
  );
}

function Summary() {
  const { t } = useTranslation();
  const columns: ReportColumn<TaskListSummaryRow, 'template'>[] = [
    { id: 'template', label: 'taskLists.report.columns.template', sortKey: 'template', render: (r) => r.TemplateName },
    { id: 'type', label: 'taskLists.report.columns.type', render: (r) => t(`taskLists.types.${r.TaskingType}`) },
    { id: 'branch', label: 'taskLists.report.columns.branch', render: (r) => r.BranchOfficeName },
    { id: 'runs', label: 'taskLists.report.columns.runs', render: (r) => r.Runs },
    { id: 'rate', label: 'taskLists.report.columns.completionRate', render: (r) => r.CompletionRate },
    {
      id: 'median',
      label: 'taskLists.report.columns.median',
      render: (r) => (
        <Typography variant="body2" component="span" sx={{ color: (r.MedianSeconds ?? 0) > r.ExpectedSeconds ? LATE : undefined }}>
          {r.Median || '—'}
        </Typography>
      ),
    },
    { id: 'p90', label: 'taskLists.report.columns.p90', render: (r) => r.P90 || '—' },
    { id: 'expected', label: 'taskLists.report.columns.expected', render: (r) => r.Expected },
    { id: 'slowest', label: 'taskLists.report.columns.slowestItem', render: (r) => r.SlowestItem ?? '—' },
    { id: 'skipped', label: 'taskLists.report.columns.mostSkippedItem', render: (r) => r.MostSkippedItem ?? '—' },
  ];
  return (
    <ReportScreen
      title="taskLists.report.summary"
      testId="task-summary-report"
      source={taskSummaryReport({})}
      columns={columns}
      defaultSort="template"
      defaultDir="asc"
      errorKey={TaskListKey.Report}
      rowKey={(r) => `${r.TemplateName}|${r.BranchOfficeId}`}
    />
  );
}

export default function TaskListReportPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'runs' | 'summary'>('runs');
  return (
    <Stack sx={{ gap: 1 }}>
      <Tabs value={tab} onChange={(_e, v: 'runs' | 'summary') => setTab(v)} aria-label={t('taskLists.report.title')}>
        <Tab value="runs" label={t('taskLists.report.runs')} data-testid="task-report-tab-runs" />
        <Tab value="summary" label={t('taskLists.report.summary')} data-testid="task-report-tab-summary" />
      </Tabs>
      {tab === 'runs' ? <Runs /> : <Summary />}
    </Stack>
  );
}
