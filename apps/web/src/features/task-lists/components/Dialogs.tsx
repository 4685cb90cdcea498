/**
 * The small dialogs of /task-list: a name (rename, clone), branch assignment (branches and whole
 * regions, with the template's branches from getbranchesbytasklistid and their removal), and the
 * import from the admin library. Server refusals are shown in the dialog (spec §5 texts).
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { TaskListTemplate } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import type { Option } from '../../../shared/lookups/api';
import { useAssignedBranches } from '../api';

/** Runs `fn`, keeping its failure as the dialog's error text. */
function useAction() {
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      after?.();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

export function NameDialog({
  title,
  initial,
  onClose,
  onSave,
}: {
  title: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const a = useAction();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="task-list-name-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {a.error && (
            <Alert severity="error" data-testid="task-list-error">
              {a.error}
            </Alert>
          )}
          <TextField
            label={t('taskLists.fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'task-list-new-name', maxLength: 120 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('taskLists.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={a.busy || !name.trim()}
          onClick={() => void a.run(() => onSave(name.trim()), onClose)}
          data-testid="task-list-name-save"
        >
          {t('taskLists.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function AssignDialog({
  template,
  branches,
  regions,
  onClose,
  onAssign,
  onDeassign,
}: {
  template: TaskListTemplate;
  branches: Option[];
  regions: Option[];
  onClose: () => void;
  onAssign: (d: { branchOfficeIds: number[]; regionalOfficeIds: number[] }) => Promise<unknown>;
  onDeassign: (branchOfficeId: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const assigned = useAssignedBranches(template.TemplateAutoId);
  const [pickedBranches, setPickedBranches] = useState<Option[]>([]);
  const [pickedRegions, setPickedRegions] = useState<Option[]>([]);
  const a = useAction();
  const refresh = () => void assigned.refetch();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="task-list-assign-dialog">
      <DialogTitle>{t('taskLists.dialogs.assignTitle', { name: template.name })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {a.error && <Alert severity="error">{a.error}</Alert>}
          <Autocomplete
            multiple
            options={regions}
            value={pickedRegions}
            onChange={(_e, v) => setPickedRegions(v)}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(o, v) => o.value === v.value}
            data-testid="assign-regions"
            renderInput={(params) => <TextField {...params} label={t('taskLists.fields.regions')} />}
          />
          <Autocomplete
            multiple
            options={branches}
            value={pickedBranches}
            onChange={(_e, v) => setPickedBranches(v)}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(o, v) => o.value === v.value}
            data-testid="assign-branches"
            renderInput={(params) => <TextField {...params} label={t('taskLists.fields.branches')} />}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              disabled={a.busy || (pickedBranches.length === 0 && pickedRegions.length === 0)}
              data-testid="assign-save"
              onClick={() =>
                void a.run(
                  () =>
                    onAssign({ branchOfficeIds: pickedBranches.map((b) => b.value), regionalOfficeIds: pickedRegions.map((r) => r.value) }),
                  () => {
                    setPickedBranches([]);
                    setPickedRegions([]);
                    refresh();
                  },
                )
              }
            >
              {t('taskLists.actions.assign')}
            </Button>
          </Stack>
          <Typography variant="subtitle2">{t('taskLists.dialogs.assignedNow')}</Typography>
          {(assigned.data ?? []).length === 0 ? (
            <Typography color="text.secondary">{t('taskLists.dialogs.noBranches')}</Typography>
          ) : (
            <List dense data-testid="assigned-branches" sx={{ maxHeight: 320, overflow: 'auto' }}>
              {(assigned.data ?? []).map((b) => (
                <ListItem
                  key={b.BranchOfficeId}
                  secondaryAction={
                    <Button size="small" disabled={a.busy} onClick={() => void a.run(() => onDeassign(b.BranchOfficeId), refresh)}>
                      {t('taskLists.actions.deassign')}
                    </Button>
                  }
                >
                  <ListItemText primary={b.BranchOfficeName} secondary={b.RegionalOfficeName ?? ''} />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('taskLists.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function ImportDialog({
  library,
  onClose,
  onImport,
}: {
  library: TaskListTemplate[];
  onClose: () => void;
  onImport: (t: TaskListTemplate) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const a = useAction();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="task-list-import-dialog">
      <DialogTitle>{t('taskLists.dialogs.importTitle')}</DialogTitle>
      <DialogContent>
        {a.error && (
          <Alert severity="error" data-testid="task-list-error">
            {a.error}
          </Alert>
        )}
        {library.length === 0 ? (
          <Typography color="text.secondary">{t('taskLists.dialogs.noLibrary')}</Typography>
        ) : (
          <List dense>
            {library.map((x) => (
              <ListItem
                key={x.TemplateAutoId}
                secondaryAction={
                  <Button size="small" disabled={a.busy} onClick={() => void a.run(() => onImport(x), onClose)}>
                    {t('taskLists.actions.importThis')}
                  </Button>
                }
              >
                <ListItemText
                  primary={x.name}
                  secondary={
                    <>
                      {t(`taskLists.types.${x.TaskingType}`)} · {x.details.length} {t('taskLists.fields.items').toLowerCase()}
                      {!x.IsAllowedChecklistEdit && (
                        <Chip size="small" label={t('taskLists.fields.editLocked')} sx={{ ml: 1 }} component="span" />
                      )}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('taskLists.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
