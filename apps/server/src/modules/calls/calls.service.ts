/**
 * Video calls, the business steps (spec §4 Phone call status; §7 getincidents; issue 15). Every
 * transition is one transaction: one conditional `UPDATE calls … WHERE <allowed states> RETURNING`
 * (so first-wins holds across consoles and server processes: the row lock makes a second UPDATE
 * re-check its condition and find the call no longer answerable), the audit row and the CALL
 * event of the log that shows it on every console in scope and on the caller's sockets.
 *
 * Stored states (contract CALL_STATES) and their transitions:
 *   ringing  → active (first answer) | missed (caller hangs up)
 *   active   → transfer (holder hands it to an online operator) | ended (either side hangs up) | closed (holder closes out)
 *   transfer → active (the chosen operator answers) | ended (either side hangs up)
 *   ended    → closed (holder closes out)
 * Routing: a CALL event has audience 'security' (the operator consoles, roles 5 and 8, whose scope
 * holds the branch) and lists the caller as recipient; each console derives its §4 status.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  CallErrorCode,
  EventKind,
  type CallPayload,
  type CallTransfer,
  type GetIncidentsRequest,
  type IncidentsPage,
  type MedicalProfileRequest,
  type MobileCallStartRequest,
} from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';
import { assertVideoUser, callerCallScope, callScope, callTransferTargetScope } from '../../plugins/authorization.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { branchInScope } from '../branches/branches.repository.js';
import { withEvents, type NewEvent } from '../realtime/event-log.js';
import { CallMediaRelay, relayOf } from './calls.media.js';
import { medicalInfo, presentCall, presentIncident, presentMedicalProfile } from './calls.presenter.js';
import { recordingStorageOf } from './recordings-storage.js';
import { callById, countCalls, findCalls, medicalProfileOf, saveMedicalProfile, updateCallIf, type CallRaw } from './calls.repository.js';

/** Who acts and from where (audit). */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

const notFound = () => new AppError(404, CallErrorCode.NotFound);
const fullName = (n: string | null, s: string | null) => [n, s].filter(Boolean).join(' ');
const LIVE = sql`k.state in ('ringing', 'active', 'transfer')`;

/** A CALL event: the operator consoles in scope and the caller. */
function callEvent(c: CallRaw, actorId: number, change: CallPayload['change']): NewEvent {
  return {
    kind: EventKind.Call,
    audience: 'security',
    organizationId: c.organization_id,
    regionalOfficeId: c.regional_office_id,
    branchOfficeId: c.branch_office_id,
    userId: actorId,
    branchAction: 'Video',
    latitude: c.latitude,
    longitude: c.longitude,
    recipientUserIds: c.caller_user_id != null ? [c.caller_user_id] : [],
    payload: { call: presentCall(c, null), change } satisfies CallPayload,
  };
}

/** Reads the call again inside `tx` (after a change). */
async function reload(tx: Db, id: number): Promise<CallRaw> {
  const c = await callById(tx, id, sql`true`);
  if (!c) throw notFound();
  return c;
}

/** The error of a refused change: disconnected, someone else's, or the wrong state. */
function refusal(c: CallRaw, userId: number): AppError {
  if (c.state === 'ended' || c.state === 'closed' || c.state === 'missed') return new AppError(409, CallErrorCode.Disconnected);
  if (c.answered_by !== userId) return new AppError(403, CallErrorCode.NotYours);
  return new AppError(409, CallErrorCode.WrongState);
}

/**
 * One transition: the conditional UPDATE, then (when it applied) the event and the audit row.
 * `onLost` decides what a refused change answers (an error, or the call as it is for idempotence).
 */
async function transition(
  app: FastifyInstance,
  a: Actor,
  id: number,
  step: { set: SQL; where: SQL; change: CallPayload['change']; action: string; onLost: (c: CallRaw) => CallRaw },
): Promise<CallRaw> {
  const { result } = await withEvents(app, async (tx, emit) => {
    const won = await updateCallIf(tx, id, step.set, step.where);
    const c = await reload(tx, id);
    if (!won) return { c: step.onLost(c), won };
    await emit([callEvent(c, a.auth.userId, step.change)]);
    await writeAudit(tx, { actorUserId: a.auth.userId, action: step.action, entity: 'calls', entityId: c.id, ip: a.ip });
    return { c, won };
  });
  if (result.won) await followMedia(app, result.c);
  return result.c;
}

/**
 * Starts the call's recording when its caller media is here (the first answer, or media arriving
 * after it) and names the file in the incident. The file starts at the stored answer instant, so
 * its length is the talk time (answer → end) by construction (call-recorder.ts).
 */
async function startRecording(app: FastifyInstance, c: CallRaw) {
  if (!c.answered_at || !(await relayOf(app.config).record(c.id, instant(c.answered_at)))) return;
  const file = c.media_filename ?? CallMediaRelay.fileOf(c.id, c.text_id);
  await app.db.execute(sql`update incidents set media_filename = ${file} where call_id = ${c.id} and media_filename is null`);
}

/** After a committed transition: a transfer drops the console leg; a disconnected call ends its media and recording. */
async function followMedia(app: FastifyInstance, c: CallRaw) {
  const relay = relayOf(app.config);
  if (c.state === 'active') await startRecording(app, c);
  if (c.state === 'transfer') await relay.dropConsole(c.id);
  else if (c.state === 'ended' || c.state === 'closed' || c.state === 'missed')
    await relay.stop(c.id, c.ended_at ? instant(c.ended_at) : Date.now());
}

/** A stored instant in ms since the epoch. */
const instant = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));

/**
 * This process's clock as a timestamptz parameter: the answer and end instants are taken here, not
 * by the database (whose now() is its transaction's start, on its own host), because the recording
 * on this process is cut at the same instants.
 */
const nowParam = () => sql`${new Date().toISOString()}::timestamptz`;

/**
 * calls/media: the caller's offer (SDP with its candidates) for a call in progress → the server's
 * answer `{sdp}`. Its audio and video are forwarded to the console holding the call and recorded
 * from the first answer on (the incident's MediaFilename is set when the recording starts). 409 calls.errors.disconnected once disconnected.
 */
export async function mobileCallMedia(app: FastifyInstance, a: Actor, callId: number, offer: string) {
  const c = await callById(app.db, callId, callerCallScope(a.auth));
  if (!c) throw notFound();
  if (c.state !== 'ringing' && c.state !== 'active' && c.state !== 'transfer') throw new AppError(409, CallErrorCode.Disconnected);
  const file = c.media_filename ?? CallMediaRelay.fileOf(c.id, c.text_id);
  const sdp = await relayOf(app.config).caller(c.id, file, offer);
  // Answered already: the recording starts now (else at the answer, followMedia).
  if (c.state === 'active' || c.state === 'transfer') await startRecording(app, c);
  return { sdp };
}

/**
 * callmedia: the offer of the console holding an active call → the server's answer `{sdp}`: the
 * caller's audio and video come down this connection, the console's audio goes to the caller. 403
 * calls.errors.notYours for any other operator; 409 when the call is not active.
 */
export async function consoleCallMedia(app: FastifyInstance, a: Actor, callId: number, offer: string) {
  assertVideoUser(a.auth);
  const c = await callById(app.db, callId, callScope(a.auth));
  if (!c) throw notFound();
  if (c.state !== 'active')
    throw c.state === 'transfer' || c.state === 'ringing' ? new AppError(409, CallErrorCode.WrongState) : refusal(c, a.auth.userId);
  if (c.answered_by !== a.auth.userId) throw new AppError(403, CallErrorCode.NotYours);
  const file = c.media_filename ?? CallMediaRelay.fileOf(c.id, c.text_id);
  return { sdp: await relayOf(app.config).console(c.id, file, a.auth.userId, offer) };
}

// ---- Mobile side ---------------------------------------------------------------------------------

/**
 * calls/start: a mobile user places a call for one of its branches (404 outside its scope) with
 * its position. The call rings on the operator consoles in scope at once; its incident keeps the
 * caller's profile (names, e-mail, phone, language, organisation, medical profile, emergency
 * contacts) as it is now. 409 calls.errors.alreadyCalling while the caller has a call in progress.
 */
export async function startMobileCall(app: FastifyInstance, a: Actor, input: MobileCallStartRequest) {
  const b = await branchInScope(app.db, a.auth, input.branchOfficeId);
  const at = new Date().toISOString();
  const accuracy = input.horizontalAccuracy ?? null;
  const { result } = await withEvents(app, async (tx, emit) => {
    const live = await rows<{ id: number }>(tx, sql`select k.id from calls k where ${callerCallScope(a.auth)} and ${LIVE} for update`);
    if (live.length) throw new AppError(409, CallErrorCode.AlreadyCalling);
    const [created] = await rows<{ id: number }>(
      tx,
      sql`insert into calls (state, organization_id, regional_office_id, branch_office_id, caller_user_id,
          latitude, longitude, horizontal_accuracy, locations, app_version, os, phone_model)
        values ('ringing', ${b.organizationId}, ${b.regionalOfficeId}, ${b.id}, ${a.auth.userId},
          ${input.latitude}, ${input.longitude}, ${accuracy},
          ${JSON.stringify([{ Latitude: input.latitude, Longitude: input.longitude, HorizontalAccuracy: accuracy, AtUTC: at }])}::jsonb,
          ${input.appVersion ?? null}, ${input.os ?? null}, ${input.phoneModel ?? null})
        on conflict do nothing returning id`,
    );
    if (!created) throw new AppError(409, CallErrorCode.AlreadyCalling);
    const profile = presentMedicalProfile(await medicalProfileOf(tx, a.auth.userId));
    await tx.execute(
      sql`insert into incidents (call_id, caller_name, caller_surname, caller_email, caller_phone, caller_language,
          caller_organization_name, medical, emergency_contacts)
        select ${created.id}, u.name, u.surname, u.email, u.phone_number, u.lang_id, o.name,
          ${JSON.stringify(profile.Medical)}::jsonb, ${JSON.stringify(profile.EmergencyContacts)}::jsonb
        from users u left join organizations o on o.id = ${b.organizationId} where u.id = ${a.auth.userId}`,
    );
    const c = await reload(tx, created.id);
    await emit([callEvent(c, a.auth.userId, 'placed')]);
    await writeAudit(tx, { actorUserId: a.auth.userId, action: 'call-place', entity: 'calls', entityId: c.id, ip: a.ip });
    return presentCall(c, null);
  });
  return { callobject: result };
}

/**
 * calls/hangup: the caller hangs up. Unanswered, the call is missed (removed from every console);
 * answered or transferred, it is ended (its operator still closes it out). 409
 * calls.errors.disconnected when it already was.
 */
export async function hangupMobileCall(app: FastifyInstance, a: Actor, callId: number) {
  const c0 = await callById(app.db, callId, callerCallScope(a.auth));
  if (!c0) throw notFound();
  const c = await transition(app, a, c0.id, {
    set: sql`state = case when k.state = 'ringing' then 'missed' else 'ended' end, ended_at = ${nowParam()}, ended_by = 'caller', transfer_to = null`,
    where: LIVE,
    change: c0.state === 'ringing' ? 'missed' : 'ended',
    action: 'call-hangup',
    onLost: () => {
      throw new AppError(409, CallErrorCode.Disconnected);
    },
  });
  return { callobject: presentCall(c, null) };
}

/** calls/status: the caller's call as it is now (Status null: the app reads State). */
export async function mobileCallStatus(app: FastifyInstance, a: Actor, callId: number) {
  const c = await callById(app.db, callId, callerCallScope(a.auth));
  if (!c) throw notFound();
  return { callobject: presentCall(c, null) };
}

/** calls/location: a later position of the caller during a call in progress (409 once disconnected). */
export async function mobileCallLocation(
  app: FastifyInstance,
  a: Actor,
  input: { callId: number; latitude: number; longitude: number; horizontalAccuracy?: number | undefined },
) {
  const c0 = await callById(app.db, input.callId, callerCallScope(a.auth));
  if (!c0) throw notFound();
  const loc = {
    Latitude: input.latitude,
    Longitude: input.longitude,
    HorizontalAccuracy: input.horizontalAccuracy ?? null,
    AtUTC: new Date().toISOString(),
  };
  const c = await transition(app, a, c0.id, {
    set: sql`locations = k.locations || ${JSON.stringify([loc])}::jsonb, latitude = ${loc.Latitude}, longitude = ${loc.Longitude},
      horizontal_accuracy = ${loc.HorizontalAccuracy}`,
    where: LIVE,
    change: 'located',
    action: 'call-location',
    onLost: () => {
      throw new AppError(409, CallErrorCode.Disconnected);
    },
  });
  return { callobject: presentCall(c, null) };
}

/** medicalprofile: the signed-in mobile user's medical profile and emergency contacts. */
export async function getMedicalProfile(app: FastifyInstance, a: Actor) {
  return { medicalprofile: presentMedicalProfile(await medicalProfileOf(app.db, a.auth.userId)) };
}

/** medicalprofile/update: replaces the whole profile (at most three contacts); later calls' incidents snapshot it. */
export async function updateMedicalProfile(app: FastifyInstance, a: Actor, input: MedicalProfileRequest) {
  const medical = medicalInfo(input.Medical);
  const contacts = input.EmergencyContacts.map((c) => ({
    Name: c.Name,
    Relationship: c.Relationship || null,
    PhoneNumber: c.PhoneNumber || null,
    Email: c.Email || null,
  }));
  await app.db.transaction(async (tx) => {
    await saveMedicalProfile(tx as unknown as Db, a.auth.userId, medical, contacts);
    await writeAudit(tx as unknown as Db, {
      actorUserId: a.auth.userId,
      action: 'medical-profile-update',
      entity: 'medical_profiles',
      entityId: a.auth.userId,
      ip: a.ip,
    });
  });
  return getMedicalProfile(app, a);
}

// ---- Console side --------------------------------------------------------------------------------

/**
 * getcalls: the calls of the caller's scope a console lists (403 for roles other than 5, 8):
 * ringing ones (new), those it holds or that were transferred to it, the others answered or
 * transferred (other-console), and its own ended calls not yet closed out; oldest first.
 */
export async function openCalls(app: FastifyInstance, auth: AuthContext) {
  assertVideoUser(auth);
  const list = await findCalls(app.db, sql`k.state in ('ringing', 'active', 'transfer', 'ended') and ${callScope(auth)}`);
  return {
    callobject: list.map((c) => presentCall(c, auth.userId)).filter((c) => c.Status != null),
  };
}

/** getcall: one incident of the scope (any state) with the caller's profile at call time. */
export async function callDetails(app: FastifyInstance, auth: AuthContext, callId: number) {
  assertVideoUser(auth);
  const c = await callById(app.db, callId, callScope(auth));
  if (!c) throw notFound();
  return { incidentobject: presentIncident(c, auth.userId) };
}

/**
 * answercall: spec §4 — a call may be answered only if unanswered or transferred to the current
 * operator, and not disconnected. The first operator to answer takes it (one conditional UPDATE);
 * a later one gets 409 calls.errors.taken naming who has it; a disconnected call 409
 * calls.errors.disconnected. Answering a call one already holds answers it as it is.
 */
export async function answerCall(app: FastifyInstance, a: Actor, callId: number) {
  assertVideoUser(a.auth);
  const c0 = await callById(app.db, callId, callScope(a.auth));
  if (!c0) throw notFound();
  const me = a.auth.userId;
  const c = await transition(app, a, c0.id, {
    set: sql`state = 'active', answered_by = ${me}, answered_at = coalesce(k.answered_at, ${nowParam()}), transfer_to = null`,
    where: sql`(k.state = 'ringing' or (k.state = 'transfer' and k.transfer_to = ${me}))`,
    change: 'answered',
    action: 'call-answer',
    onLost: (c) => {
      if (c.state === 'ended' || c.state === 'closed' || c.state === 'missed') throw new AppError(409, CallErrorCode.Disconnected);
      if (c.state === 'active' && c.answered_by === me) return c;
      const holder = c.state === 'transfer' ? [c.transfer_name, c.transfer_surname] : [c.answered_name, c.answered_surname];
      throw new AppError(409, CallErrorCode.Taken, { name: fullName(holder[0] ?? null, holder[1] ?? null) });
    },
  });
  return { incidentobject: presentIncident(c, me) };
}

/**
 * transfercall: the operator holding an active call hands it to `toUserId`, another security
 * officer of an office monitoring the call's organisation who is online now (else 400
 * calls.errors.transferTarget). The call is then 'transfer' for that operator (who may answer)
 * and other-console for everyone else; the hand-over joins the transfer chain.
 */
export async function transferCall(app: FastifyInstance, a: Actor, callId: number, toUserId: number) {
  assertVideoUser(a.auth);
  const c0 = await callById(app.db, callId, callScope(a.auth));
  if (!c0) throw notFound();
  const [target] =
    c0.organization_id == null
      ? []
      : await rows<{ id: number; name: string; surname: string }>(
          app.db,
          sql`select u.id, u.name, u.surname from users u where u.id = ${toUserId} and ${callTransferTargetScope(a.auth, c0.organization_id)}`,
        );
  if (!target || !app.presence.isOnline(target.id)) throw new AppError(400, CallErrorCode.TransferTarget, {}, 'toUserId');
  const [me] = await rows<{ name: string; surname: string }>(app.db, sql`select name, surname from users where id = ${a.auth.userId}`);
  const hop: CallTransfer = {
    FromUserId: a.auth.userId,
    FromName: fullName(me?.name ?? null, me?.surname ?? null),
    ToUserId: target.id,
    ToName: fullName(target.name, target.surname),
    AtUTC: new Date().toISOString(),
  };
  const c = await transition(app, a, c0.id, {
    set: sql`state = 'transfer', transfer_to = ${target.id}, transfer_chain = k.transfer_chain || ${JSON.stringify([hop])}::jsonb`,
    where: sql`k.state = 'active' and k.answered_by = ${a.auth.userId}`,
    change: 'transferred',
    action: 'call-transfer',
    onLost: (c) => {
      throw refusal(c, a.auth.userId);
    },
  });
  return { incidentobject: presentIncident(c, a.auth.userId) };
}

/** endcall: the operator holding the call (active, or transferred and not yet taken) hangs up: ended. */
export async function endCall(app: FastifyInstance, a: Actor, callId: number) {
  assertVideoUser(a.auth);
  const c0 = await callById(app.db, callId, callScope(a.auth));
  if (!c0) throw notFound();
  const c = await transition(app, a, c0.id, {
    set: sql`state = 'ended', ended_at = ${nowParam()}, ended_by = 'console', transfer_to = null`,
    where: sql`k.state in ('active', 'transfer') and k.answered_by = ${a.auth.userId}`,
    change: 'ended',
    action: 'call-end',
    onLost: (c) => {
      throw refusal(c, a.auth.userId);
    },
  });
  return { incidentobject: presentIncident(c, a.auth.userId) };
}

/**
 * closeoutcall: the operator who holds (or last held) the call closes the incident out: an active
 * call is ended at the same time; an ended one is closed. It is then closeout for that operator
 * and other-closeout for everyone else.
 */
export async function closeoutCall(app: FastifyInstance, a: Actor, callId: number) {
  assertVideoUser(a.auth);
  const c0 = await callById(app.db, callId, callScope(a.auth));
  if (!c0) throw notFound();
  const c = await transition(app, a, c0.id, {
    set: sql`state = 'closed', closed_by = ${a.auth.userId}, closed_at = now(), ended_at = coalesce(k.ended_at, ${nowParam()}),
      ended_by = coalesce(k.ended_by, 'console'), transfer_to = null`,
    where: sql`k.state in ('active', 'ended') and k.answered_by = ${a.auth.userId}`,
    change: 'closed',
    action: 'call-closeout',
    onLost: (c) => {
      if (c.state === 'closed' || c.state === 'missed') throw new AppError(409, CallErrorCode.Disconnected);
      if (c.answered_by !== a.auth.userId) throw new AppError(403, CallErrorCode.NotYours);
      throw new AppError(409, CallErrorCode.WrongState);
    },
  });
  return { incidentobject: presentIncident(c, a.auth.userId) };
}

/**
 * getincidents (spec §7 {filter, offset 0, limit 200}; §9 limit 200): the incidents of the
 * caller's scope, newest first, matching the search text `filter` (caller name, surname, e-mail,
 * branch, text id) and the optional UTC dates; with the total matching.
 */
export async function incidents(
  app: FastifyInstance,
  auth: AuthContext,
  req: GetIncidentsRequest,
): Promise<{ incidentobject: IncidentsPage }> {
  assertVideoUser(auth);
  const conds: SQL[] = [callScope(auth)];
  const f = req.filter.trim();
  if (f) {
    const like = `%${f.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conds.push(
      sql`(i.caller_name ilike ${like} or i.caller_surname ilike ${like} or i.caller_email ilike ${like}
        or (i.caller_name || ' ' || i.caller_surname) ilike ${like} or b.name ilike ${like} or i.text_id::text ilike ${like})`,
    );
  }
  if (req.fromDate) conds.push(sql`k.started_at >= ${req.fromDate}::date`);
  if (req.toDate) conds.push(sql`k.started_at < ${req.toDate}::date + 1`);
  const where = sql.join(conds, sql` and `);
  const [list, total] = await Promise.all([
    findCalls(app.db, where, sql`k.started_at desc, k.id desc`, req.limit, req.offset),
    countCalls(app.db, where),
  ]);
  return {
    incidentobject: { incidents: list.map((c) => presentIncident(c, auth.userId)), total, offset: req.offset, limit: req.limit },
  };
}

/**
 * GET callrecording/:callId: the call's recording (video/webm) to a video user whose scope holds
 * the call (others 403 / 404), with HTTP range requests (`Range: bytes=a-b`, `bytes=a-`,
 * `bytes=-n` → 206 with Content-Range; unsatisfiable → 416) so the player can seek; from the
 * local folder or the S3 bucket (recordings-storage.ts). 404 calls.errors.notFound when the call
 * has no recording; 503 calls.errors.storageUnavailable when the bucket cannot be reached.
 */
export async function serveRecording(
  app: FastifyInstance,
  auth: AuthContext,
  callId: number,
  range: string | undefined,
  reply: FastifyReply,
) {
  assertVideoUser(auth);
  const c = await callById(app.db, callId, callScope(auth));
  if (!c?.media_filename) throw notFound();
  return recordingStorageOf(app).serve(reply, c.media_filename, range);
}
