/**
 * notifications/:type (spec §2: Notifications — All, Alarms, Anomaly, Emergency, ENS), a child
 * of the dashboard: tabs per type, a paged list for the global date range (getnotificationsv2),
 * unread rows in bold with "mark read" and "Mark all as read", a details dialog, and live
 * notifications on top of the first page (through the query cache).
 */
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Button, Paper, Snackbar, Stack, Tab, Tabs, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useErrorText } from '../../../shared/api/use-error-text';
import { Loading } from '../../../shared/components/Loading';
import { useDateRange } from '../../../shared/date-range/date-range-context';
import { useMarkAllRead, useMarkRead, useNotificationPage } from '../api';
import { EnsList } from '../../ens/components/EnsList';
import { NOTIFICATION_TABS, isNotificationTab, type NotificationTab } from '../notification-list';
import { NotificationTable } from '../components/NotificationTable';
import { NotificationDetailsDialog } from '../components/NotificationDetailsDialog';

export default function NotificationsPage() {
  const { type } = useParams();
  if (!isNotificationTab(type)) return <Navigate to="/notifications/all" replace />;
  return <NotificationsView key={type} type={type} />;
}

function NotificationsView({ type }: { type: NotificationTab }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const range = useDateRange();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const isEns = type === 'ens';
  const list = useNotificationPage(type, range.start, range.end, page, !isEns);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const failed = markRead.error ?? markAll.error;

  const openDetails = (id: number) => {
    setOpen(id);
    const row = list.data?.rows.find((r) => r.NotificationId === id);
    if (row && !row.IsRead) markRead.mutate(id);
  };

  let content;
  if (isEns) {
    content = <EnsList />;
  } else if (list.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {errorText(list.error)}
      </Alert>
    );
  } else if (list.isLoading || !list.data) {
    content = <Loading />;
  } else if (list.data.rows.length === 0 && page === 0) {
    content = (
      <Typography color="text.secondary" data-testid="notifications-empty">
        {t('notifications.empty')}
      </Typography>
    );
  } else {
    content = (
      <Stack sx={{ gap: 1 }}>
        <NotificationTable
          rows={list.data.rows}
          onOpen={openDetails}
          onMarkRead={(id) => markRead.mutate(id)}
          markingId={markRead.isPending ? markRead.variables : null}
        />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary" data-testid="notifications-page">
            {t('notifications.page', { page: page + 1 })}
          </Typography>
          <Button size="small" disabled={page === 0} onClick={() => setPage((p) => Math.max(0, p - 1))} data-testid="notifications-prev">
            {t('notifications.previous')}
          </Button>
          <Button
            size="small"
            disabled={!list.data.hasMore || list.isPlaceholderData}
            onClick={() => setPage((p) => p + 1)}
            data-testid="notifications-next"
          >
            {t('notifications.next')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper sx={{ p: 2 }} data-testid="notifications-page-root" data-type={type}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h1">
          {t('notifications.title')}
        </Typography>
        {!isEns && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<DoneAllIcon />}
            disabled={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="mark-all-read"
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </Stack>
      <Tabs
        value={type}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('notifications.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {NOTIFICATION_TABS.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={t(`notifications.tabs.${tab}`)}
            component={Link}
            to={`/notifications/${tab}`}
            data-testid={`notifications-tab-${tab}`}
          />
        ))}
      </Tabs>
      {content}
      <NotificationDetailsDialog id={open} onClose={() => setOpen(null)} />
      <Snackbar
        open={!!failed}
        autoHideDuration={6000}
        onClose={() => {
          markRead.reset();
          markAll.reset();
        }}
      >
        <Alert
          severity="error"
          onClose={() => {
            markRead.reset();
            markAll.reset();
          }}
        >
          {failed ? errorText(failed) : ''}
        </Alert>
      </Snackbar>
    </Paper>
  );
}
