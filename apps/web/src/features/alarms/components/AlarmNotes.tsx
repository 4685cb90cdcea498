/** Notes of an alarm (from ALARM-NOTE events) and a field to add one. */
import { Stack, Typography } from '@mui/material';
import type { Alarm } from '../../../realtime/alarm-events';
import { NoteForm } from './NoteForm';

export function AlarmNotes({ alarm }: { alarm: Alarm }) {
  return (
    <Stack sx={{ mt: 1, gap: 0.5 }}>
      {alarm.notes.map((n) => (
        <Typography key={n.noteId} variant="body2" data-testid="alarm-note">
          <strong>{n.by}:</strong> {n.note}
        </Typography>
      ))}
      <NoteForm notificationId={alarm.notificationId} testIdPrefix="alarm-note" />
    </Stack>
  );
}
