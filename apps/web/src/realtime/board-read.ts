/**
 * The branch board's read (POST /api/client/getofficesv2 GET-ALL-BRANCH-OFFICES; spec §4 map
 * status), kept light so that the sign-in page can start it (it carries no query library).
 *
 * Issue 20 (dashboard at scale, sign-in → board drawn ≤ 1 s): right after a sign-in whose next
 * page is the board (board-read-early.ts), `startBoardReadEarly` starts the read, so that the server reads the board
 * while the console's code loads and its shell draws; the board query then takes that read
 * (`takeEarlyBoardRead`) instead of starting its own. Live events dispatched from the read's start
 * until its answer is taken are applied to the answer (event-taps.ts), as for any board
 * read. A read not taken within EARLY_READ_TTL_MS is dropped (its events are no longer collected).
 */
import type { GetOfficesV2Body, GetOfficesV2Request } from '@vigil/contract';
import { apiPost } from '../shared/api/client';
import { boardAnswerWithEvents } from './board-events';
import { collectEvents, keepCollectedEvents, readKeepingEvents, type EventCollector } from './event-taps';
import { getSession, subscribeSession } from '../shared/session/session-store';

export const BOARD_PATH = '/api/client/getofficesv2';

/** How long an early read waits to be taken by the board query, ms. */
export const EARLY_READ_TTL_MS = 15_000;

function postBoard(organizationId: number | null): Promise<GetOfficesV2Body> {
  const req: GetOfficesV2Request = { case: 'GET-ALL-BRANCH-OFFICES', ...(organizationId ? { organizationId } : {}) };
  return apiPost<GetOfficesV2Body>(BOARD_PATH, req);
}

/**
 * The board rows of the user's scope, or of the dealer's selected organisation (`organizationId`),
 * with the live events dispatched while the read was on its way applied again (the answer may have
 * been read before them, and would otherwise replace the rows they moved). Rejects with ApiError.
 */
export function readBranchBoard(organizationId: number | null): Promise<GetOfficesV2Body> {
  return readKeepingEvents(() => postBoard(organizationId), boardAnswerWithEvents);
}

interface EarlyRead {
  answer: Promise<GetOfficesV2Body>;
  events: EventCollector;
  expiry: ReturnType<typeof setTimeout>;
}

let early: EarlyRead | null = null;
/** The board query has asked for the user's own board in this session (an early read would come too late). */
let asked = false;

// The read belongs to the session that started it: when that session ends, it goes too.
subscribeSession(() => {
  if (getSession() !== null) return;
  dropEarlyRead();
  asked = false;
});

function dropEarlyRead(): void {
  if (!early) return;
  clearTimeout(early.expiry);
  early.events.stop();
  early = null;
}

/**
 * Starts the read of the user's own board now (organisation of the scope, no dealer choice); a read
 * already started stays, and none starts once the board query has asked for the board in this
 * session (it read the board itself).
 */
export function startBoardReadEarly(): void {
  // This module is loaded apart: the board query may have read the board already.
  if (early || asked) return;
  const events = collectEvents();
  const answer = postBoard(null);
  // Not taken (the user went elsewhere) or failed: nothing waits on it here.
  answer.catch(() => undefined);
  early = { answer, events, expiry: setTimeout(dropEarlyRead, EARLY_READ_TTL_MS) };
}

/**
 * The early read of the user's own board, once (null when none was started, it was dropped, or
 * `organizationId` is a dealer's choice): its answer with the events dispatched since it started.
 */
export function takeEarlyBoardRead(organizationId: number | null): Promise<GetOfficesV2Body> | null {
  if (organizationId !== null) return null;
  asked = true;
  if (!early) return null;
  const { answer, events, expiry } = early;
  clearTimeout(expiry);
  early = null;
  return keepCollectedEvents(answer, events, boardAnswerWithEvents);
}
