/**
 * Acknowledging a panic, duress or emergency (issue 13): a disposition from the organisation's
 * list and a note, then Acknowledge. The server enforces the same rule and its message is shown.
 * A click on the backdrop does not close it (a double click on the row's button must not dismiss it).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { branchActionKey } from '../../../shared/format/branch-action';
import type { Alarm } from '../../../realtime/alarm-events';
import { useDispositions, type AcknowledgeInput } from '../api';
import { dispositionLabel } from '../../../shared/format/disposition';
import { SecurityPhrasesBox } from '../../security-phrases/components/SecurityPhrasesBox';

const NOTE_MAX = 2000;

export interface AcknowledgeDialogProps {
  alarm: Alarm;
  pending: boolean;
  error: unknown;
  onConfirm: (v: AcknowledgeInput) => void;
  onClose: () => void;
}

export function AcknowledgeDialog({ alarm, pending, error, onConfirm, onClose }: AcknowledgeDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useDispositions(alarm.organizationId);
  const [disposition, setDisposition] = useState('');
  const [note, setNote] = useState('');
  const key = branchActionKey(alarm.action);
  const ready = !!disposition && !!note.trim() && !pending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) onConfirm({ notificationId: alarm.notificationId, disposition, note: note.trim() });
  };
  return (
    <Dialog
      open
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby="ack-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, 'data-testid': 'ack-dialog' } as object }}
    >
      <DialogTitle id="ack-dialog-title">
        {t('alarms.ackDialog.title', { action: key ? t(`branchActions.${key}`) : alarm.action, branch: alarm.branchName })}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('alarms.ackDialog.help')}
          </Typography>
          {/* The branch is called back: the caller proves who they are with a current phrase (a duress phrase means coercion). */}
          <SecurityPhrasesBox organizationId={alarm.organizationId} />
          {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
          <TextField
            select
            required
            label={t('alarms.ackDialog.disposition')}
            value={disposition}
            onChange={(e) => setDisposition(e.target.value)}
            slotProps={{
              htmlInput: { 'data-testid': 'ack-disposition' },
              select: { SelectDisplayProps: { 'data-testid': 'ack-disposition-select' } as object },
            }}
          >
            {(list.data?.Dispositions ?? []).map((d) => (
              <MenuItem key={d} value={d} data-testid="ack-disposition-option" data-value={d}>
                {dispositionLabel(t, d)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            multiline
            minRows={2}
            label={t('alarms.ackDialog.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'data-testid': 'ack-note' } }}
          />
          {error != null && (
            <Alert severity="error" data-testid="ack-error">
              {errorText(error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="ack-cancel">
          {t('alarms.ackDialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={!ready} data-testid="ack-confirm">
          {pending ? t('alarms.acking') : t('alarms.ackDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
