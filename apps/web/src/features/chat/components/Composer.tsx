/** The message field and Send button (Enter sends, Shift+Enter a new line). */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { Button, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';

export function Composer({
  onSend,
  disabled,
  testId = 'chat-composer',
}: {
  onSend: (text: string) => Promise<unknown>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const v = text.trim();
    if (!v || busy) return;
    setBusy(true);
    try {
      await onSend(v);
      setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-end' }}>
      <TextField
        fullWidth
        size="small"
        multiline
        maxRows={4}
        value={text}
        disabled={disabled}
        placeholder={t('chat.session.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-input`, 'aria-label': t('chat.session.placeholder') } }}
      />
      <Button
        variant="contained"
        endIcon={<SendIcon />}
        disabled={disabled || busy || !text.trim()}
        onClick={() => void send()}
        data-testid={`${testId}-send`}
      >
        {t('chat.session.send')}
      </Button>
    </Stack>
  );
}
