/**
 * /admin/task-lists (platform admin; docs/API.md "Task lists" /api/admin/managecltemplates): the
 * library of shared templates organisations import ("import from admin"), with the spec §6 edit
 * and delete flags the imports carry. Add and edit use the template editor; the flags switch here.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Link,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { TaskListTemplate } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { Loading } from '../../../shared/components/Loading';
import { useLibrary, useManageLibrary } from '../api';
import { formatHms } from '../format';
import { TemplateDialog, type TemplateFields } from '../components/TemplateDialog';

/** The fields of a library template as UPDATE sends them back (items with their ids). */
function fieldsOf(t: TaskListTemplate): TemplateFields {
  return {
    name: t.name,
    description: t.description,
    TaskingType: t.TaskingType,
    details: t.details.map((d) => ({
      TemplateDetailsAutoId: d.TemplateDetailsAutoId,
      name: d.name,
      description: d.description,
      IsOrderMandatory: d.IsOrderMandatory,
      TimeInterval: d.TimeInterval,
    })),
  };
}

export default function AdminTaskLibraryPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useLibrary(true);
  const manage = useManageLibrary();
  const [editing, setEditing] = useState<TaskListTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaskListTemplate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const flags = (x: TaskListTemplate) => ({
    IsAllowedChecklistEdit: x.IsAllowedChecklistEdit,
    IsAllowedChecklistDelete: x.IsAllowedChecklistDelete,
  });
  const run = (p: Promise<unknown>) => p.catch((err: unknown) => setError(errorText(err)));
  /** Saves one library template with its edit/delete flags changed by `patch`. */
  const setFlags = (x: TaskListTemplate, patch: Partial<ReturnType<typeof flags>>) =>
    void run(manage.mutateAsync({ param_case: 'UPDATE', TemplateAutoId: x.TemplateAutoId, ...fieldsOf(x), ...flags(x), ...patch }));

  return (
    <Paper sx={{ p: 2 }} data-testid="task-library">
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {t('taskLists.library.title')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')} data-testid="task-library-add">
          {t('taskLists.actions.add')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{t('taskLists.errors.retrieving')}</Alert>}
      {list.isLoading ? (
        <Loading />
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('taskLists.fields.name')}</TableCell>
                <TableCell>{t('taskLists.fields.type')}</TableCell>
                <TableCell>{t('taskLists.fields.items')}</TableCell>
                <TableCell>{t('taskLists.fields.expected')}</TableCell>
                <TableCell>{t('taskLists.library.allowEdit')}</TableCell>
                <TableCell>{t('taskLists.library.allowDelete')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data ?? []).map((x) => (
                <TableRow key={x.TemplateAutoId} data-testid="task-library-row">
                  <TableCell>{x.name}</TableCell>
                  <TableCell>{t(`taskLists.types.${x.TaskingType}`)}</TableCell>
                  <TableCell>{x.details.length}</TableCell>
                  <TableCell>{formatHms(x.ExpectedSeconds)}</TableCell>
                  <TableCell>
                    <Switch
                      checked={x.IsAllowedChecklistEdit}
                      slotProps={{ input: { 'aria-label': t('taskLists.library.allowEdit') } }}
                      onChange={(e) => setFlags(x, { IsAllowedChecklistEdit: e.target.checked })}
                    />
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={x.IsAllowedChecklistDelete}
                      slotProps={{ input: { 'aria-label': t('taskLists.library.allowDelete') } }}
                      onChange={(e) => setFlags(x, { IsAllowedChecklistDelete: e.target.checked })}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                      <Button size="small" onClick={() => setEditing(x)}>
                        {t('taskLists.actions.edit')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(x)}>
                        {t('taskLists.actions.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list.data?.length === 0 && <Typography color="text.secondary">{t('taskLists.dialogs.noLibrary')}</Typography>}
      {editing && (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(f) =>
            editing === 'new'
              ? manage.mutateAsync({ param_case: 'ADD', ...f, IsAllowedChecklistEdit: true, IsAllowedChecklistDelete: true })
              : manage.mutateAsync({ param_case: 'UPDATE', TemplateAutoId: editing.TemplateAutoId, ...f, ...flags(editing) })
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('taskLists.dialogs.deleteTitle')}
        text={deleting ? t('taskLists.dialogs.deleteConfirm', { name: deleting.name }) : ''}
        busy={manage.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void run(manage.mutateAsync({ param_case: 'DELETE', TemplateAutoId: deleting.TemplateAutoId })).finally(() => setDeleting(null));
        }}
      />
    </Paper>
  );
}

/** The link to the library under the admin screens (the spec's admin menu has no entry for it). */
export function TaskLibraryLink() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to="/admin/task-lists" data-testid="task-library-link">
      {t('taskLists.library.title')}
    </Link>
  );
}
