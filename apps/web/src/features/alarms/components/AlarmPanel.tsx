/**
 * The alarm panel above the board: alarms from the live stream, unacknowledged first, then by
 * priority (panic/duress/emergency, alarm/trouble, others) and age (oldest first).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Paper, Stack, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { sortAlarms } from '../../../realtime/alarm-events';
import { useAlarms } from '../api';
import { AlarmItem } from './AlarmItem';

export function AlarmPanel() {
  const { t } = useTranslation();
  const alarms = useAlarms();
  const sorted = useMemo(() => sortAlarms(alarms.data ?? []), [alarms.data]);
  const open = sorted.filter((a) => !a.acknowledged).length;
  return (
    <Paper sx={{ p: 2 }} data-testid="alarm-panel" aria-labelledby="alarm-panel-title">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: sorted.length ? 1.5 : 0 }}>
        <Badge badgeContent={open} color="error">
          <NotificationsActiveIcon color={open ? 'error' : 'action'} />
        </Badge>
        <Typography variant="h6" component="h2" id="alarm-panel-title">
          {t('alarms.title')}
        </Typography>
      </Stack>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="alarm-empty">
          {t('alarms.empty')}
        </Typography>
      ) : (
        <Stack sx={{ gap: 1, maxHeight: 420, overflowY: 'auto' }}>
          {sorted.map((a) => (
            <AlarmItem key={a.notificationId} alarm={a} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
