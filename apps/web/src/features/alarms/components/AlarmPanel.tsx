/**
 * The alarm panel above the board: alarms from the live stream, unacknowledged first, then by
 * priority (panic/duress/emergency, alarm/trouble, others) and age (oldest first). While the
 * pointer is over the list its order is held (issue 13: nothing moves under the pointer after a
 * click); it re-sorts when the pointer leaves. Test alarms (branches in test mode) are listed apart,
 * dimmed, and left out of the badge, which is the same count as the bell's (realtime/alarm-counts.ts).
 * Organisation admins open their disposition list here. The panel fills the height its parent gives
 * it (a resizable panel of the dashboard workspace) and the list scrolls inside it.
 * Virtualised (@tanstack/react-virtual, issue 20: a security office's queue holds hundreds of
 * alarms): only the rows in view plus a few on each side (shared/layout/overscan.ts) are in the
 * DOM, measured (notes open below a row), with spacers above and below; a queue of up to a hundred
 * is entirely in the DOM.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualRows } from '../../../shared/layout/virtual-rows';
import { useTranslation } from '../../../shared/i18n/translator';
import { Badge, Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { sortAlarms, type Alarm } from '../../../realtime/alarm-events';
import { alarmCounts } from '../../../realtime/alarm-counts';
import { useSession } from '../../../shared/session/use-session';
import { useCanManage } from '../../../shared/organization/org-scope';
import { useSelectedOrganization } from '../../../shared/organization/api';
import { useAlarms } from '../api';
import { heldOrder } from '../held-order';
import { AlarmItem } from './AlarmItem';
import { DispositionsDialog } from './DispositionsDialog';

/** Estimated height (px) of a row before it is measured: one dense line and the gap below it. */
export const ALARM_ROW_ESTIMATE_PX = 34;

/** Style of a row's wrapper: the row, then a 2 px gap (spacing 0.25). */
const ROW_STYLE = { paddingBottom: 2, flexShrink: 0 } as const;

/** One line of the virtualised list: an alarm, or the heading of the test alarms. */
type Line = { alarm: Alarm } | { heading: true };

/** The virtualizer's key of a line: the alarm's notification id, or the heading's own key. */
const lineKey = (line: Line) => ('alarm' in line ? line.alarm.notificationId : 'test-heading');

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
  // Real alarms, then (when there are any) the heading of the test alarms and the test alarms.
  const { lines, testCount } = useMemo(() => {
    const real = shown.list.filter((a) => !a.isTest);
    const tests = shown.list.filter((a) => a.isTest);
    const heading: Line[] = tests.length ? [{ heading: true }] : [];
    return {
      lines: [...real.map((alarm): Line => ({ alarm })), ...heading, ...tests.map((alarm): Line => ({ alarm }))],
      testCount: tests.length,
    };
  }, [shown.list]);
  const { virtualizer, items, top, bottom } = useVirtualRows(lines, lineKey, {
    scrollRef: listRef,
    estimatePx: ALARM_ROW_ESTIMATE_PX,
    initialRect: { width: 600, height: 400 },
  });
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
          sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto', container: 'alarm-list / inline-size' }}
          ref={listRef}
          data-testid="alarm-list"
          data-held={held ? 'true' : 'false'}
          onPointerEnter={() => setHeld(sorted.map((a) => a.notificationId))}
          onPointerLeave={() => setHeld(null)}
        >
          {/* The spacers' heights change with the list: inline styles, not sx, which would add a
              style rule for every new height (and the browser re-reads every rule of the sheet). */}
          {top > 0 && <Box aria-hidden style={{ height: top, flexShrink: 0 }} />}
          {items.map((v) => {
            const line = lines[v.index]!;
            return (
              // The wrapper is what is measured: the row and the 2 px gap below it. A plain element
              // with an inline style: the panel renders again with every alarm that arrives, and a
              // styled Box per row had its styles serialised again each time (issue 20).
              <div key={v.key} ref={virtualizer.measureElement} data-index={v.index} style={ROW_STYLE}>
                {'alarm' in line ? (
                  <AlarmItem alarm={line.alarm} />
                ) : (
                  <Typography
                    variant="overline"
                    component="div"
                    color="text.secondary"
                    data-testid="alarm-test-heading"
                    data-count={counts.waitingTest}
                  >
                    {t('alarms.testHeading', { count: testCount })}
                  </Typography>
                )}
              </div>
            );
          })}
          {bottom > 0 && <Box aria-hidden style={{ height: bottom, flexShrink: 0 }} />}
        </Stack>
      )}
      {editing && orgId != null && <DispositionsDialog organizationId={orgId} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
