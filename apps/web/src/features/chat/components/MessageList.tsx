/**
 * The messages of a conversation, oldest first, the signed-in user's own on the right (spec §2
 * Console dialog "right-aligned for the officer's own messages"; /chat/[id]). Content is shown as
 * sanitised HTML (ChatContent). Scrolls to the newest message.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Box, Stack, Typography } from '@mui/material';
import type { ChatMessage } from '@vigil/contract';
import { ChatContent } from '../ChatContent';
import { zoned } from '../format';

export function MessageList({
  messages,
  myUserId,
  zone,
  maxHeight,
  testId = 'chat-messages',
}: {
  messages: ChatMessage[];
  myUserId: number;
  zone: string | null;
  maxHeight?: number | string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement | null>(null);
  // A statement, not the value: Chromium's scrollIntoView returns a promise, which React would take for a clean-up.
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  return (
    <Stack sx={{ gap: 1, overflowY: 'auto', maxHeight, p: 1 }} data-testid={testId}>
      {messages.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('chat.console.noMessages')}
        </Typography>
      )}
      {messages.map((m) => {
        const mine = m.MsgFromUserId === myUserId;
        return (
          <Box
            key={m.MsgAutoId}
            data-testid="chat-message"
            data-own={mine ? 'true' : 'false'}
            sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '80%' }}
          >
            <Box
              sx={{
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: mine ? 'primary.main' : 'grey.200',
                color: mine ? 'primary.contrastText' : 'text.primary',
                '& a': { color: 'inherit' },
              }}
            >
              <ChatContent html={m.MsgContent} />
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: mine ? 'right' : 'left' }}>
              {mine ? t('chat.session.you') : [m.FromName, m.FromSurname].filter(Boolean).join(' ')} ·{' '}
              {zoned(m.MsgSentTimestamp, zone).slice(11)}
            </Typography>
          </Box>
        );
      })}
      <div ref={end} />
    </Stack>
  );
}
