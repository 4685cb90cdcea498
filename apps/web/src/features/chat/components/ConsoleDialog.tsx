/**
 * The Console dialog (spec §2 User menu "Console"; §4 Security officer online state): the security
 * officers of the operator's offices with an online/offline dot (green when present in the socket's
 * onlineConsoles list), name, surname, role, email and phone. Expanding a row shows the chat history
 * with that officer (startchatso), the operator's own messages on the right, and a field to go on.
 */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { formatPhoneInternational, type ConsoleOfficer } from '@vigil/contract';
import { Loading } from '../../../shared/components/Loading';
import { useConsoleOfficers, useOfficerRoom, useOnlineUsers, useWriteInChat } from '../api';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { useQueryClient } from '@tanstack/react-query';
import { chatKeys, withMessage } from '../api';
import type { ChatSession } from '@vigil/contract';

export function ConsoleDialog({ open, onClose, myUserId }: { open: boolean; onClose: () => void; myUserId: number }) {
  const { t } = useTranslation();
  const officers = useConsoleOfficers(open);
  const online = useOnlineUsers();
  const onlineIds = new Set((online.data ?? []).map((u) => u.UserId));
  const [expanded, setExpanded] = useState<number | null>(null);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="console-dialog">
      <DialogTitle>{t('chat.console.title')}</DialogTitle>
      <DialogContent dividers>
        {officers.isPending ? (
          <Loading />
        ) : (officers.data ?? []).length === 0 ? (
          <Typography color="text.secondary">{t('chat.console.none')}</Typography>
        ) : (
          (officers.data ?? []).map((o) => (
            <OfficerRow
              key={o.UserId}
              o={o}
              online={onlineIds.has(o.UserId)}
              expanded={expanded === o.UserId}
              onToggle={() => setExpanded(expanded === o.UserId ? null : o.UserId)}
              myUserId={myUserId}
            />
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="console-close">
          {t('chat.console.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OfficerRow(props: { o: ConsoleOfficer; online: boolean; expanded: boolean; onToggle: () => void; myUserId: number }) {
  const { t } = useTranslation();
  const { o, online } = props;
  return (
    <Accordion
      expanded={props.expanded}
      onChange={props.onToggle}
      disableGutters
      data-testid="console-officer"
      data-user={o.UserId}
      data-online={online ? 'true' : 'false'}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: { xs: 0.5, sm: 2 }, alignItems: { sm: 'center' }, width: '100%', minWidth: 0 }}
        >
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 200 }}>
            <Tooltip title={online ? t('chat.console.online') : t('chat.console.offline')}>
              <Box
                data-testid="online-dot"
                aria-label={online ? t('chat.console.online') : t('chat.console.offline')}
                sx={{ width: 12, height: 12, borderRadius: '50%', flexShrink: 0, bgcolor: online ? 'success.main' : 'grey.400' }}
              />
            </Tooltip>
            <Typography sx={{ fontWeight: 500 }}>
              {o.Name} {o.Surname}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
            {t(`roles.${o.RoleId}`, { defaultValue: o.RoleNameDisplay })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {o.Email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatPhoneInternational(o.PhoneNumber)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>{props.expanded && <OfficerChat userId={o.UserId} myUserId={props.myUserId} />}</AccordionDetails>
    </Accordion>
  );
}

function OfficerChat({ userId, myUserId }: { userId: number; myUserId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const room = useOfficerRoom(userId, true);
  const write = useWriteInChat(room.data?.ChatSessionId ?? '', (m) =>
    qc.setQueryData<ChatSession>(chatKeys.officerRoom(userId), (s) => withMessage(s, m)),
  );
  if (room.isPending) return <Loading />;
  if (!room.data) return <Typography color="error">{t('chat.errors.retrieve')}</Typography>;
  return (
    <Stack sx={{ gap: 1 }} data-testid="officer-chat">
      <Typography variant="overline" color="text.secondary">
        {t('chat.console.history')}
      </Typography>
      <MessageList messages={room.data.MessagesArray} myUserId={myUserId} zone={null} maxHeight={260} testId="officer-messages" />
      <Composer onSend={(text) => write.mutateAsync(text)} testId="officer-composer" />
    </Stack>
  );
}
