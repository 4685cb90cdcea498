/**
 * Runs the socket for a signed-in client session (not for admin): starts after login/bootstrap
 * when the token is known, stops on logout, and ends the session on an auth error. Events reach
 * the handlers at the next animation frame, at most ten times a second during a burst, all those
 * queued together (frame-batch.ts: frameBatch, throttledFrames).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { expireSession } from '../shared/session/expire-session';
import { getSessionToken, type StoredSession } from '../shared/session/session-store';
import { resumeSoundOnGesture } from '../shared/sound/alert-sound';
import { applyOnlineConsoles } from '../features/chat/live';
import { cacheHandlers, dispatchEvents } from './handlers';
import { readLastEventId, writeLastEventId } from './last-event-id';
import { RealtimeClient, socketUrl, type EventContext } from './socket-client';
import { frameBatch, throttledFrames } from './frame-batch';
import type { SocketEvent } from '@vigil/contract';
import { receiveReply, setRequestSocket } from './socket-requests';
import { setRealtimeStatus } from './status-store';

export function useRealtimeConnection(session: StoredSession | null): void {
  const qc = useQueryClient();
  const userId = session && !session.IsAdmin ? session.UserId : null;
  const token = userId !== null ? getSessionToken() : null;
  useEffect(() => {
    if (userId === null || !token) return;
    const handlers = cacheHandlers(qc, false);
    const batch = frameBatch<[SocketEvent, EventContext]>((items) => dispatchEvents(qc, handlers, items), throttledFrames());
    const client = new RealtimeClient({
      url: socketUrl(window.location),
      token,
      userId,
      getLastEventId: readLastEventId,
      setLastEventId: writeLastEventId,
      onEvent: (e, ctx) => batch.push([e, ctx]),
      // Security officers online (spec §4): the Console dialog's dots.
      onControl: (m) => {
        if (m.type === 'onlineConsoles') applyOnlineConsoles(qc, m.users);
        else receiveReply(m);
      },
      onStatus: setRealtimeStatus,
      onSessionExpired: expireSession,
    });
    client.start();
    setRequestSocket(client);
    const online = () => client.nudge();
    window.addEventListener('online', online);
    const stopGesture = resumeSoundOnGesture();
    return () => {
      window.removeEventListener('online', online);
      stopGesture();
      setRequestSocket(null);
      client.stop();
      // The session ended (its caches are cleared, or a new session reads them afresh): events of
      // the last frame must not be written into the caches after that.
      batch.cancel();
    };
  }, [qc, userId, token]);
}
