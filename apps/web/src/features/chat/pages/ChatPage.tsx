/**
 * /chat/[id] (spec §2; §4 Chat session states): the live conversation with a mobile caller — caller
 * profile, branch, a map of the caller's position with its accuracy circle, the messages (own on the
 * right), the composer, Answer / Hold / Resume / Finish, the waiting time and the time since
 * answered. A session that is closed or disappears (finished elsewhere, terminated by the caller)
 * closes the panel: the console goes back to the dashboard.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { Alert, Box, Button, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import { formatPhoneInternational } from '@vigil/contract';
import { ApiError } from '../../../shared/api/client';
import { Loading } from '../../../shared/components/Loading';
import { MapBoundary } from '../../../shared/map/MapBoundary';
import { getSession } from '../../../shared/session/session-store';
import { useAnswerChat, useChatSession, useFinishChat, useHoldChat, useWriteInChat } from '../api';
import { SecurityPhrasesBox } from '../../security-phrases/components/SecurityPhrasesBox';
import { Composer } from '../components/Composer';
import { MessageList } from '../components/MessageList';
import { sessionTimes } from '../format';
import { useNow } from '../../../shared/time/use-now';

const ChatMap = lazy(() => import('../components/ChatMap'));

export default function ChatPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = getSession()?.UserId ?? 0;
  const q = useChatSession(id);
  const answer = useAnswerChat();
  const hold = useHoldChat();
  const finish = useFinishChat();
  const write = useWriteInChat(id);
  const now = useNow();
  const s = q.data;

  // The session was closed (finished here or elsewhere, terminated by the caller): close the panel.
  const gone = s?.ChatStatus === 'closed';
  useEffect(() => {
    if (gone) void navigate('/', { replace: true });
  }, [gone, navigate]);

  if (q.isPending) return <Loading />;
  if (q.isError || !s) {
    return (
      <Alert severity="error" data-testid="chat-error">
        {q.error instanceof ApiError && q.error.description ? q.error.description : t('chat.errors.retrieve')}
      </Alert>
    );
  }
  const times = sessionTimes(s, now);
  const mine = s.SecurityOfficerId === me;
  const mutationError = [answer.error, hold.error, finish.error, write.error].find((e) => e);
  const errorText =
    mutationError instanceof ApiError && mutationError.description
      ? mutationError.description
      : mutationError
        ? t('chat.errors.save')
        : null;
  const taken = s.SecurityOfficerId != null && !mine;

  return (
    <Stack sx={{ gap: 2 }} data-testid="chat-page" data-status={s.ChatStatus}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('chat.session.title')}: {s.MobileCallerName}
        </Typography>
        <Chip
          data-testid="chat-status"
          label={t(`chat.status.${s.ChatStatus}`)}
          color={s.ChatStatus === 'active' ? 'success' : s.ChatStatus === 'hold' ? 'warning' : 'error'}
        />
        {s.ChatStatus === 'incoming' && (
          <Button
            variant="contained"
            color="success"
            onClick={() => answer.mutate(id)}
            disabled={answer.isPending}
            data-testid="chat-answer"
          >
            {t('chat.session.answer')}
          </Button>
        )}
        {mine && s.ChatStatus === 'active' && (
          <Button
            variant="outlined"
            color="warning"
            onClick={() => hold.mutate({ chatRoomId: s.ChatRoomId, hold: true })}
            data-testid="chat-hold"
          >
            {t('chat.session.hold')}
          </Button>
        )}
        {mine && s.ChatStatus === 'hold' && (
          <Button
            variant="outlined"
            color="success"
            onClick={() => hold.mutate({ chatRoomId: s.ChatRoomId, hold: false })}
            data-testid="chat-resume"
          >
            {t('chat.session.resume')}
          </Button>
        )}
        {(mine || s.ChatStatus === 'incoming') && (
          <Button variant="contained" color="error" onClick={() => finish.mutate(id)} disabled={finish.isPending} data-testid="chat-finish">
            {t('chat.session.finish')}
          </Button>
        )}
      </Stack>
      {taken && (
        <Alert severity="info" data-testid="chat-taken">
          {t('chat.incoming.takenBy', { name: s.SecurityOfficerName })}
        </Alert>
      )}
      {errorText && (
        <Alert severity="warning" data-testid="chat-action-error">
          {errorText}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack sx={{ gap: 2 }}>
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="chat-caller">
              <Typography variant="overline" color="text.secondary">
                {t('chat.session.caller')}
              </Typography>
              <Typography variant="h6">{s.MobileCallerName}</Typography>
              <Line
                label={t('chat.session.role')}
                value={t(`roles.${s.CallerProfile.RoleId}`, { defaultValue: s.CallerProfile.RoleNameDisplay })}
              />
              <Line label={t('chat.session.phone')} value={formatPhoneInternational(s.CallerProfile.PhoneNumber) || '—'} />
              <Line label={t('chat.session.email')} value={s.CallerProfile.Email} />
              <Line label={t('chat.session.branch')} value={[s.BranchOfficeName, s.OrganizationName].filter(Boolean).join(' · ')} />
              <Line label={t('chat.session.device')} value={[s.PhoneModel, s.OS, s.AppVersion].filter(Boolean).join(' · ') || '—'} />
              <Line label={t('chat.session.waitingTime')} value={times.waiting} testId="chat-waiting" />
              <Line label={t('chat.session.handlingTime')} value={times.handling || '—'} testId="chat-handling" />
            </Paper>
            <SecurityPhrasesBox organizationId={s.OrganizationId} />
            <Box sx={{ height: 280 }}>
              {s.Latitude != null && s.Longitude != null ? (
                <MapBoundary fallback={<Alert severity="warning">{t('map.loadFailed')}</Alert>}>
                  <Suspense fallback={<Loading />}>
                    <ChatMap lat={s.Latitude} lng={s.Longitude} accuracy={s.HorizontalAccuracy ?? 50} label={t('chat.session.caller')} />
                  </Suspense>
                </MapBoundary>
              ) : (
                <Typography color="text.secondary">{t('chat.session.noPosition')}</Typography>
              )}
            </Box>
            {s.HorizontalAccuracy != null && (
              <Typography variant="caption" color="text.secondary" data-testid="chat-accuracy">
                {t('chat.session.accuracy', { meters: Math.round(s.HorizontalAccuracy) })}
              </Typography>
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%', minHeight: 420 }}>
            <Box sx={{ flexGrow: 1 }}>
              <MessageList messages={s.MessagesArray} myUserId={me} zone={s.BranchTimeZone} maxHeight={480} />
            </Box>
            <Composer onSend={(text) => write.mutateAsync(text)} disabled={!mine || s.ChatStatus === 'closed'} />
          </Paper>
        </Grid>
      </Grid>
    </Stack>
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
