/**
 * The organisation admin's list of alarm dispositions (issue 13; managealarms GET-/UPDATE-
 * DISPOSITIONS): operators choose one of them when they acknowledge a panic, duress or emergency.
 * Entries are added, removed and saved together; the server's message is shown when it refuses.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { DISPOSITION_MAX, DISPOSITIONS_MAX } from '@vigil/contract';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useDispositions, useUpdateDispositions } from '../api';
import { dispositionLabel } from '../../../shared/format/disposition';

export function DispositionsDialog({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const current = useDispositions(organizationId);
  const save = useUpdateDispositions();
  const [list, setList] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  // The edited list, or the saved one until the first change.
  const items = list ?? current.data?.Dispositions ?? [];
  const add = (e: FormEvent) => {
    e.preventDefault();
    const d = draft.trim();
    if (!d || items.length >= DISPOSITIONS_MAX) return;
    setList([...items, d]);
    setDraft('');
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="dispositions-title">
      <DialogTitle id="dispositions-title">{t('alarms.editor.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {t('alarms.editor.help')}
        </Typography>
        {current.isError && <Alert severity="error">{errorText(current.error)}</Alert>}
        <List dense data-testid="dispositions-list">
          {items.map((d, i) => (
            <ListItem
              key={`${d}-${i}`}
              data-testid="disposition-row"
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('alarms.editor.remove', { name: dispositionLabel(t, d) })}
                  disabled={items.length <= 1}
                  onClick={() => setList(items.filter((_, j) => j !== i))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemText primary={dispositionLabel(t, d)} />
            </ListItem>
          ))}
        </List>
        <Stack component="form" direction="row" onSubmit={add} sx={{ gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            fullWidth
            label={t('alarms.editor.newLabel')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            slotProps={{ htmlInput: { maxLength: DISPOSITION_MAX, 'data-testid': 'disposition-new' } }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={!draft.trim() || items.length >= DISPOSITIONS_MAX}
            data-testid="disposition-add"
          >
            {t('alarms.editor.add')}
          </Button>
        </Stack>
        {save.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="dispositions-error">
            {errorText(save.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alarms.editor.cancel')}</Button>
        <Button
          variant="contained"
          disabled={items.length === 0 || save.isPending}
          onClick={() => save.mutate({ organizationId, dispositions: items }, { onSuccess: onClose })}
          data-testid="dispositions-save"
        >
          {t('alarms.editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
