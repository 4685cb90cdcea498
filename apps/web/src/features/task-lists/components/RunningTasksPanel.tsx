/**
 * The board's running tasks (issue 17 "Live"): each branch's active (or just finished) task with its template, items
 * done / total, elapsed against the expected total (orange when overdue) and the late items named;
 * updated by the TASK events over /_socket (realtime/handlers.ts) and ticking every second. The
 * console may clear a task or force-end a paused one (spec §4 Tasking). Shown to the task-list
 * roles (2, 12, 6, 9) only. A failed read shows "Error retrieving Tasks" with Retry, never the
 * empty state (which says that no task is running).
 */
import { useState } from 'react';
import { useNow } from '../../../shared/time/use-now';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ACTIVE_TASK_STATUSES as ACTIVE, RoleGroup, inRoleGroup } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useSession } from '../../../shared/session/use-session';
import { liveElapsed, useActiveTasks, useTasking } from '../api';
import { formatHms } from '../format';

/** Overdue colour (orange), as the board's late openings. */
const OVERDUE = 'warning.main';

export function RunningTasksPanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const session = useSession();
  const allowed = !!session && inRoleGroup(RoleGroup.TaskLists, session.RoleId);
  const tasks = useActiveTasks(allowed);
  const tasking = useTasking();
  const [error, setError] = useState<string | null>(null);
  // The elapsed times tick each second only while a task runs (an idle panel draws nothing new).
  const now = useNow(1000, (tasks.data?.length ?? 0) > 0);
  if (!allowed) return null;
  const rows = tasks.data ?? [];
  const act = (p: Promise<unknown>) => p.catch((err: unknown) => setError(errorText(err)));

  return (
    <Paper sx={{ p: 2 }} data-testid="running-tasks">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('taskLists.board.title')}
      </Typography>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {tasks.isError && !tasks.data ? (
        <Alert
          severity="error"
          data-testid="running-tasks-error"
          action={
            <Button color="inherit" size="small" onClick={() => void tasks.refetch()}>
              {t('taskLists.board.retry')}
            </Button>
          }
        >
          {t('taskLists.errors.tasks')}
        </Alert>
      ) : tasks.isPending ? (
        <LinearProgress data-testid="running-tasks-loading" aria-label={t('taskLists.board.title')} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="running-tasks-empty">
          {t('taskLists.board.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('taskLists.board.branch')}</TableCell>
                <TableCell>{t('taskLists.board.template')}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{t('taskLists.fields.items')}</TableCell>
                <TableCell>{t('taskLists.fields.expected')}</TableCell>
                <TableCell>{t('taskLists.board.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const elapsed = liveElapsed(r, now);
                const overdue = r.ExpectedSeconds > 0 && elapsed > r.ExpectedSeconds;
                return (
                  <TableRow key={r.TaskId} data-testid="running-task" data-branch={r.BranchOfficeName}>
                    <TableCell>{r.BranchOfficeName}</TableCell>
                    <TableCell>
                      {r.TemplateName}
                      {r.LateItems.length > 0 && (
                        <Typography variant="caption" sx={{ display: 'block', color: OVERDUE }} data-testid="running-task-late">
                          {t('taskLists.board.late', { items: r.LateItems.join(', ') })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <LinearProgress
                          variant="determinate"
                          value={r.Total ? (100 * r.Done) / r.Total : 0}
                          sx={{ flexGrow: 1, minWidth: 60 }}
                          aria-label={t('taskLists.board.progress', { done: r.Done, total: r.Total })}
                        />
                        <span data-testid="running-task-progress">{t('taskLists.board.progress', { done: r.Done, total: r.Total })}</span>
                      </Box>
                    </TableCell>
                    <TableCell
                      sx={{ color: overdue ? OVERDUE : undefined, whiteSpace: 'nowrap' }}
                      data-testid="running-task-elapsed"
                      data-overdue={overdue}
                    >
                      {t('taskLists.board.elapsed', { elapsed: formatHms(elapsed), expected: formatHms(r.ExpectedSeconds) })}
                      {overdue && (
                        <Chip size="small" label={t('taskLists.board.overdue')} sx={{ ml: 1, bgcolor: OVERDUE, color: 'common.white' }} />
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={t(`taskLists.statuses.${r.Status}`)} variant="outlined" />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {r.Status === 'PAUSED' && (
                        <Button size="small" onClick={() => void act(tasking.activate({ param_case: 'FORCE-END', TaskId: r.TaskId }))}>
                          {t('taskLists.board.forceEnd')}
                        </Button>
                      )}
                      {ACTIVE.includes(r.Status) && (
                        <Button size="small" onClick={() => void act(tasking.drop(r.BranchOfficeId))}>
                          {t('taskLists.board.clear')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
