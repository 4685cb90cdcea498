/**
 * Video call calls (spec §4 Phone call status; §7 getincidents {filter, offset 0, limit 200})
 * under /api/client (roles 5 and 8; others 403): getcalls, getcall, answercall, transfercall,
 * endcall, closeoutcall, getincidents, getvideorecordings (the video recordings report); and the mobile side under /api/mobile/calls/* and
 * /api/mobile/medicalprofile* (docs/API.md "Mobile: calls").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCallIdRequest,
  ZCallMediaRequest,
  ZCallMediaSocketOffer,
  CALL_SDP_MAX,
  ErrorCode,
  type CallMediaSocketAnswer,
  ZCallRecordingParams,
  ZGetCallsRequest,
  ZGetIncidentsRequest,
  ZMedicalProfileGetRequest,
  ZMedicalProfileRequest,
  ZMobileCallLocationRequest,
  ZMobileCallStartRequest,
  ZTransferCallRequest,
  ZVideoRecordingsRequest,
  responsesOf,
  ZGetcallsBody,
  ZGetcallBody,
  ZCallmediaBody,
  ZGetincidentsBody,
  ZGetvideorecordingsBody,
  ZMobileCallsStartBody,
  ZMobileMedicalprofileBody,
} from '@vigil/contract';
import { authOf, requireClient, requireMobile } from '../../plugins/session.js';
import { AppError } from '../../plugins/errors.js';
import { onSocketRequest } from '../realtime/socket-requests.js';
import {
  answerCall,
  callDetails,
  closeoutCall,
  consoleCallMedia,
  endCall,
  getMedicalProfile,
  hangupMobileCall,
  incidents,
  mobileCallLocation,
  mobileCallMedia,
  mobileCallStatus,
  openCalls,
  serveRecording,
  startMobileCall,
  transferCall,
  updateMedicalProfile,
} from './calls.service.js';
import { relayOf } from './calls.media.js';
import { recordingStorageOf } from './recordings-storage.js';
import { serveVideoRecordings } from './calls-recordings.js';

export async function callsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every call's media ends (recordings closed) when the server stops; with S3 their uploads get
  // a last try (recordings-storage.ts), else they wait in the folder for the next start.
  const storage = recordingStorageOf(app);
  app.addHook('onReady', async () => storage.start());
  app.addHook('onClose', async () => {
    await relayOf(app.config).stopAll();
    await storage.stop(Math.min(10_000, app.config.shutdownGraceMs / 2));
  });
  const client = { preValidation: requireClient };
  const mobile = { preValidation: requireMobile };
  const actor = (req: Parameters<typeof authOf>[0] & { ip: string }) => ({ auth: authOf(req), ip: req.ip });

  app.post(
    '/api/client/getcalls',
    { ...client, schema: { body: ZGetCallsRequest, response: responsesOf(ZGetcallsBody) } },
    async (req) => ({
      success: true,
      body: await openCalls(app, authOf(req)),
    }),
  );
  app.post('/api/client/getcall', { ...client, schema: { body: ZCallIdRequest, response: responsesOf(ZGetcallBody) } }, async (req) => ({
    success: true,
    body: await callDetails(app, authOf(req), req.body.callId),
  }));
  app.post('/api/client/answercall', { ...client, schema: { body: ZCallIdRequest, response: responsesOf(ZGetcallBody) } }, async (req) => ({
    success: true,
    body: await answerCall(app, actor(req), req.body.callId),
  }));
  app.post(
    '/api/client/transfercall',
    { ...client, schema: { body: ZTransferCallRequest, response: responsesOf(ZGetcallBody) } },
    async (req) => ({
      success: true,
      body: await transferCall(app, actor(req), req.body.callId, req.body.toUserId),
    }),
  );
  app.post('/api/client/endcall', { ...client, schema: { body: ZCallIdRequest, response: responsesOf(ZGetcallBody) } }, async (req) => ({
    success: true,
    body: await endCall(app, actor(req), req.body.callId),
  }));
  app.post(
    '/api/client/closeoutcall',
    { ...client, schema: { body: ZCallIdRequest, response: responsesOf(ZGetcallBody) } },
    async (req) => ({
      success: true,
      body: await closeoutCall(app, actor(req), req.body.callId),
    }),
  );
  app.post(
    '/api/client/callmedia',
    { ...client, schema: { body: ZCallMediaRequest, response: responsesOf(ZCallmediaBody) } },
    async (req) => ({
      success: true,
      body: await consoleCallMedia(app, actor(req), req.body.callId, req.body.sdp),
    }),
  );
  // The same exchange over the console's /_socket (docs/API.md "Call media"): call-media-offer →
  // call-media-answer, or call-media-error with the status and code callmedia would answer.
  onSocketRequest(app, 'call-media-offer', {
    errorType: 'call-media-error',
    echo: (msg) => {
      const id = Number((msg as { callId?: unknown }).callId);
      return { callId: Number.isInteger(id) && id > 0 ? id : null };
    },
    async handle(ctx, msg) {
      const parsed = ZCallMediaSocketOffer.safeParse(msg);
      if (!parsed.success) {
        const key = parsed.error.issues[0]?.message ?? '';
        throw new AppError(400, /^validation\.[A-Za-z]+$/.test(key) ? key : ErrorCode.BadRequest, { length: CALL_SDP_MAX }, 'sdp');
      }
      const { sdp } = await consoleCallMedia(app, ctx, parsed.data.callId, parsed.data.sdp);
      return { type: 'call-media-answer', callId: parsed.data.callId, sdp } satisfies CallMediaSocketAnswer;
    },
  });
  // A file download (WebM, HTTP ranges): no JSON answer, so no response schema. HEAD is its own
  // route (Fastify's automatic one would open the file or the bucket download and read it through).
  for (const method of ['GET', 'HEAD'] as const)
    app.route({
      method,
      url: '/api/client/callrecording/:callId',
      ...client,
      exposeHeadRoute: false,
      schema: { params: ZCallRecordingParams },
      handler: (req, reply) => serveRecording(app, authOf(req), req.params.callId, req.headers.range, reply),
    });
  app.post(
    '/api/client/getincidents',
    { ...client, schema: { body: ZGetIncidentsRequest, response: responsesOf(ZGetincidentsBody) } },
    async (req) => ({
      success: true,
      body: await incidents(app, authOf(req), req.body),
    }),
  );
  app.post(
    '/api/client/getvideorecordings',
    { ...client, schema: { body: ZVideoRecordingsRequest, response: responsesOf(ZGetvideorecordingsBody) } },
    (req, reply) => serveVideoRecordings(app, req, reply, req.body),
  );

  app.post(
    '/api/mobile/calls/start',
    { ...mobile, schema: { body: ZMobileCallStartRequest, response: responsesOf(ZMobileCallsStartBody) } },
    async (req) => ({
      success: true,
      body: await startMobileCall(app, actor(req), req.body),
    }),
  );
  app.post(
    '/api/mobile/calls/hangup',
    { ...mobile, schema: { body: ZCallIdRequest, response: responsesOf(ZMobileCallsStartBody) } },
    async (req) => ({
      success: true,
      body: await hangupMobileCall(app, actor(req), req.body.callId),
    }),
  );
  app.post(
    '/api/mobile/calls/status',
    { ...mobile, schema: { body: ZCallIdRequest, response: responsesOf(ZMobileCallsStartBody) } },
    async (req) => ({
      success: true,
      body: await mobileCallStatus(app, actor(req), req.body.callId),
    }),
  );
  app.post(
    '/api/mobile/calls/media',
    { ...mobile, schema: { body: ZCallMediaRequest, response: responsesOf(ZCallmediaBody) } },
    async (req) => ({
      success: true,
      body: await mobileCallMedia(app, actor(req), req.body.callId, req.body.sdp),
    }),
  );
  app.post(
    '/api/mobile/calls/location',
    { ...mobile, schema: { body: ZMobileCallLocationRequest, response: responsesOf(ZMobileCallsStartBody) } },
    async (req) => ({
      success: true,
      body: await mobileCallLocation(app, actor(req), req.body),
    }),
  );
  app.post(
    '/api/mobile/medicalprofile',
    { ...mobile, schema: { body: ZMedicalProfileGetRequest, response: responsesOf(ZMobileMedicalprofileBody) } },
    async (req) => ({
      success: true,
      body: await getMedicalProfile(app, actor(req)),
    }),
  );
  app.post(
    '/api/mobile/medicalprofile/update',
    { ...mobile, schema: { body: ZMedicalProfileRequest, response: responsesOf(ZMobileMedicalprofileBody) } },
    async (req) => ({
      success: true,
      body: await updateMedicalProfile(app, actor(req), req.body),
    }),
  );
}
