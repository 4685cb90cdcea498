/**
 * The field and button that add a note to an alarm (ALARMNOTE, spec §7), in its queue row and its
 * incident view. The note is trimmed, at most 2,000 characters; the field empties once the server
 * accepted it and shows the server's message when it did not. Test ids are `<testIdPrefix>-input`
 * and `<testIdPrefix>-add`.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Button, Stack, TextField } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useAddAlarmNote } from '../api';

const NOTE_MAX = 2000;

export function NoteForm({ notificationId, testIdPrefix }: { notificationId: number; testIdPrefix: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [note, setNote] = useState('');
  const add = useAddAlarmNote();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = note.trim();
    if (!text) return;
    add.mutate({ notificationId, note: text }, { onSuccess: () => setNote('') });
  };
  return (
    <Stack component="form" direction="row" onSubmit={submit} sx={{ gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        value={note}
        onChange={(e) => setNote(e.target.value)}
        placeholder={t('alarms.notePlaceholder')}
        error={add.isError}
        helperText={add.isError ? errorText(add.error) : undefined}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'aria-label': t('alarms.noteLabel'), 'data-testid': `${testIdPrefix}-input` } }}
      />
      <Button
        type="submit"
        variant="outlined"
        size="small"
        disabled={!note.trim() || add.isPending}
        data-testid={`${testIdPrefix}-add`}
        sx={{ flexShrink: 0, mt: 0.25, whiteSpace: 'nowrap' }}
      >
        {t('alarms.addNote')}
      </Button>
    </Stack>
  );
}
