/**
 * The report screens (spec §2 /daily, /activities, /checkinout, /timerreports, /surveyreports;
 * §7 Reports): each is the shared ReportScreen with its columns, its own filters and its details.
 * Times are shown as the server renders them: branch-local with the zone abbreviation.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import type { TFunction } from 'i18next';
import { Box, Chip, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  ACTIVITY_TYPES,
  DAILY_DEFAULT_END_TIME,
  DAILY_DEFAULT_START_TIME,
  ReportErrorCode,
  formatDuration,
  formatPhoneInternational,
  type ActivityReportRow,
  type ActivityType,
  type CheckInOutRow,
  type DailyReportRow,
  type DailyTask,
  type DayStatus,
  type Punctuality,
  type SurveyReportRow,
  type TimerPing,
  type TimerReportRow,
} from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { usablePoint, type MapPoint } from '../../../shared/map/points';
import {
  activityReport,
  checkInOutReport,
  dailyReport,
  surveyReport,
  timerReport,
  useActivityDetail,
  useSurveyDetail,
  useTimerPings,
  type ActivitySort,
  type CheckInOutSort,
  type DailySort,
  type SurveySort,
  type TimerSort,
  type TimerStatus,
} from '../api';
import { ReportMap } from '../components/ReportMap';
import { DetailLine, ReportScreen, type ReportColumn } from '../components/ReportScreen';
import { wholeMetres } from '../../../shared/format/units';

const fullName = (n: string | null | undefined, s: string | null | undefined) => [n, s].filter(Boolean).join(' ');

/** Chip of a punctuality (green on time, orange early, red late). */
export function PunctualityChip({ value }: { value: Punctuality | null }) {
  const { t } = useTranslation();
  if (!value) return null;
  const color = value === 'ontime' ? 'success' : value === 'early' ? 'warning' : 'error';
  return <Chip size="small" color={color} variant="outlined" label={t(`reports.punctuality.${value}`)} />;
}

const DAY_COLORS: Record<DayStatus, 'success' | 'default' | 'error' | 'warning' | 'info'> = {
  OPEN: 'success',
  CLOSED: 'default',
  AUTO_CLOSED: 'warning',
  NOT_OPENED: 'error',
  HOLIDAY: 'info',
  NOT_SCHEDULED: 'default',
  PENDING: 'info',
};

/** Coordinates as text, with a link to OpenStreetMap (the details' maps are drawn by ReportMap; this stays as their text). */
export function Location({ lat, lng }: { lat: number | null | undefined; lng: number | null | undefined }) {
  const { t } = useTranslation();
  if (lat == null || lng == null) return <>{t('reports.detail.noLocation')}</>;
  return (
    <span>
      {lat.toFixed(5)}, {lng.toFixed(5)}{' '}
      <Link href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`} target="_blank" rel="noopener noreferrer">
        {t('reports.detail.openMap')}
      </Link>
    </span>
  );
}

function TaskList({ tasks }: { tasks: DailyTask[] }) {
  const { t } = useTranslation();
  if (tasks.length === 0) return <>{t('reports.detail.none')}</>;
  return (
    <Stack sx={{ gap: 0.5 }}>
      {tasks.map((k) => (
        <Stack key={k.NotificationId} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <span>{k.TimeLocal}</span>
          <span>{fullName(k.Name, k.Surname)}</span>
          <PunctualityChip value={k.Punctuality} />
        </Stack>
      ))}
    </Stack>
  );
}

/** /daily (dailyreports GET-ALL-BRANCH-REPORTING): per branch and branch-local day. Range defaults to today 00:00:00–23:59:59 (spec §9). */
export function DailyReportPage() {
  const { t } = useTranslation();
  const first = (r: DailyReportRow) => r.tasksOpenings[0];
  const last = (r: DailyReportRow) => r.tasksClosings[r.tasksClosings.length - 1];
  const columns: ReportColumn<DailyReportRow, DailySort>[] = [
    { id: 'date', nowrap: true, label: 'reports.columns.date', sortKey: 'date', render: (r) => r.date },
    { id: 'branch', label: 'reports.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
    { id: 'region', label: 'reports.columns.region', sortKey: 'region', render: (r) => r.RegionalOfficeName },
    { id: 'tz', label: 'reports.columns.timeZone', render: (r) => r.TimeZoneCode },
    { id: 'schedule', label: 'reports.columns.schedule', render: (r) => r.Schedule },
    {
      id: 'status',
      label: 'reports.columns.dayStatus',
      render: (r) => (
        <Chip size="small" color={DAY_COLORS[r.DayStatus]} label={t(`reports.dayStatus.${r.DayStatus}`)} data-testid="day-status" />
      ),
    },
    { id: 'opened', nowrap: true, label: 'reports.columns.openedAt', render: (r) => first(r)?.TimeLocal },
    { id: 'openedBy', label: 'reports.columns.openedBy', render: (r) => fullName(first(r)?.Name, first(r)?.Surname) },
    { id: 'opening', label: 'reports.columns.opening', render: (r) => <PunctualityChip value={r.OpeningStatus} /> },
    { id: 'closed', nowrap: true, label: 'reports.columns.closedAt', render: (r) => last(r)?.TimeLocal },
    { id: 'closedBy', label: 'reports.columns.closedBy', render: (r) => fullName(last(r)?.Name, last(r)?.Surname) },
    { id: 'closing', label: 'reports.columns.closing', render: (r) => <PunctualityChip value={r.ClosingStatus} /> },
  ];
  return (
    <ReportScreen
      title="reports.names.daily"
      testId="daily-report"
      source={dailyReport()}
      columns={columns}
      defaultSort="date"
      errorKey={ReportErrorCode.Daily}
      rowKey={(r) => `${r.BranchOfficeId}|${r.date}`}
      filters={<Chip variant="outlined" size="small" label={`${DAILY_DEFAULT_START_TIME} – ${DAILY_DEFAULT_END_TIME}`} />}
      renderDetail={(r) => (
        <>
          <DetailLine label={t('reports.columns.branch')}>
            {r.BranchOfficeName} ({r.OrganizationName})
          </DetailLine>
          <DetailLine label={t('reports.columns.date')}>
            {r.date} · {r.TimeZone} ({r.TimeZoneCode})
          </DetailLine>
          <DetailLine label={t('reports.columns.schedule')}>{r.Schedule}</DetailLine>
          <DetailLine label={t('reports.columns.dayStatus')}>{t(`reports.dayStatus.${r.DayStatus}`)}</DetailLine>
          <DetailLine label={t('reports.detail.openings')}>
            <TaskList tasks={r.tasksOpenings} />
          </DetailLine>
          <DetailLine label={t('reports.detail.closings')}>
            <TaskList tasks={r.tasksClosings} />
          </DetailLine>
        </>
      )}
    />
  );
}

function ActivityDetail({ row }: { row: ActivityReportRow }) {
  const { t } = useTranslation();
  const q = useActivityDetail(row.NotificationId);
  const d = q.data;
  const point = usablePoint(row.Latitude, row.Longitude);
  return (
    <>
      <DetailLine label={t('reports.columns.time')}>{row.NotificationTimeLocal}</DetailLine>
      <DetailLine label={t('reports.columns.branch')}>
        {row.BranchOfficeName} · {row.RegionalOfficeName} · {row.OrganizationName}
      </DetailLine>
      <DetailLine label={t('reports.columns.action')}>
        {row.BranchAction} <PunctualityChip value={row.Punctuality} />
      </DetailLine>
      <DetailLine label={t('reports.detail.reporter')}>{fullName(row.Name, row.Surname)}</DetailLine>
      {row.ChecklistLBranchActions.map((c) => (
        <DetailLine key={c.TaskId} label={t('taskLists.report.columns.template')}>
          <div data-testid="activity-checklist">
            {c.TemplateName} · {t(`taskLists.statuses.${c.Status}`)}
            {c.DurationSeconds != null ? ` · ${formatDuration(c.DurationSeconds)}` : ''}
          </div>
          <List dense disablePadding>
            {c.items.map((i) => (
              <ListItem key={i.TemplateDetailsAutoId} disableGutters>
                <ListItemText
                  primary={`${i.PriorityOrder}. ${i.name}`}
                  secondary={`${i.EndedAtUTC ? new Date(i.EndedAtUTC).toLocaleTimeString() : '—'} · ${
                    i.DurationSeconds != null ? formatDuration(i.DurationSeconds) : '—'
                  } / ${formatDuration(i.TimeInterval)}`}
                />
              </ListItem>
            ))}
          </List>
        </DetailLine>
      ))}
      <DetailLine label={t('reports.detail.location')}>
        <Location lat={row.Latitude} lng={row.Longitude} />
        <ReportMap
          points={point ? [{ ...point, label: row.NotificationTimeLocal }] : []}
          testId="detail-map"
          label={t('reports.map.activity')}
        />
      </DetailLine>
      {q.isError && (
        <Typography color="error" data-testid="detail-error">
          {t(ReportErrorCode.ActivityDetails)}
        </Typography>
      )}
      {d && (
        <>
          <DetailLine label={t('reports.detail.message')}>{d.Msg ?? '—'}</DetailLine>
          <DetailLine label={t('reports.detail.notes')}>
            {d.Notes.length
              ? d.Notes.map((n) => (
                  <div key={n.NoteId}>
                    {n.Note} — {n.By}
                  </div>
                ))
              : t('reports.detail.noNotes')}
          </DetailLine>
          <DetailLine label={t('reports.detail.notifiedUsers')}>
            {d.NotifiedUsers.length
              ? d.NotifiedUsers.map((u) => (
                  <div key={`${u.Name}${u.Surname}${u.PhoneNumber}`}>
                    {fullName(u.Name, u.Surname)} · {u.RoleNameDisplay} · {formatPhoneInternational(u.PhoneNumber)}
                  </div>
                ))
              : t('reports.detail.nobody')}
          </DetailLine>
          <DetailLine label={t('reports.detail.packet')}>
            <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }} data-testid="detail-packet">
              {JSON.stringify(d.Packet, null, 2)}
            </Box>
          </DetailLine>
        </>
      )}
    </>
  );
}

/** /activities (getnotifications GET-ALL-REPORTS): branch actions and notifications, with details. */
export function ActivityReportPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<ActivityType>('all');
  const [search, setSearch] = useState('');
  const columns: ReportColumn<ActivityReportRow, ActivitySort>[] = [
    { id: 'time', nowrap: true, label: 'reports.columns.time', sortKey: 'time', render: (r) => r.NotificationTimeLocal },
    { id: 'branch', label: 'reports.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
    { id: 'region', label: 'reports.columns.region', render: (r) => r.RegionalOfficeName },
    {
      id: 'action',
      label: 'reports.columns.action',
      sortKey: 'action',
      render: (r) => (
        <Chip
          size="small"
          label={r.BranchAction}
          color={
            r.SecurityAlert || r.NotificationType === 2 || r.NotificationType === 15
              ? 'error'
              : r.BranchAction === 'Open'
                ? 'success'
                : r.BranchAction === 'Service'
                  ? 'warning'
                  : 'default'
          }
        />
      ),
    },
    { id: 'punctuality', label: 'reports.columns.punctuality', render: (r) => <PunctualityChip value={r.Punctuality} /> },
    { id: 'user', label: 'reports.columns.user', sortKey: 'user', render: (r) => fullName(r.Name, r.Surname) },
    { id: 'message', label: 'reports.columns.message', render: (r) => r.MessageContent },
  ];
  return (
    <ReportScreen
      title="reports.names.activities"
      testId="activity-report"
      source={activityReport({ type, search: search.trim() || undefined })}
      columns={columns}
      defaultSort="time"
      errorKey={ReportErrorCode.Activities}
      rowKey={(r) => r.NotificationId}
      filters={
        <>
          <TextField
            select
            size="small"
            label={t('reports.filters.type')}
            value={type}
            onChange={(e) => setType(ACTIVITY_TYPES.find((a) => a === e.target.value) ?? 'all')}
            sx={{ minWidth: 150 }}
            data-testid="filter-type"
          >
            {ACTIVITY_TYPES.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`reports.activityTypes.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('reports.filters.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="filter-search"
          />
        </>
      }
      renderDetail={(r) => <ActivityDetail row={r} />}
    />
  );
}

/** /checkinout (getcheckinout): check-in and check-out pairs with location, accuracy and geofence. */
export function CheckInOutPage() {
  const { t } = useTranslation();
  const [fence, setFence] = useState<'all' | 'inside' | 'outside'>('all');
  const columns: ReportColumn<CheckInOutRow, CheckInOutSort>[] = [
    { id: 'in', nowrap: true, label: 'reports.columns.checkIn', sortKey: 'checkIn', render: (r) => r.CheckIn },
    { id: 'out', nowrap: true, label: 'reports.columns.checkOut', sortKey: 'checkOut', render: (r) => r.CheckOut },
    { id: 'user', label: 'reports.columns.user', sortKey: 'user', render: (r) => fullName(r.Name, r.Surname) },
    { id: 'branch', label: 'reports.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
    { id: 'by', label: 'reports.columns.checkedOutBy', render: (r) => r.CheckedOutBy },
    { id: 'acc', label: 'reports.columns.accuracy', render: (r) => wholeMetres(r.HorizontalAccuracy) },
    {
      id: 'fence',
      label: 'reports.columns.insideGeofence',
      render: (r) =>
        r.InsideGeofence == null ? (
          ''
        ) : (
          <Chip
            size="small"
            color={r.InsideGeofence ? 'success' : 'error'}
            label={t(r.InsideGeofence ? 'reports.filters.inside' : 'reports.filters.outside')}
          />
        ),
    },
  ];
  return (
    <ReportScreen
      title="reports.names.checkinout"
      testId="checkinout-report"
      source={checkInOutReport({ insideGeofence: fence === 'all' ? undefined : fence === 'inside' })}
      columns={columns}
      defaultSort="checkIn"
      errorKey={ReportErrorCode.CheckInOut}
      rowKey={(r) => r.CheckInId}
      filters={
        <TextField
          select
          size="small"
          label={t('reports.filters.geofence')}
          value={fence}
          onChange={(e) => setFence(e.target.value as typeof fence)}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="all">{t('reports.filters.all')}</MenuItem>
          <MenuItem value="inside">{t('reports.filters.inside')}</MenuItem>
          <MenuItem value="outside">{t('reports.filters.outside')}</MenuItem>
        </TextField>
      }
      renderDetail={(r) => (
        <>
          <DetailLine label={t('reports.columns.user')}>
            {fullName(r.Name, r.Surname)} · {r.Email}
          </DetailLine>
          <DetailLine label={t('reports.columns.branch')}>
            {r.BranchOfficeName} · {r.RegionalOfficeName} · {r.OrganizationName}
          </DetailLine>
          <DetailLine label={t('reports.columns.checkIn')}>{r.CheckIn}</DetailLine>
          <DetailLine label={t('reports.columns.checkOut')}>{r.CheckOut ?? '—'}</DetailLine>
          <DetailLine label={t('reports.detail.location')}>
            <Location lat={r.Latitude} lng={r.Longitude} />
            <ReportMap
              points={checkInPoints(r, t)}
              testId="checkinout-map"
              label={t('reports.map.checkInOut')}
              legend={{ first: t('reports.map.branch'), last: t('reports.map.checkIn') }}
            />
          </DetailLine>
          <DetailLine label={t('reports.columns.accuracy')}>{wholeMetres(r.HorizontalAccuracy)}</DetailLine>
        </>
      )}
    />
  );
}

/** A check-in's map points: the branch, then where the user checked in (the usable ones). */
function checkInPoints(r: CheckInOutRow, t: TFunction): MapPoint[] {
  const branch = usablePoint(r.BranchLatitude, r.BranchLongitude);
  const at = usablePoint(r.Latitude, r.Longitude);
  return [
    ...(branch ? [{ ...branch, label: `${t('reports.map.branch')}: ${r.BranchOfficeName}` }] : []),
    ...(at ? [{ ...at, label: `${t('reports.map.checkIn')}: ${r.CheckIn}` }] : []),
  ];
}

/** The map points of a timer's pings (the usable ones, in order), titled first / Ping n / last with their time. */
function pingPoints(pings: readonly TimerPing[], t: TFunction): MapPoint[] {
  const usable = pings.flatMap((p, i) => {
    const at = usablePoint(p.Latitude, p.Longitude);
    return at ? [{ ...at, n: i + 1, time: p.AtLocal }] : [];
  });
  return usable.map(({ lat, lng, n, time }, i) => {
    const name = i === 0 ? t('reports.map.start') : i === usable.length - 1 ? t('reports.map.last') : t('reports.map.ping', { n });
    return { lat, lng, label: `${name} · ${time}` };
  });
}

/** The timer states the timer report filters on. */
const TIMER_STATUSES: readonly TimerStatus[] = ['all', 'safeStopped', 'alerted', 'running'];

function TimerDetail({ row }: { row: TimerReportRow }) {
  const { t } = useTranslation();
  const q = useTimerPings(row.CheckInOutId);
  const pings = q.data?.Pings ?? [];
  return (
    <>
      <DetailLine label={t('reports.columns.user')}>
        {fullName(row.UserProfile.Name, row.UserProfile.Surname)} · {formatPhoneInternational(row.UserProfile.PhoneNumber)}
      </DetailLine>
      <DetailLine label={t('reports.columns.timerFor')}>{row.TimerForAction}</DetailLine>
      <DetailLine label={t('reports.columns.start')}>{row.ActionStartLocal}</DetailLine>
      <DetailLine label={t('reports.columns.stop')}>{row.ActionStopLocal ?? '—'}</DetailLine>
      <DetailLine label={t('reports.columns.duration')}>
        {row.Duration} ({t('reports.columns.elapsed')} {row.Elapsed})
      </DetailLine>
      {q.isError && <Typography color="error">{t(ReportErrorCode.Timers)}</Typography>}
      <DetailLine label={t('reports.detail.pings')}>
        {q.isPending ? (
          <Loading />
        ) : pings.length ? (
          <>
            <ReportMap points={pingPoints(pings, t)} line testId="timer-pings-map" label={t('reports.map.pings')} height={280} />
            <List dense disablePadding data-testid="timer-pings">
              {pings.map((p) => (
                <ListItem key={p.AtUTC} disableGutters>
                  <ListItemText primary={p.AtLocal} secondary={<Location lat={p.Latitude} lng={p.Longitude} />} />
                </ListItem>
              ))}
            </List>
          </>
        ) : (
          t('reports.detail.noPings')
        )}
      </DetailLine>
    </>
  );
}

/** /timerreports (gettrackings GET-ALL-NON-RETAIL-PINGS): timers with hh:mm:ss durations (spec §9) and their pings. */
export function TimerReportPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TimerStatus>('all');
  const columns: ReportColumn<TimerReportRow, TimerSort>[] = [
    { id: 'start', nowrap: true, label: 'reports.columns.start', sortKey: 'start', render: (r) => r.ActionStartLocal },
    { id: 'stop', nowrap: true, label: 'reports.columns.stop', render: (r) => r.ActionStopLocal },
    { id: 'user', label: 'reports.columns.user', sortKey: 'user', render: (r) => fullName(r.UserProfile.Name, r.UserProfile.Surname) },
    { id: 'branch', label: 'reports.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
    { id: 'for', label: 'reports.columns.timerFor', render: (r) => r.TimerForAction },
    { id: 'duration', label: 'reports.columns.duration', sortKey: 'duration', render: (r) => r.Duration },
    { id: 'elapsed', label: 'reports.columns.elapsed', render: (r) => r.Elapsed },
    {
      id: 'state',
      label: 'reports.filters.status',
      render: (r) =>
        r.Alerted ? (
          <Chip size="small" color="error" label={t('reports.timerStatus.alerted')} />
        ) : r.SafeStopped ? (
          <Chip size="small" color="success" label={t('reports.timerStatus.safeStopped')} />
        ) : (
          <Chip size="small" label={t('reports.timerStatus.running')} />
        ),
    },
    { id: 'pings', label: 'reports.columns.pings', render: (r) => r.PingCount },
  ];
  return (
    <ReportScreen
      title="reports.names.timerreports"
      testId="timer-report"
      source={timerReport({ status })}
      columns={columns}
      defaultSort="start"
      errorKey={ReportErrorCode.Timers}
      rowKey={(r) => r.CheckInOutId}
      filters={
        <TextField
          select
          size="small"
          label={t('reports.filters.status')}
          value={status}
          onChange={(e) => setStatus(TIMER_STATUSES.find((v) => v === e.target.value) ?? 'all')}
          sx={{ minWidth: 150 }}
        >
          {TIMER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`reports.timerStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      }
      renderDetail={(r) => <TimerDetail row={r} />}
    />
  );
}

function SurveyDetail({ row }: { row: SurveyReportRow }) {
  const { t } = useTranslation();
  const q = useSurveyDetail(row.SubmitetSurveyId);
  const d = q.data;
  return (
    <>
      <DetailLine label={t('reports.columns.survey')}>{row.SurveyName}</DetailLine>
      <DetailLine label={t('reports.columns.submittedAt')}>{row.CreatedAtLocal}</DetailLine>
      <DetailLine label={t('reports.columns.user')}>
        {fullName(row.Name, row.Surname)} · {row.RoleNameDisplay}
      </DetailLine>
      {q.isError && <Typography color="error">{t(ReportErrorCode.SurveyDetails)}</Typography>}
      {d && (
        <>
          <DetailLine label={t('reports.detail.description')}>{d.SurveyDescription ?? '—'}</DetailLine>
          <DetailLine label={t('reports.detail.answers')}>
            {d.SurveyQuestions.map((qq) => (
              <div key={qq.QuestionId}>
                {qq.Question} — <b>{d.Answers.find((a) => a.QuestionId === qq.QuestionId)?.Answer ?? '—'}</b>
              </div>
            ))}
          </DetailLine>
          <DetailLine label={t('reports.detail.recommendation')}>
            {(d.EndWithNotification ? d.NotifyRecomandation : d.NonNotifyRecomandation) ?? '—'}
          </DetailLine>
          <DetailLine label={t('reports.detail.notifiedUsers')}>
            {d.NotifiedUsers.length ? d.NotifiedUsers.map((u) => fullName(u.Name, u.Surname)).join(', ') : t('reports.detail.nobody')}
          </DetailLine>
        </>
      )}
    </>
  );
}

/** /surveyreports (managesurveys GET-ALL-SURVEY-REPORTING): submitted surveys and their answers. */
export function SurveyReportPage() {
  const columns: ReportColumn<SurveyReportRow, SurveySort>[] = [
    { id: 'at', nowrap: true, label: 'reports.columns.submittedAt', sortKey: 'createdAt', render: (r) => r.CreatedAtLocal },
    { id: 'survey', label: 'reports.columns.survey', sortKey: 'survey', render: (r) => r.SurveyName },
    { id: 'user', label: 'reports.columns.user', sortKey: 'user', render: (r) => fullName(r.Name, r.Surname) },
    { id: 'role', label: 'reports.columns.role', render: (r) => r.RoleNameDisplay },
    { id: 'branch', label: 'reports.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
    {
      id: 'end',
      label: 'reports.columns.endWithNotification',
      render: (r) => (r.EndWithNotification ? <Chip size="small" color="error" label="!" /> : null),
    },
  ];
  return (
    <ReportScreen
      title="reports.names.surveyreports"
      testId="survey-report"
      source={surveyReport()}
      columns={columns}
      defaultSort="createdAt"
      errorKey={ReportErrorCode.Surveys}
      rowKey={(r) => r.SubmitetSurveyId}
      renderDetail={(r) => <SurveyDetail row={r} />}
    />
  );
}
