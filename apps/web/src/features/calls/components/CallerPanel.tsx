/** The caller's profile at call time (spec §3 Incident), shared by /video/[id] and /videorecording/[id]. */
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { formatPhoneInternational, type Incident } from '@vigil/contract';

/** The caller's profile at call time, the branch and the call's figures. */
export function CallerPanel({ c, waiting, talk }: { c: Incident; waiting: string; talk: string }) {
  const { t } = useTranslation();
  const m = c.Caller.Medical;
  const yes = (v: boolean) => (v ? t('calls.page.yes') : t('calls.page.no'));
  return (
    <Stack sx={{ gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="call-caller">
        <Typography variant="overline" color="text.secondary">
          {t('calls.page.caller')}
        </Typography>
        <Typography variant="h6">
          {c.Caller.Name} {c.Caller.Surname}
        </Typography>
        <Line label={t('calls.page.phone')} value={c.formattedCallerId ?? '—'} />
        <Line label={t('calls.page.email')} value={c.Caller.Email} />
        <Line label={t('calls.page.language')} value={t(`app.languages.${c.Caller.Language}`, { defaultValue: c.Caller.Language })} />
        <Line label={t('calls.page.organization')} value={c.Caller.OrganizationName ?? '—'} />
        <Line label={t('calls.page.branch')} value={[c.BranchOfficeName, c.RegionalOfficeName].filter(Boolean).join(' · ') || '—'} />
        <Line label={t('calls.page.waitingTime')} value={waiting} testId="call-waiting" />
        <Line label={t('calls.page.talkTime')} value={talk || '—'} testId="call-talk" />
        {c.TransferChain.length > 0 && (
          <Line label={t('calls.page.transfers')} value={c.TransferChain.map((h) => `${h.FromName} → ${h.ToName}`).join(', ')} />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="call-medical">
        <Typography variant="overline" color="text.secondary">
          {t('calls.page.medical')}
        </Typography>
        <Line label={t('calls.page.bloodType')} value={m.BloodType ?? '—'} />
        <Line label={t('calls.page.hearingImpaired')} value={yes(m.HearingImpaired)} />
        <Line label={t('calls.page.height')} value={m.HeightCm != null ? t('calls.page.cm', { value: m.HeightCm }) : '—'} />
        <Line label={t('calls.page.weight')} value={m.WeightKg != null ? t('calls.page.kg', { value: m.WeightKg }) : '—'} />
        <Line label={t('calls.page.special')} value={m.SpecialNotes ?? '—'} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="call-contacts">
        <Typography variant="overline" color="text.secondary">
          {t('calls.page.contacts')}
        </Typography>
        {c.Caller.EmergencyContacts.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('calls.page.noContacts')}
          </Typography>
        ) : (
          c.Caller.EmergencyContacts.map((p, i) => (
            <Box key={i} sx={{ py: 0.5 }} data-testid="call-contact">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {p.Name}
                {p.Relationship ? ` (${p.Relationship})` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[formatPhoneInternational(p.PhoneNumber), p.Email].filter(Boolean).join(' · ') || '—'}
              </Typography>
            </Box>
          ))
        )}
      </Paper>
    </Stack>
  );
}

/** One label / value line of a panel. */
export function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack direction="row" sx={{ gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Stack>
  );
}
