/**
 * The alarm panel above the board: alarms from the live stream, unacknowledged first, then by
 * priority (panic/duress/emergency, alarm/trouble, others) and age (oldest first). While the
 * pointer is over the list its order is held (issue 13: nothing moves under the pointer after a
 * click); it re-sorts when the pointer leaves. Organisation admins open their disposition list here.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { sortAlarms } from '../../../realtime/alarm-events';
import { useSession } from '../../../shared/session/use-session';
import { useCanManage } from '../../../shared/organization/org-scope';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { useAlarms } from '../api';
import { heldOrder } from '../held-order';
import { AlarmItem } from './AlarmItem';
import { DispositionsDialog } from './DispositionsDialog';

export function AlarmPanel() {
  const { t } = useTranslation();
  const alarms = useAlarms();
  const sorted = useMemo(() => sortAlarms(alarms.data ?? []), [alarms.data]);
  const [held, setHeld] = useState<number[] | null>(null);
  const shown = useMemo(() => heldOrder(sorted, held), [sorted, held]);
  const open = sorted.filter((a) => !a.acknowledged).length;
  const canManage = useCanManage();
  const session = useSession();
  const org = useSelectedOrganization();
  const orgId = org.applies ? (org.selected?.OrganizationId ?? null) : (session?.OrganizationId ?? null);
  const [editing, setEditing] = useState(false);
  return (
    <Paper sx={{ p: 2 }} data-testid="alarm-panel" aria-labelledby="alarm-panel-title">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: sorted.length ? 1.5 : 0 }}>
        <Badge badgeContent={open} color="error">
          <NotificationsActiveIcon color={open ? 'error' : 'action'} />
        </Badge>
        <Typography variant="h6" component="h2" id="alarm-panel-title">
          {t('alarms.title')}
        </Typography>
        {held && shown.added > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="alarm-held">
            {t('alarms.held', { count: shown.added })}
          </Typography>
        )}
        {canManage && orgId != null && (
          <Tooltip title={t('alarms.editor.open')}>
            <IconButton
              size="small"
              sx={{ ml: 'auto' }}
              aria-label={t('alarms.editor.open')}
              onClick={() => setEditing(true)}
              data-testid="dispositions-open"
            >
              <PlaylistAddCheckIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {sorted.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="alarm-empty">
          {t('alarms.empty')}
        </Typography>
      ) : (
        <Stack
          sx={{ gap: 1, maxHeight: 420, overflowY: 'auto' }}
          data-testid="alarm-list"
          data-held={held ? 'true' : 'false'}
          onPointerEnter={() => setHeld(sorted.map((a) => a.notificationId))}
          onPointerLeave={() => setHeld(null)}
        >
          {shown.list.map((a) => (
            <AlarmItem key={a.notificationId} alarm={a} />
          ))}
        </Stack>
      )}
      {editing && orgId != null && <DispositionsDialog organizationId={orgId} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
