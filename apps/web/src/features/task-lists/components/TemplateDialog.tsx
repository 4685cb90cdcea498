/**
 * Add or edit a task list template (spec §3 Task list template): name, description, tasking type
 * and the sortable items. The body is checked with the contract's ZTemplateFields before it is
 * sent (the server checks the same schema); a server refusal (§5 name in use, §6 edit flag) is
 * shown in the dialog.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { TASKING_TYPES, ZTemplateFields, type TaskListTemplate, type TaskingType } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { ItemsEditor, newItem, type EditorItem } from './ItemsEditor';

/** What the dialog saves: the ADD / UPDATE fields (TimeInterval in seconds). */
export type TemplateFields = ReturnType<typeof ZTemplateFields.parse>;

function itemsOf(t: TaskListTemplate | null): EditorItem[] {
  if (!t) return [newItem()];
  return t.details.map((d) =>
    newItem({
      id: d.TemplateDetailsAutoId,
      name: d.name,
      description: d.description ?? '',
      minutes: String(Math.round((d.TimeInterval / 60) * 100) / 100),
      mandatory: d.IsOrderMandatory,
    }),
  );
}

export function TemplateDialog({
  template,
  onClose,
  onSave,
}: {
  /** The template edited; null to add one. */
  template: TaskListTemplate | null;
  onClose: () => void;
  onSave: (fields: TemplateFields) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [type, setType] = useState<TaskingType>(template?.TaskingType ?? 'OPENING');
  const [items, setItems] = useState<EditorItem[]>(() => itemsOf(template));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const parsed = ZTemplateFields.safeParse({
      name,
      description,
      TaskingType: type,
      details: items.map((i) => ({
        ...(i.id ? { TemplateDetailsAutoId: i.id } : {}),
        name: i.name,
        description: i.description,
        IsOrderMandatory: i.mandatory,
        TimeInterval: Math.round((Number(i.minutes) || 0) * 60),
      })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path[0] === 'details' ? `${t('taskLists.fields.itemName')} ${Number(issue.path[1] ?? 0) + 1}: ` : '';
      setError(where + t(issue.message, { length: 200 }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="task-list-dialog-title" data-testid="task-list-dialog">
      <DialogTitle id="task-list-dialog-title">{template ? t('taskLists.dialogs.editTitle') : t('taskLists.dialogs.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {error && (
            <Alert severity="error" data-testid="task-list-error">
              {error}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
            <TextField
              label={t('taskLists.fields.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'task-list-name', maxLength: 120 } }}
            />
            <TextField
              select
              label={t('taskLists.fields.type')}
              value={type}
              onChange={(e) => setType(e.target.value as TaskingType)}
              sx={{ flex: 1, minWidth: 180 }}
              slotProps={{ htmlInput: { 'data-testid': 'task-list-type' } }}
            >
              {TASKING_TYPES.map((x) => (
                <MenuItem key={x} value={x}>
                  {t(`taskLists.types.${x}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label={t('taskLists.fields.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={1}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <ItemsEditor items={items} onChange={setItems} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('taskLists.actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="task-list-save">
          {t('taskLists.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
