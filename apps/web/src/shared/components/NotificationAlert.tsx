/**
 * The notification alert (spec §2 Shared widgets): a transient message at the bottom left of the
 * page, offset from the left edge by 272 px while the drawer is shown and 12 px otherwise (spec §9),
 * so it never covers the drawer.
 */
import type { ReactNode } from 'react';
import { Alert, Snackbar, type AlertColor } from '@mui/material';
import { useAlertOffset } from '../layout/use-layout';

export interface NotificationAlertProps {
  /** The message, or null when no alert is shown. */
  message: { severity: AlertColor; text: ReactNode } | null;
  onClose: () => void;
  /** ms before it closes by itself (default 6000). */
  autoHideMs?: number;
  /** data-testid of the alert; default `notification-alert-<severity>`. */
  testId?: string;
}

export function NotificationAlert({ message, onClose, autoHideMs = 6000, testId }: NotificationAlertProps) {
  const left = useAlertOffset();
  return (
    <Snackbar
      open={!!message}
      autoHideDuration={autoHideMs}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ left, right: 'auto', '@media (min-width: 600px)': { left, right: 'auto' } }}
      data-testid="notification-alert"
      data-offset={left}
    >
      {message ? (
        <Alert
          severity={message.severity}
          onClose={onClose}
          variant="filled"
          data-testid={testId ?? `notification-alert-${message.severity}`}
        >
          {message.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
