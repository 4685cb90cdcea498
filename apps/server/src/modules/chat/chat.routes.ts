/**
 * Chat calls (spec §7 "Chat, notifications, …": startchatso, writeinchat, answerchatfromconsole,
 * finishChat, holdchat, getSessions, getSessionDetailsBySessionId; employeebyemail
 * GET-EMPLOYEES-FOR-CONSOLE; the chat recordings report) under /api/client (roles 5 and 8; others
 * 403), and the mobile side under /api/mobile/chat/* (docs/API.md "Mobile: chat").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAnswerChatRequest,
  ZChatRecordingsRequest,
  ZEmployeesForConsoleRequest,
  ZFinishChatRequest,
  ZGetSessionDetailsRequest,
  ZGetSessionsRequest,
  ZHoldChatRequest,
  ZMobileChatSessionRequest,
  ZMobileChatStartRequest,
  ZMobileChatWriteRequest,
  ZStartChatSoRequest,
  ZWriteInChatRequest,
  responsesOf,
  ZGetSessionsBody,
  ZGetSessionDetailsBySessionIdBody,
  ZWriteinchatBody,
  ZEmployeebyemailBody,
  ZGetchatrecordingsBody,
} from '@vigil/contract';
import { authOf, requireClient, requireMobile } from '../../plugins/session.js';
import { serveChatRecordings } from './chat-recordings.service.js';
import {
  answerChat,
  employeesForConsole,
  finishChat,
  holdChat,
  mobileChatSession,
  openSessions,
  sessionDetails,
  startMobileChat,
  startOfficerChat,
  terminateMobileChat,
  writeConsoleChat,
  writeMobileChat,
} from './chat.service.js';

export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const client = { preValidation: requireClient };
  const mobile = { preValidation: requireMobile };

  app.post(
    '/api/client/getSessions',
    { ...client, schema: { body: ZGetSessionsRequest, response: responsesOf(ZGetSessionsBody) } },
    async (req) => ({
      success: true,
      body: await openSessions(app, authOf(req)),
    }),
  );
  app.post(
    '/api/client/getSessionDetailsBySessionId',
    { ...client, schema: { body: ZGetSessionDetailsRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await sessionDetails(app, authOf(req), req.body.param_session_id),
    }),
  );
  app.post(
    '/api/client/answerchatfromconsole',
    { ...client, schema: { body: ZAnswerChatRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await answerChat(app, { auth: authOf(req), ip: req.ip }, req.body.param_chat_session_id),
    }),
  );
  app.post(
    '/api/client/writeinchat',
    { ...client, schema: { body: ZWriteInChatRequest, response: responsesOf(ZWriteinchatBody) } },
    async (req) => ({
      success: true,
      body: await writeConsoleChat(app, { auth: authOf(req), ip: req.ip }, req.body.param_chat_session_id, req.body.param_content),
    }),
  );
  app.post(
    '/api/client/holdchat',
    { ...client, schema: { body: ZHoldChatRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await holdChat(app, { auth: authOf(req), ip: req.ip }, req.body.chat_room_id, req.body.hold),
    }),
  );
  app.post(
    '/api/client/finishChat',
    { ...client, schema: { body: ZFinishChatRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await finishChat(app, { auth: authOf(req), ip: req.ip }, req.body.param_chat_session_id),
    }),
  );
  app.post(
    '/api/client/startchatso',
    { ...client, schema: { body: ZStartChatSoRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await startOfficerChat(app, { auth: authOf(req), ip: req.ip }, req.body.param_userid2),
    }),
  );
  app.post(
    '/api/client/employeebyemail',
    { ...client, schema: { body: ZEmployeesForConsoleRequest, response: responsesOf(ZEmployeebyemailBody) } },
    async (req) => ({
      success: true,
      body: await employeesForConsole(app, authOf(req), req.body.email),
    }),
  );
  app.post(
    '/api/client/getchatrecordings',
    { ...client, schema: { body: ZChatRecordingsRequest, response: responsesOf(ZGetchatrecordingsBody) } },
    (req, reply) => serveChatRecordings(app, req, reply, req.body),
  );

  app.post(
    '/api/mobile/chat/start',
    { ...mobile, schema: { body: ZMobileChatStartRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await startMobileChat(app, { auth: authOf(req), ip: req.ip }, req.body),
    }),
  );
  app.post(
    '/api/mobile/chat/write',
    { ...mobile, schema: { body: ZMobileChatWriteRequest, response: responsesOf(ZWriteinchatBody) } },
    async (req) => ({
      success: true,
      body: await writeMobileChat(app, { auth: authOf(req), ip: req.ip }, req.body),
    }),
  );
  app.post(
    '/api/mobile/chat/finish',
    { ...mobile, schema: { body: ZMobileChatSessionRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await terminateMobileChat(app, { auth: authOf(req), ip: req.ip }, req.body.chatSessionId),
    }),
  );
  app.post(
    '/api/mobile/chat/session',
    { ...mobile, schema: { body: ZMobileChatSessionRequest, response: responsesOf(ZGetSessionDetailsBySessionIdBody) } },
    async (req) => ({
      success: true,
      body: await mobileChatSession(app, { auth: authOf(req), ip: req.ip }, req.body.chatSessionId),
    }),
  );
}
