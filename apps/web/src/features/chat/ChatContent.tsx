/**
 * A chat message's content (spec §3: MsgContent is rendered as HTML), sanitised again in the browser
 * with DOMPurify and the contract's CHAT_SANITIZE_CONFIG before it is shown (the server sanitised it
 * when it was stored).
 */
import DOMPurify from 'dompurify';
import { Box } from '@mui/material';
import { CHAT_SANITIZE_CONFIG } from '@vigil/contract';

/** Inert HTML of `html`. */
export function sanitizeChat(html: string): string {
  return DOMPurify.sanitize(html, { ...CHAT_SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false });
}

export function ChatContent({ html }: { html: string }) {
  return (
    <Box
      component="span"
      data-testid="chat-content"
      sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', '& p': { m: 0 } }}
      dangerouslySetInnerHTML={{ __html: sanitizeChat(html) }}
    />
  );
}
