/**
 * The drawer's list of incoming and open chats (spec §2 Shell "the drawer lists incoming video
 * calls and chat sessions"): caller, branch, state and the waiting time, live from the socket; a
 * session another operator answered shows who has it. A click opens /chat/[id]. For roles other
 * than 5 and 8 the list is always empty ('No incoming calls or chats').
 */
import { useTranslation } from '../../../shared/i18n/translator';
import { useNavigate } from 'react-router';
import { Box, Chip, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import ChatIcon from '@mui/icons-material/Chat';
import { RoleGroup, inRoleGroup, type ChatSession } from '@vigil/contract';
import { useOpenSessions } from '../api';
import { sessionTimes } from '../format';
import { useNow } from '../../../shared/time/use-now';

const STATUS_COLOR = { incoming: 'error', active: 'success', hold: 'warning', closed: 'default' } as const;

export function IncomingChats({
  roleId,
  userId,
  onNavigate,
  othersListed = false,
}: {
  roleId: number;
  userId: number;
  onNavigate?: (() => void) | undefined;
  /** Video calls are listed above: no 'No incoming calls or chats' line when there is no chat. */
  othersListed?: boolean;
}) {
  const { t } = useTranslation();
  const chatUser = inRoleGroup(RoleGroup.Security, roleId);
  const q = useOpenSessions(chatUser);
  const sessions = chatUser ? (q.data ?? []) : [];
  return (
    <Box sx={{ px: 2, py: 1.5 }} data-testid="incoming-section">
      <Typography variant="overline" color="text.secondary">
        {t('shell.incomingTitle')}
      </Typography>
      {sessions.length === 0 ? (
        othersListed ? null : (
          <Typography variant="body2" color="text.secondary" data-testid="incoming-none">
            {t('chat.incoming.none')}
          </Typography>
        )
      ) : (
        <List dense disablePadding data-testid="incoming-chats">
          {sessions.map((s) => (
            <IncomingItem key={s.ChatSessionId} s={s} userId={userId} onNavigate={onNavigate} />
          ))}
        </List>
      )}
    </Box>
  );
}

function IncomingItem({ s, userId, onNavigate }: { s: ChatSession; userId: number; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const times = sessionTimes(s, now);
  const taken = s.SecurityOfficerId != null && s.SecurityOfficerId !== userId;
  return (
    <ListItemButton
      data-testid="incoming-chat"
      data-status={s.ChatStatus}
      data-session={s.ChatSessionId}
      onClick={() => {
        onNavigate?.();
        void navigate(`/chat/${s.ChatSessionId}`);
      }}
      sx={{ borderRadius: 1, px: 1, alignItems: 'flex-start', gap: 1 }}
    >
      <ChatIcon fontSize="small" color={s.ChatStatus === 'incoming' ? 'error' : 'action'} sx={{ mt: 0.5 }} />
      <ListItemText
        primary={s.MobileCallerName}
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {s.BranchOfficeName}
            </Box>
            <Box component="span" sx={{ display: 'block' }} data-testid="incoming-waiting">
              {taken ? t('chat.incoming.takenBy', { name: s.SecurityOfficerName }) : t('chat.incoming.waiting', { time: times.waiting })}
            </Box>
          </>
        }
        slotProps={{ primary: { noWrap: true }, secondary: { component: 'span' } }}
      />
      <Chip size="small" color={STATUS_COLOR[s.ChatStatus]} label={t(`chat.status.${s.ChatStatus}`)} />
    </ListItemButton>
  );
}
