/**
 * /video/[id] (spec §2; §3 Phone/video call, Incident; §4 Phone call status): one call — its
 * status as this console sees it, Answer (when unanswered or transferred to me), Transfer to an
 * online operator, End and Close out; the caller's profile as it was at call time (language,
 * organisation, medical info, three emergency contacts), the branch, and a map of the caller's
 * position. A call that disappears for this console (missed, or ended by another) closes the
 * panel. The live video area waits for the media relay (issue 15 step 3).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { mayAnswerCall, type Incident } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { getSession } from '../../../shared/session/session-store';
import { useConsoleOfficers, useOnlineUsers } from '../../chat/api';
import { useNow } from '../../chat/use-now';
import { useAnswerCall, useCall, useCloseoutCall, useEndCall, useTransferCall } from '../api';
import { CALL_STATUS_COLOR } from '../components/IncomingCalls';
import { callTimes } from '../format';

const ChatMap = lazy(() => import('../../chat/components/ChatMap'));

export default function VideoPage() {
  const { id = '' } = useParams();
  const callId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = getSession()?.UserId ?? 0;
  const q = useCall(callId);
  const answer = useAnswerCall(me);
  const transfer = useTransferCall(me);
  const end = useEndCall(me);
  const closeout = useCloseoutCall(me);
  const [choosing, setChoosing] = useState(false);
  const now = useNow();
  const c = q.data;

  // Missed, or ended on another console: the call is removed here (spec §4).
  const gone = c != null && c.Status == null;
  useEffect(() => {
    if (gone) void navigate('/', { replace: true });
  }, [gone, navigate]);

  if (callId === 0 || q.isError) {
    return (
      <Alert severity="error" data-testid="call-error">
        {q.error instanceof ApiError && q.error.description ? q.error.description : t('calls.errors.notFound')}
      </Alert>
    );
  }
  if (q.isPending || !c) return <Loading />;
  const status = c.Status ?? 'new';
  const times = callTimes(c, now);
  const mutationError = [answer.error, transfer.error, end.error, closeout.error].find((e) => e);
  const errorText =
    mutationError instanceof ApiError && mutationError.description
      ? mutationError.description
      : mutationError
        ? t('calls.errors.save')
        : null;
  const holding = status === 'active';

  return (
    <Stack sx={{ gap: 2 }} data-testid="video-page" data-status={status}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('calls.page.title')}: {c.profile.firstName} {c.profile.lastName}
        </Typography>
        <Chip data-testid="call-status" label={t(`calls.status.${status}`)} color={CALL_STATUS_COLOR[status]} />
        {mayAnswerCall(c, me) && (
          <Button
            variant="contained"
            color="success"
            onClick={() => answer.mutate({ callId })}
            disabled={answer.isPending}
            data-testid="call-answer"
          >
            {t('calls.page.answer')}
          </Button>
        )}
        {holding && (
          <Button variant="outlined" onClick={() => setChoosing(true)} data-testid="call-transfer">
            {t('calls.page.transfer')}
          </Button>
        )}
        {holding && (
          <Button variant="contained" color="error" onClick={() => end.mutate({ callId })} disabled={end.isPending} data-testid="call-end">
            {t('calls.page.end')}
          </Button>
        )}
        {(holding || status === 'ended') && (
          <Button variant="outlined" color="inherit" onClick={() => closeout.mutate({ callId })} data-testid="call-closeout">
            {t('calls.page.closeout')}
          </Button>
        )}
      </Stack>
      {status === 'other-console' && (
        <Alert severity="info" data-testid="call-taken">
          {t('calls.incoming.takenBy', { name: c.TransferToName ?? c.AnsweredByName ?? '' })}
        </Alert>
      )}
      {errorText && (
        <Alert severity="warning" data-testid="call-action-error">
          {errorText}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack sx={{ gap: 2 }}>
            <Paper
              variant="outlined"
              sx={{
                aspectRatio: '4 / 3',
                bgcolor: 'grey.900',
                color: 'grey.300',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
              data-testid="call-video-area"
            >
              <Typography variant="body2" sx={{ p: 2, textAlign: 'center' }}>
                {t('calls.page.noMedia')}
              </Typography>
            </Paper>
            <Box sx={{ height: 260 }}>
              {c.Latitude != null && c.Longitude != null ? (
                <MapBoundary fallback={<Alert severity="warning">{t('map.loadFailed')}</Alert>}>
                  <Suspense fallback={<Loading />}>
                    <ChatMap lat={c.Latitude} lng={c.Longitude} accuracy={c.HorizontalAccuracy ?? 50} label={t('calls.page.caller')} />
                  </Suspense>
                </MapBoundary>
              ) : (
                <Typography color="text.secondary">{t('calls.page.noPosition')}</Typography>
              )}
            </Box>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CallerPanel c={c} waiting={times.waiting} talk={times.talk} />
        </Grid>
      </Grid>
      <TransferDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        onChoose={(toUserId) => {
          setChoosing(false);
          transfer.mutate({ callId, toUserId });
        }}
      />
    </Stack>
  );
}

/** The caller's profile at call time, the branch and the call's figures. */
function CallerPanel({ c, waiting, talk }: { c: Incident; waiting: string; talk: string }) {
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
                {[p.PhoneNumber, p.Email].filter(Boolean).join(' · ') || '—'}
              </Typography>
            </Box>
          ))
        )}
      </Paper>
    </Stack>
  );
}

/** Chooses the operator to transfer to: the security officers of my offices who are online now. */
function TransferDialog({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (userId: number) => void }) {
  const { t } = useTranslation();
  const officers = useConsoleOfficers(open);
  const online = useOnlineUsers();
  const onlineIds = new Set((online.data ?? []).map((u) => u.UserId));
  const list = (officers.data ?? []).filter((o) => onlineIds.has(o.UserId));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="transfer-dialog">
      <DialogTitle>{t('calls.transfer.title')}</DialogTitle>
      <DialogContent dividers>
        {officers.isPending ? (
          <Loading />
        ) : list.length === 0 ? (
          <Typography color="text.secondary" data-testid="transfer-none">
            {t('calls.transfer.none')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {list.map((o) => (
              <ListItemButton key={o.UserId} onClick={() => onChoose(o.UserId)} data-testid="transfer-target" data-user={o.UserId}>
                <ListItemText primary={`${o.Name} ${o.Surname}`} secondary={o.RoleNameDisplay} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('calls.transfer.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
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
