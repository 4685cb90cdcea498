/**
 * The alarm panel above the board: alarms from the live stream, unacknowledged first, then by
 * priority (panic/duress/emergency, alarm/trouble, others) and age (oldest first). While the
 * pointer is over the list its order is held (issue 13: nothing moves under the pointer after a
 * click); it re-sorts when the pointer leaves. Test alarms (branches in test mode) are listed apart,
 * dimmed, and left out of the badge, which is the same count as the bell's (realtime/alarm-counts.ts).
 * Organisation admins open their disposition list here. The panel fills the height its parent gives
 * it (a resizable panel of the dashboard workspace) and the list scrolls inside it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { sortAlarms } from '../../../realtime/alarm-events';
import { alarmCounts } from '../../../realtime/alarm-counts';
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
  const listRef = useRef<HTMLDivElement>(null);
  // A hold ends when the pointer is somewhere else: the list's own pointerleave does not fire when
  // the pointer left it for the acknowledgement dialog (a portal) that then closed.
  useEffect(() => {
    if (!held) return;
    const onMove = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (!target || listRef.current?.contains(target) || target.closest('[role="dialog"], [role="presentation"]')) return;
      setHeld(null);
    };
    document.addEventListener('pointermove', onMove);
    return () => document.removeEventListener('pointermove', onMove);
  }, [held]);
  const counts = useMemo(() => alarmCounts(sorted), [sorted]);
  const open = counts.waiting;
  const real = shown.list.filter((a) => !a.isTest);
  const tests = shown.list.filter((a) => a.isTest);
  const canManage = useCanManage();
  const session = useSession();
  const org = useSelectedOrganization();
  const orgId = org.applies ? (org.selected?.OrganizationId ?? null) : (session?.OrganizationId ?? null);
  const [editing, setEditing] = useState(false);
  return (
    <Paper
      sx={{ p: 1, display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, boxSizing: 'border-box' }}
      data-testid="alarm-panel"
      aria-labelledby="alarm-panel-title"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: sorted.length ? 0.5 : 0, flexShrink: 0, minHeight: 32, px: 0.5 }}>
        <Badge badgeContent={open} color="error" data-testid="alarm-badge" data-count={open}>
          <NotificationsActiveIcon color={open ? 'error' : 'action'} />
        </Badge>
        <Typography variant="subtitle1" component="h2" id="alarm-panel-title" sx={{ fontWeight: 600 }}>
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
          sx={{ gap: 0.25, flex: '1 1 auto', minHeight: 0, overflowY: 'auto', container: 'alarm-list / inline-size' }}
          ref={listRef}
          data-testid="alarm-list"
          data-held={held ? 'true' : 'false'}
          onPointerEnter={() => setHeld(sorted.map((a) => a.notificationId))}
          onPointerLeave={() => setHeld(null)}
        >
          {real.map((a) => (
            <AlarmItem key={a.notificationId} alarm={a} />
          ))}
          {tests.length > 0 && (
            <Typography variant="overline" color="text.secondary" data-testid="alarm-test-heading" data-count={counts.waitingTest}>
              {t('alarms.testHeading', { count: tests.length })}
            </Typography>
          )}
          {tests.map((a) => (
            <AlarmItem key={a.notificationId} alarm={a} />
          ))}
        </Stack>
      )}
      {editing && orgId != null && <DispositionsDialog organizationId={orgId} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
