/**
 * The notification alert widget (spec §2 Shared widgets): a bell in the top bar linking to
 * /notifications/all. Its badge is the number of waiting alarms, the same count as the alarm
 * panel's badge and the board's alarm chip (issue 13: one source, realtime/alarm-counts.ts; test
 * alarms excluded); the tooltip adds the unread notifications, which live notifications raise.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useAlarmCounts } from '../../../realtime/alarm-counts';
import { useUnreadNotifications } from '../../notifications/api';
import { unreadLabel } from '../../notifications/notification-list';

export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications(true);
  const unreadCount = unread.data?.rows.length ?? 0;
  const count = useAlarmCounts().waiting;
  const label = t('notifications.bellAlarms', { alarms: count, unread: unreadCount });
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={Link}
        to="/notifications/all"
        aria-label={label}
        data-testid="notification-bell"
        data-count={count}
        data-unread={unreadCount}
      >
        <Badge badgeContent={count > 0 ? unreadLabel(count) : null} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
