/**
 * /active-sessions (spec §2 catalogue "Active sessions (online users)", §3 Active session, §7
 * getactivesessions): who is signed in, on the web and the mobile app, in the caller's scope, with
 * where they work and their branch's active task (TaskingInfo). Organisation admins (2, 12) end a
 * session after a confirmation; the user is signed out at once. Errors show the server's description.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Alert,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { formatPhoneInternational, type ActiveSession } from '@vigil/contract';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { Loading } from '../../../shared/components/Loading';
import { useErrorText } from '../../../shared/api/use-error-text';
import { useActiveSessions, useEndSession } from '../api';

export default function ActiveSessionsPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const q = useActiveSessions();
  const end = useEndSession();
  const [confirm, setConfirm] = useState<ActiveSession | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const when = (iso: string) => DateTime.fromISO(iso).setLocale(i18n.language).toLocaleString(DateTime.DATETIME_SHORT);

  if (q.isPending) return <Loading />;
  const list = q.data ?? [];
  return (
    <Stack sx={{ gap: 2 }} data-testid="active-sessions-page">
      <Typography variant="h5" component="h1">
        {t('sessions.title')}
      </Typography>
      <Typography color="text.secondary">
        {t('sessions.intro')} {t('sessions.count', { count: list.length })}
      </Typography>
      {q.isError && <Alert severity="error">{errorText(q.error)}</Alert>}
      {end.isError && (
        <Alert severity="error" data-testid="sessions-error">
          {errorText(end.error)}
        </Alert>
      )}
      {notice && !end.isError && (
        <Alert severity="success" data-testid="sessions-notice">
          {notice}
        </Alert>
      )}
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('sessions.none')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('sessions.user')}</TableCell>
                <TableCell>{t('sessions.role')}</TableCell>
                <TableCell>{t('sessions.type')}</TableCell>
                <TableCell>{t('sessions.worksIn')}</TableCell>
                <TableCell>{t('sessions.task')}</TableCell>
                <TableCell>{t('sessions.since')}</TableCell>
                <TableCell>{t('sessions.lastSeen')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((s) => (
                <TableRow key={s.SessionId} data-testid="session-row" data-email={s.Email} data-type={s.SessionType}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {`${s.Name} ${s.Surname}`.trim()} {s.IsCurrent && <Chip size="small" label={t('sessions.you')} sx={{ ml: 0.5 }} />}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {[s.Email, formatPhoneInternational(s.PhoneNumber)].filter(Boolean).join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell>{t(`roles.${s.RoleId}`, { defaultValue: s.RoleName })}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={s.SessionType === 'MOBILE' ? 'secondary' : 'primary'}
                      label={s.SessionType === 'MOBILE' ? t('sessions.mobile') : t('sessions.web')}
                    />
                  </TableCell>
                  <TableCell>
                    {[s.BranchOfficeName, s.RegionalOfficeName, s.WorksIn.find((w) => w.SecurityOfficeName)?.SecurityOfficeName]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </TableCell>
                  <TableCell data-testid="session-task">
                    {s.TaskingInfo
                      ? t('sessions.taskProgress', {
                          name: s.TaskingInfo.TemplateName,
                          done: s.TaskingInfo.ItemsDone,
                          total: s.TaskingInfo.ItemsTotal,
                        })
                      : '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(s.Date)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(s.UtcTimestamp)}</TableCell>
                  <TableCell>
                    {s.CanEnd && (
                      <Button size="small" color="error" onClick={() => setConfirm(s)} data-testid="session-end">
                        {t('sessions.end')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={!!confirm}
        title={t('sessions.end')}
        text={confirm ? t('sessions.confirmEnd', { name: `${confirm.Name} ${confirm.Surname}`.trim() }) : ''}
        busy={end.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          setNotice(null);
          end.mutate(confirm.SessionId, {
            onSuccess: (d) => setNotice(d),
            onSettled: () => setConfirm(null),
          });
        }}
      />
    </Stack>
  );
}
