/**
 * One page of notifications: unread rows in bold with a "mark read" action, each row opens its
 * details. Rows carry data-testid notification-row, data-notification-id and data-read.
 */
import { memo } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import DraftsIcon from '@mui/icons-material/Drafts';
import { BRANCH_STATUS_COLORS, type NotificationRow } from '@vigil/contract';
import { branchActionKey } from '../../../shared/format/branch-action';
import { formatNotificationTime } from '../format';
import { categoryKey } from '../notification-list';

export interface NotificationTableProps {
  rows: NotificationRow[];
  onOpen: (id: number) => void;
  onMarkRead?: (id: number) => void;
  markingId?: number | null;
}

const CATEGORY_COLORS: Record<string, string> = {
  panic: BRANCH_STATUS_COLORS.alarm,
  emergency: BRANCH_STATUS_COLORS.alarm,
  alarm: BRANCH_STATUS_COLORS.service,
  anomaly: '#0288d1',
  other: BRANCH_STATUS_COLORS.closed,
};

export function NotificationTable({ rows, onOpen, onMarkRead, markingId }: NotificationTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('notifications.tableLabel')} data-testid="notification-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('notifications.columns.action')}</TableCell>
            <TableCell>{t('notifications.columns.category')}</TableCell>
            <TableCell>{t('notifications.columns.branch')}</TableCell>
            <TableCell>{t('notifications.columns.raisedBy')}</TableCell>
            <TableCell>{t('notifications.columns.time')}</TableCell>
            <TableCell align="right">{t('notifications.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <Row key={r.NotificationId} row={r} onOpen={onOpen} onMarkRead={onMarkRead} marking={markingId === r.NotificationId} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const Row = memo(function Row({
  row,
  onOpen,
  onMarkRead,
  marking,
}: {
  row: NotificationRow;
  onOpen: (id: number) => void;
  onMarkRead?: (id: number) => void;
  marking: boolean;
}) {
  const { t } = useTranslation();
  const key = branchActionKey(row.BranchAction);
  const cat = categoryKey(row.Category);
  const weight = row.IsRead ? 400 : 700;
  const cell = { fontWeight: weight } as const;
  return (
    <TableRow
      hover
      data-testid="notification-row"
      data-notification-id={row.NotificationId}
      data-read={row.IsRead ? 'true' : 'false'}
      onClick={() => onOpen(row.NotificationId)}
      sx={{ cursor: 'pointer', bgcolor: row.IsRead ? undefined : 'rgba(21,101,192,0.05)' }}
    >
      <TableCell sx={cell}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          {!row.IsRead && (
            <Box
              component="span"
              aria-label={t('notifications.unread')}
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
            />
          )}
          <span data-testid="notification-action">{key ? t(`branchActions.${key}`) : (row.BranchAction ?? '')}</span>
          {row.IsTestNotification && <Chip size="small" label={t('alarms.test')} />}
        </Stack>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={t(`notifications.category.${cat}`)}
          sx={{ bgcolor: CATEGORY_COLORS[cat], color: '#fff' }}
          data-testid="notification-category"
        />
      </TableCell>
      <TableCell sx={cell}>{row.BranchOfficeName ?? ''}</TableCell>
      <TableCell sx={cell}>{[row.Name, row.Surname].filter(Boolean).join(' ')}</TableCell>
      <TableCell sx={{ ...cell, whiteSpace: 'nowrap' }}>
        {formatNotificationTime(row.NotificationTimeAddedUTC, row.BranchOfficeTimeZone)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
        {!row.IsRead && onMarkRead && (
          <Tooltip title={t('notifications.markRead')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('notifications.markRead')}
                disabled={marking}
                onClick={() => onMarkRead(row.NotificationId)}
                data-testid="mark-read"
              >
                <DraftsIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Button size="small" onClick={() => onOpen(row.NotificationId)} data-testid="notification-open">
          {t('notifications.open')}
        </Button>
      </TableCell>
    </TableRow>
  );
});
