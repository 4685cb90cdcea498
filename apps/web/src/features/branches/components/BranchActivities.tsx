/**
 * The branch page's Activities tab (spec §7 managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID; §8
 * 'Error retrieving Branch Activities'): the branch's actions and notifications between two days
 * (default the last 7, branch-local, chosen with the profile date-range catalogue), newest first, with the time in the branch's zone, action and user.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { DateTime } from 'luxon';
import { Alert, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ProfileDateRange } from '../../../shared/date-range/ProfileDateRange';
import { Loading } from '../../../shared/components/Loading';
import { useBranchActivities } from '../api';

/** Days shown by default, today included. */
const DEFAULT_DAYS = 7;

export function BranchActivities({ branchId, timeZone }: { branchId: number; timeZone: string }) {
  const { t } = useTranslation();
  const today = useMemo(() => DateTime.now().setZone(timeZone), [timeZone]);
  const [range, setRange] = useState(() => ({ start: today.minus({ days: DEFAULT_DAYS - 1 }).toISODate()!, end: today.toISODate()! }));
  const q = useBranchActivities(branchId, range.start, range.end);
  const rows = q.data?.organizationobject ?? [];
  return (
    <Stack sx={{ gap: 2 }} data-testid="branch-activities">
      {/* The profile date-range catalogue (spec §2, §9): Custom (the last 7 days) first, applied as it changes. */}
      <ProfileDateRange
        initialRange={{ from: range.start, to: range.end }}
        onChange={setRange}
        now={today}
        testId="branch-activities-range"
      />
      {q.isError && <Alert severity="error">{t('reports.errors.branchActivities')}</Alert>}
      {q.isLoading && <Loading />}
      {q.data && rows.length === 0 && <Typography color="text.secondary">{t('branchActivities.empty')}</Typography>}
      {rows.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('branchActivities.time')}</TableCell>
              <TableCell>{t('branchActivities.action')}</TableCell>
              <TableCell>{t('branchActivities.user')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.NotificationId} data-testid="branch-activity">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {DateTime.fromISO(r.start_time, { zone: r.BranchOfficeTimeZone ?? timeZone }).toFormat('yyyy-MM-dd HH:mm:ss ZZZZ')}
                </TableCell>
                <TableCell>{r.BranchAction ?? '—'}</TableCell>
                <TableCell>{[r.Name, r.Surname].filter(Boolean).join(' ') || '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {q.data && q.data.total > rows.length && (
        <Typography variant="caption" color="text.secondary">
          {t('branchActivities.more', { shown: rows.length, total: q.data.total })}
        </Typography>
      )}
    </Stack>
  );
}
