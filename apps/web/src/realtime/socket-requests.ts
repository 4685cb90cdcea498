/**
 * Requests on the console's live socket (docs/API.md "Call media"): the page holding a call sends
 * its WebRTC offer as `call-media-offer` and waits for the server's `call-media-answer` (or
 * `call-media-error`) on the same socket. The connection hook registers its client here.
 */
import type { CallMediaSocketAnswer, CallMediaSocketError, SocketControl } from '@vigil/contract';

/** What a request needs of the socket client (RealtimeClient.send). */
export interface RequestSocket {
  send(msg: object): boolean;
}

/** A refused request: the server's status, catalogue code and translated description. */
export class SocketRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description || code);
    this.name = 'SocketRequestError';
  }
}

let client: RequestSocket | null = null;
const waiting = new Set<(m: CallMediaSocketAnswer | CallMediaSocketError) => boolean>();

/** The connection hook sets its client (null when it stops). */
export function setRequestSocket(c: RequestSocket | null) {
  client = c;
}

/** The connection hook passes every control message here; replies settle their request. */
export function receiveReply(m: SocketControl) {
  if (m.type !== 'call-media-answer' && m.type !== 'call-media-error') return;
  for (const w of [...waiting]) if (w(m)) break;
}

/**
 * Sends the console's offer for call `callId` and resolves to the server's answer SDP. Waits for
 * the socket to be live (retrying every 250 ms) and for the reply, `timeoutMs` in all; rejects
 * with SocketRequestError when the server refuses, Error('timeout') after the time.
 */
export function offerCallMedia(callId: number, sdp: string, lang: string, timeoutMs = 20_000): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let retry: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(retry);
      clearTimeout(timer);
      waiting.delete(onReply);
    };
    const onReply = (m: CallMediaSocketAnswer | CallMediaSocketError) => {
      if (m.callId !== callId) return false;
      done();
      if (m.type === 'call-media-answer') resolve(m.sdp);
      else reject(new SocketRequestError(m.status, m.code, m.description));
      return true;
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('timeout'));
    }, timeoutMs);
    waiting.add(onReply);
    const trySend = () => {
      if (!client?.send({ type: 'call-media-offer', callId, sdp, lang })) retry = setTimeout(trySend, 250);
    };
    trySend();
  });
}
