/**
 * /video/[id] (spec §2; §3 Phone/video call, Incident; §4 Phone call status): one call — its
 * status as this console sees it, Answer (when unanswered or transferred to me), Transfer to an
 * online operator, End and Close out; the caller's profile as it was at call time (language,
 * organisation, medical info, three emergency contacts), the branch, and a map of the caller's
 * position. A call that disappears for this console (missed, or ended by another) closes the
 * panel. While this console holds the call (active) it shows the caller's live video and sound
 * and sends its microphone (and camera) back (use-call-media.ts, signalled over /_socket).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
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
  Stack,
  Typography,
} from '@mui/material';
import { mayAnswerCall } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { getSession } from '../../../shared/session/session-store';
import { useConsoleOfficers, useOnlineUsers } from '../../chat/api';
import { useNow } from '../../../shared/time/use-now';
import { useAnswerCall, useCall, useCloseoutCall, useEndCall, useTransferCall } from '../api';
import { CallerPanel } from '../components/CallerPanel';
import { SecurityPhrasesBox } from '../../security-phrases/components/SecurityPhrasesBox';
import { CALL_STATUS_COLOR } from '../components/IncomingCalls';
import { callTimes } from '../format';
import { CallVideo } from '../components/CallVideo';
import { useCallMedia } from '../use-call-media';

const ChatMap = lazy(() => import('../../chat/components/ChatMap'));

export default function VideoPage() {
  const { id = '' } = useParams();
  const callId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const { t, i18n } = useTranslation();
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
  const holding = c?.Status === 'active';
  const media = useCallMedia(callId, holding, i18n.language);

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
            <CallVideo media={media} holding={holding} />
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
          <Stack sx={{ gap: 2 }}>
            <CallerPanel c={c} waiting={times.waiting} talk={times.talk} />
            <SecurityPhrasesBox organizationId={c.OrganizationId} />
          </Stack>
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
