/**
 * Requests a console sends on its `/_socket` after `init` (besides the event stream): a feature
 * registers a handler for a message `type` (e.g. calls: `call-media-offer`, docs/API.md "Call
 * media"); the socket runs it with the socket's session and answers with the handler's message.
 * A failure becomes the handler's error message `{type: errorType, status, code, description}`
 * (an AppError's status and catalogue key; anything else is logged and answered 500
 * errors.generic). Mobile sockets send no requests (their messages are ignored).
 */
import type { FastifyInstance } from 'fastify';
import type { Language } from '@vigil/i18n';
import type { AuthContext } from '../../plugins/session.js';

/** Who sends the request: the socket's session, its address, the language of error texts. */
export interface SocketRequestContext {
  auth: AuthContext;
  ip: string;
  lang: Language;
}

/** One request type: its handler (message → reply) and the `type` of its error reply. */
export interface SocketRequestHandler {
  errorType: string;
  /** Fields of the request copied into its error reply (e.g. callId), read from the raw message. */
  echo?: (msg: unknown) => Record<string, unknown>;
  handle(ctx: SocketRequestContext, msg: unknown): Promise<Record<string, unknown> & { type: string }>;
}

const registries = new WeakMap<object, Map<string, SocketRequestHandler>>();

/** The request handlers of a server (keyed by its configuration object, shared by every plugin context). */
export function socketRequestHandlers(app: FastifyInstance): Map<string, SocketRequestHandler> {
  let m = registries.get(app.config);
  if (!m) {
    m = new Map();
    registries.set(app.config, m);
  }
  return m;
}

/** Registers the handler of socket request `type` (one per type; a second registration replaces it). */
export function onSocketRequest(app: FastifyInstance, type: string, handler: SocketRequestHandler) {
  socketRequestHandlers(app).set(type, handler);
}
