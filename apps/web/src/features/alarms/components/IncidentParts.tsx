/**
 * The parts of the incident view (issue 13, /alarm/:id): the branch card (address, phone, status
 * now, schedule, security offices), who is there now, the figures signal → shown → acknowledged →
 * closed, and the timeline. Times are shown in the branch's zone (contract formatInZone). Texts of
 * a timeline entry come from the contract's incidentEntryText, as in the CSV and PDF exports.
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Chip, List, ListItem, Paper, Stack, Tooltip, Typography } from '@mui/material';
import {
  BRANCH_STATUS_COLORS,
  branchStatusOf,
  formatInZone,
  formatPhoneInternational,
  incidentEntryText,
  type AlarmIncident,
  type IncidentFigures,
  type IncidentPerson,
  type SocketEvent,
} from '@vigil/contract';

/** `formatInZone`, in UTC when the zone is unknown. */
export function inZone(iso: string, zone: string): string {
  try {
    return formatInZone(iso, zone);
  } catch {
    return formatInZone(iso, 'UTC');
  }
}

const phone = (p: string | null) => (p ? formatPhoneInternational(p) : '');

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" sx={{ gap: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, minWidth: 96 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value || '—'}
      </Typography>
    </Stack>
  );
}

/** The branch: name, status now, address, phone, schedule (branch-local HH:mm), security offices. */
export function IncidentBranchCard({ incident }: { incident: AlarmIncident }) {
  const { t } = useTranslation();
  const b = incident.Branch;
  const status = branchStatusOf(b.BranchAction);
  const address = [b.Address, b.City, b.State, b.ZipCode, b.Country].filter(Boolean).join(', ');
  const days = new Map(b.WeekSchedule.map((d) => [d.weekday, d]));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="incident-branch">
      <Typography variant="overline" color="text.secondary">
        {t('alarms.incident.branch')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }} data-testid="incident-branch-name">
          {b.Name}
        </Typography>
        <Chip
          size="small"
          label={`${t('alarms.incident.status')}: ${t(`branchStatus.${status}`)}`}
          data-testid="incident-branch-status"
          data-status={status}
          sx={{ bgcolor: BRANCH_STATUS_COLORS[status], color: '#fff', fontWeight: 600 }}
        />
      </Stack>
      <Stack sx={{ gap: 0.5 }}>
        <Field label={t('alarms.incident.address')} value={address} testId="incident-branch-address" />
        <Field label={t('alarms.incident.phone')} value={phone(b.PhoneNumber)} testId="incident-branch-phone" />
        <Field
          label={t('alarms.incident.offices')}
          value={b.SecurityOffices.map(
            (o) =>
              `${o.Name}${o.PhoneNumber ? ` (${phone(o.PhoneNumber)})` : ''}${o.OwnOffice ? ` — ${t('alarms.incident.ownOffice')}` : ''}`,
          ).join('; ')}
          testId="incident-branch-offices"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('alarms.incident.schedule')}
        </Typography>
        {b.WeekSchedule.length === 0 ? (
          <Typography variant="body2" data-testid="incident-branch-schedule">
            {t('alarms.incident.noSchedule')}
          </Typography>
        ) : (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0, m: 0 }}
            data-testid="incident-branch-schedule"
          >
            {[1, 2, 3, 4, 5, 6, 7].map((wd) => {
              const d = days.get(wd);
              return (
                <Box key={wd} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2">
                    {t(`management.weekdays.${wd}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'nowrap' }}>
                    {d ? `${d.opensAt}–${d.closesAt}` : '—'}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/** Who is at the branch now: checked in (since when) and/or signed in (which sessions). */
export function IncidentPeople({ people, zone }: { people: IncidentPerson[]; zone: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="incident-people">
      <Typography variant="overline" color="text.secondary">
        {t('alarms.incident.people')}
      </Typography>
      {people.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('alarms.incident.nobody')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {people.map((p) => (
            <ListItem key={p.UserId} disableGutters data-testid="incident-person" data-user-id={p.UserId} sx={{ display: 'block' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {`${p.Name} ${p.Surname}`}
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${t(`roles.${p.RoleId}`, { defaultValue: p.RoleName })}${p.PhoneNumber ? ` · ${phone(p.PhoneNumber)}` : ''}`}
                </Typography>
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {[
                  p.CheckedInAtUTC ? t('alarms.incident.checkedInAt', { time: inZone(p.CheckedInAtUTC, zone) }) : '',
                  p.SessionTypes.length
                    ? t('alarms.incident.signedIn', {
                        types: p.SessionTypes.map((x) => (x === 'MOBILE' ? t('sessions.mobile') : t('sessions.web'))).join(', '),
                      })
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** A duration in seconds as "1 h 2 min 3 s" (catalogue alarms.incident.duration.*). */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds == null) return '';
    const s = Math.max(0, seconds);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const parts: string[] = [];
    if (h) parts.push(t('alarms.incident.duration.h', { count: h }));
    if (m) parts.push(t('alarms.incident.duration.min', { count: m }));
    if (s % 60 || parts.length === 0) parts.push(t('alarms.incident.duration.s', { count: s % 60 }));
    return `+${parts.join(' ')}`;
  };
}

/** The figures as four steps; a step not reached yet shows "Not yet". */
export function IncidentFiguresBar({ figures, zone }: { figures: IncidentFigures; zone: string }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const steps = [
    { key: 'signal', at: figures.SignalAtUTC, gap: null },
    { key: 'shown', at: figures.ShownAtUTC, gap: figures.SignalToShownSeconds },
    { key: 'acknowledged', at: figures.AcknowledgedAtUTC, gap: figures.ShownToAcknowledgedSeconds },
    { key: 'closed', at: figures.ClosedAtUTC, gap: figures.AcknowledgedToClosedSeconds },
  ] as const;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="incident-figures">
      <Tooltip title={t('alarms.incident.figure.help')}>
        <Typography variant="overline" color="text.secondary">
          {t('alarms.incident.figures')}
        </Typography>
      </Tooltip>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1 }}>
        {steps.map((s) => (
          <Box
            key={s.key}
            data-testid={`incident-figure-${s.key}`}
            data-at={s.at ?? ''}
            sx={{ borderLeft: 3, borderColor: s.at ? 'primary.main' : 'grey.300', pl: 1, minWidth: 0 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t(`alarms.incident.figure.${s.key}`)}
            </Typography>
            <Typography
              variant="body2"
              sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
              title={s.at ? inZone(s.at, zone) : ''}
            >
              {s.at ? inZone(s.at, zone).slice(11) : t('alarms.incident.notYet')}
            </Typography>
            {s.at && s.gap != null && (
              <Typography variant="caption" color="text.secondary">
                {duration(s.gap)}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** Colour of an entry's marker: the alarm family red, acknowledgements green, notes blue, the rest grey. */
function markerColor(e: SocketEvent): string {
  if (e.type === 'NOTIFICATION') return 'error.main';
  if (e.type === 'ALARM-ACK') return 'success.main';
  if (e.type === 'ALARM-NOTE') return 'info.main';
  if (e.type === 'EMERGENCY-NOTIFICATION' || e.type === 'CHAT-SESSION' || e.type === 'VIDEO-CALL') return 'warning.main';
  return 'grey.400';
}

/** The timeline, oldest first (the alarm at the top), each entry: time at the branch, what, who, details. */
export function IncidentTimeline({ incident }: { incident: AlarmIncident }) {
  const { t } = useTranslation();
  const zone = incident.Branch.BranchTimeZone;
  const tt = (key: string, vars?: Record<string, string | number>) => t(key, vars ?? {});
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="overline" color="text.secondary">
          {t('alarms.incident.timeline')}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="incident-timeline-count">
          {t('alarms.incident.entries', { count: incident.Timeline.length })} · {t('alarms.incident.timeAt', { zone })}
        </Typography>
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="incident-timeline" aria-live="polite">
        {incident.Timeline.map((e) => {
          const x = incidentEntryText(e, tt);
          return (
            <Box
              component="li"
              key={e.id}
              data-testid="incident-entry"
              data-type={e.type}
              data-event-id={e.id}
              sx={{ display: 'flex', gap: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
            >
              <Box sx={{ width: 4, flexShrink: 0, borderRadius: 1, bgcolor: markerColor(e) }} />
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ flexShrink: 0, width: 64, fontVariantNumeric: 'tabular-nums' }}
                title={inZone(e.NotificationTimeAddedUTC, zone)}
              >
                {inZone(e.NotificationTimeAddedUTC, zone).slice(11, 19)}
              </Typography>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2">
                  <strong>{x.What}</strong>
                  {x.Who ? ` — ${x.Who}` : ''}
                </Typography>
                {x.Details && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="incident-entry-details">
                    {x.Details}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      {incident.TimelineTruncated && (
        <Typography variant="caption" color="text.secondary">
          {t('alarms.incident.truncated')}
        </Typography>
      )}
    </Paper>
  );
}
