/**
 * /task-list (spec §1 task lists; §3 Task list template; §6 menus and edit/delete flags): the
 * organisation's templates with tasking type, items, expected duration and branches ('Multiple'
 * when more than one); for roles 2 and 12 add, edit (sortable items), rename, clone, delete,
 * assign to branches and regions, and import from the admin library. The flags disable what the
 * server would refuse.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { TaskListTemplate } from '@vigil/contract';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { Loading } from '../../../shared/components/Loading';
import { useRegionOptions } from '../../../shared/lookups/api';
import { useCanManage, useOrgScope } from '../../../shared/organization/org-scope';
import { useBranchOptions, useImportable, useManageTemplate, useTemplates } from '../api';
import { assignedLabel, formatHms } from '../format';
import { AssignDialog, ImportDialog, NameDialog } from '../components/Dialogs';
import { TemplateDialog } from '../components/TemplateDialog';

type Open =
  { kind: 'add' } | { kind: 'edit' | 'rename' | 'clone' | 'delete' | 'assign'; template: TaskListTemplate } | { kind: 'import' } | null;

export default function TaskListsPage() {
  const { t } = useTranslation();
  const { scope, ready } = useOrgScope();
  const canManage = useCanManage();
  const list = useTemplates(scope, ready);
  const manage = useManageTemplate();
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const branches = useBranchOptions(scope, ready && open?.kind === 'assign');
  const regions = useRegionOptions(scope, ready && open?.kind === 'assign');
  const importable = useImportable(canManage && open?.kind === 'import');
  const close = () => setOpen(null);
  const rows = list.data ?? [];

  return (
    <Paper sx={{ p: 2 }} data-testid="task-lists">
      <Stack direction="row" sx={{ mb: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {t('taskLists.title')}
        </Typography>
        <Button component={RouterLink} to="/tasklistreports" data-testid="task-list-report-link">
          {t('taskLists.report.title')}
        </Button>
        {canManage && (
          <>
            <Button onClick={() => setOpen({ kind: 'import' })} data-testid="task-list-import">
              {t('taskLists.actions.import')}
            </Button>
            <Button variant="contained" onClick={() => setOpen({ kind: 'add' })} data-testid="task-list-add">
              {t('taskLists.actions.add')}
            </Button>
          </>
        )}
      </Stack>
      {list.isError && <Alert severity="error">{t('taskLists.errors.retrieving')}</Alert>}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {list.isLoading ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="task-lists-empty">
          {t('taskLists.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('taskLists.fields.name')}</TableCell>
                <TableCell>{t('taskLists.fields.type')}</TableCell>
                <TableCell>{t('taskLists.fields.items')}</TableCell>
                <TableCell>{t('taskLists.fields.expected')}</TableCell>
                <TableCell>{t('taskLists.fields.assigned')}</TableCell>
                {canManage && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.TemplateAutoId} data-testid="task-list-row" data-name={r.name} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {r.name}
                    </Typography>
                    {r.description && (
                      <Typography variant="caption" color="text.secondary">
                        {r.description}
                      </Typography>
                    )}
                    <Stack direction="row" sx={{ gap: 0.5, mt: 0.5 }}>
                      {!r.IsAllowedChecklistEdit && <Chip size="small" label={t('taskLists.fields.editLocked')} />}
                      {!r.IsAllowedChecklistDelete && <Chip size="small" label={t('taskLists.fields.deleteLocked')} />}
                    </Stack>
                  </TableCell>
                  <TableCell>{t(`taskLists.types.${r.TaskingType}`)}</TableCell>
                  <TableCell data-testid="task-list-items">
                    <Tooltip title={r.details.map((d) => `${d.PriorityOrder}. ${d.name}`).join(' · ')}>
                      <span>{r.details.length}</span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>{formatHms(r.ExpectedSeconds)}</TableCell>
                  <TableCell data-testid="task-list-assigned">
                    {assignedLabel(r.AssignedToBranches, t('taskLists.fields.multiple')) || '—'}
                  </TableCell>
                  {canManage && (
                    <TableCell align="right">
                      <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 0.5 }}>
                        <Button
                          size="small"
                          disabled={!r.IsAllowedChecklistEdit}
                          onClick={() => setOpen({ kind: 'edit', template: r })}
                          data-testid="task-list-edit"
                        >
                          {t('taskLists.actions.edit')}
                        </Button>
                        <Button size="small" disabled={!r.IsAllowedChecklistEdit} onClick={() => setOpen({ kind: 'rename', template: r })}>
                          {t('taskLists.actions.rename')}
                        </Button>
                        <Button size="small" onClick={() => setOpen({ kind: 'clone', template: r })}>
                          {t('taskLists.actions.clone')}
                        </Button>
                        <Button size="small" onClick={() => setOpen({ kind: 'assign', template: r })} data-testid="task-list-assign">
                          {t('taskLists.actions.assign')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={!r.IsAllowedChecklistDelete}
                          onClick={() => setOpen({ kind: 'delete', template: r })}
                        >
                          {t('taskLists.actions.delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {open?.kind === 'add' && (
        <TemplateDialog template={null} onClose={close} onSave={(f) => manage.mutateAsync({ param_case: 'ADD', ...scope, ...f })} />
      )}
      {open?.kind === 'edit' && (
        <TemplateDialog
          template={open.template}
          onClose={close}
          onSave={(f) => manage.mutateAsync({ param_case: 'UPDATE', TemplateAutoId: open.template.TemplateAutoId, ...f })}
        />
      )}
      {open?.kind === 'rename' && (
        <NameDialog
          title={t('taskLists.dialogs.renameTitle')}
          initial={open.template.name}
          onClose={close}
          onSave={(name) => manage.mutateAsync({ param_case: 'UPDATE-NAME', TemplateAutoId: open.template.TemplateAutoId, name })}
        />
      )}
      {open?.kind === 'clone' && (
        <NameDialog
          title={t('taskLists.dialogs.cloneTitle')}
          initial={`${open.template.name} (2)`}
          onClose={close}
          onSave={(name) => manage.mutateAsync({ param_case: 'CLONE', TemplateAutoId: open.template.TemplateAutoId, name })}
        />
      )}
      {open?.kind === 'assign' && (
        <AssignDialog
          template={open.template}
          branches={branches}
          regions={regions}
          onClose={close}
          onAssign={(d) => manage.mutateAsync({ param_case: 'ASSIGN', TemplateAutoId: open.template.TemplateAutoId, ...d })}
          onDeassign={(id) =>
            manage.mutateAsync({ param_case: 'DE-ASSIGN', TemplateAutoId: open.template.TemplateAutoId, branchOfficeIds: [id] })
          }
        />
      )}
      {open?.kind === 'import' && (
        <ImportDialog
          library={importable.data ?? []}
          onClose={close}
          onImport={(x) => manage.mutateAsync({ param_case: 'IMPORT-FROM-ADMIN', AdminTemplateAutoId: x.TemplateAutoId, ...scope })}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={t('taskLists.dialogs.deleteTitle')}
        text={open?.kind === 'delete' ? t('taskLists.dialogs.deleteConfirm', { name: open.template.name }) : ''}
        busy={manage.isPending}
        onClose={close}
        onConfirm={() => {
          if (open?.kind !== 'delete') return;
          manage
            .mutateAsync({ param_case: 'DELETE', TemplateAutoId: open.template.TemplateAutoId })
            .then(close)
            .catch(() => {
              close();
              setError(t('taskLists.errors.deleting'));
            });
        }}
      />
    </Paper>
  );
}
