/**
 * The drawer's list of video calls (spec §2 Shell "the drawer lists incoming video calls"; §4
 * Phone call status): caller, branch, waiting time and status, live from the socket (the alert
 * tone sounds when one is placed, realtime/handlers.ts). A click opens /video/[id]. Nothing is
 * shown for roles other than 5 and 8 or when no call is open.
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { useNavigate } from 'react-router';
import { Box, Chip, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import VideocamIcon from '@mui/icons-material/Videocam';
import { RoleGroup, inRoleGroup, type Call, type CallStatus } from '@vigil/contract';
import { useNow } from '../../../shared/time/use-now';
import { useOpenCalls } from '../api';
import { callTimes } from '../format';

/** Chip colour of each status. */
export const CALL_STATUS_COLOR: Record<CallStatus, 'error' | 'success' | 'warning' | 'default' | 'info'> = {
  new: 'error',
  transfer: 'warning',
  active: 'success',
  ended: 'default',
  closeout: 'default',
  'other-console': 'info',
  'other-closeout': 'default',
};

export function IncomingCalls({ roleId, onNavigate }: { roleId: number; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const videoUser = inRoleGroup(RoleGroup.Security, roleId);
  const q = useOpenCalls(videoUser);
  const calls = videoUser ? (q.data ?? []) : [];
  if (calls.length === 0) return null;
  return (
    <Box sx={{ px: 2, pt: 1.5 }} data-testid="incoming-calls-section">
      <Typography variant="overline" color="text.secondary">
        {t('calls.incoming.title')}
      </Typography>
      <List dense disablePadding data-testid="incoming-calls">
        {calls.map((c) => (
          <IncomingCall key={c.IncidentId} c={c} onNavigate={onNavigate} />
        ))}
      </List>
    </Box>
  );
}

function IncomingCall({ c, onNavigate }: { c: Call; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const times = callTimes(c, now);
  const status = c.Status ?? 'new';
  return (
    <ListItemButton
      data-testid="incoming-call"
      data-status={status}
      data-call={c.IncidentId}
      onClick={() => {
        onNavigate?.();
        void navigate(`/video/${c.IncidentId}`);
      }}
      sx={{ borderRadius: 1, px: 1, alignItems: 'flex-start', gap: 1 }}
    >
      <VideocamIcon fontSize="small" color={status === 'new' || status === 'transfer' ? 'error' : 'action'} sx={{ mt: 0.5 }} />
      <ListItemText
        primary={`${c.profile.firstName} ${c.profile.lastName}`}
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {c.BranchOfficeName}
            </Box>
            <Box component="span" sx={{ display: 'block' }} data-testid="incoming-call-waiting">
              {status === 'other-console'
                ? t('calls.incoming.takenBy', { name: c.TransferToName ?? c.AnsweredByName ?? '' })
                : status === 'new'
                  ? t('calls.incoming.waiting', { time: times.waiting })
                  : t('calls.incoming.talking', { time: times.talk })}
            </Box>
          </>
        }
        slotProps={{ primary: { noWrap: true }, secondary: { component: 'span' } }}
      />
      <Chip size="small" color={CALL_STATUS_COLOR[status]} label={t(`calls.status.${status}`)} />
    </ListItemButton>
  );
}
