/** Notes of an alarm (from ALARM-NOTE events) and a field to add one. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useErrorText } from '../../../shared/api/use-error-text';
import type { Alarm } from '../../../realtime/alarm-events';
import { useAddAlarmNote } from '../api';

const NOTE_MAX = 2000;

export function AlarmNotes({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [note, setNote] = useState('');
  const add = useAddAlarmNote();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = note.trim();
    if (!text) return;
    add.mutate({ notificationId: alarm.notificationId, note: text }, { onSuccess: () => setNote('') });
  };
  return (
    <Stack sx={{ mt: 1, gap: 0.5 }}>
      {alarm.notes.map((n) => (
        <Typography key={n.noteId} variant="body2" data-testid="alarm-note">
          <strong>{n.by}:</strong> {n.note}
        </Typography>
      ))}
      <Stack component="form" direction="row" onSubmit={submit} sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('alarms.notePlaceholder')}
          error={add.isError}
          helperText={add.isError ? errorText(add.error) : undefined}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'aria-label': t('alarms.noteLabel'), 'data-testid': 'alarm-note-input' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          size="small"
          disabled={!note.trim() || add.isPending}
          data-testid="alarm-note-add"
          sx={{ flexShrink: 0, mt: 0.25 }}
        >
          {t('alarms.addNote')}
        </Button>
      </Stack>
    </Stack>
  );
}
