/**
 * Serves the chat recordings report (chat-recordings.ts): a JSON page or the CSV/XLSX file, through
 * the reports module's report serving (the same paging, range checks and exports as every report).
 * Roles 5 and 8 only (403 otherwise); an unexpected failure answers 500 chat.errors.retrieve.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChatErrorCode, type ChatRecordingsRequest } from '@vigil/contract';
import { assertChatUser } from '../../plugins/authorization.js';
import { authOf } from '../../plugins/session.js';
import { guarded, serveQuery } from '../reports/reports.service.js';
import { presentRecording } from './chat.presenter.js';
import type { ChatSessionRaw } from './chat.repository.js';
import { CHAT_RECORDING_COLUMNS, chatRecordingQueries } from './chat-recordings.js';

/** The report answer: `{resultobject: ChatRecordingRow[], total, offset, limit}` or the file. */
export function serveChatRecordings(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, input: ChatRecordingsRequest) {
  const auth = authOf(req);
  assertChatUser(auth);
  return guarded(req, ChatErrorCode.Retrieve, () =>
    serveQuery<ChatSessionRaw, ReturnType<typeof presentRecording>>(
      app,
      req,
      reply,
      input,
      'chat-recordings',
      chatRecordingQueries(auth, input),
      presentRecording,
      CHAT_RECORDING_COLUMNS,
    ),
  );
}
