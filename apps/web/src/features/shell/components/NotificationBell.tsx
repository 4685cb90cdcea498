/**
 * The notification alert widget (spec §2 Shared widgets): a bell in the top bar with the count of
 * unread notifications, linking to /notifications/all. Live notifications raise the count.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useUnreadNotifications } from '../../notifications/api';
import { unreadLabel } from '../../notifications/notification-list';

export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadNotifications(true);
  const count = unread.data?.rows.length ?? 0;
  const label = t('notifications.bell', { count });
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={Link}
        to="/notifications/all"
        aria-label={label}
        data-testid="notification-bell"
        data-count={count}
      >
        <Badge badgeContent={count > 0 ? unreadLabel(count) : null} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
