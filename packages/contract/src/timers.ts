/**
 * Live lone-worker timers (spec §4 Timers: "a start ping adds a timer, later pings append
 * locations, a stop ping removes it"; §7 START / CHECKINOUT / STOP-CHECKINOUT-PINGS; §9 durations
 * hh:mm:ss). The socket events carry each change; `gettimers` (ours, docs/API.md "Timers") gives
 * the timers running now, so a console opened in the middle of a timer shows it.
 */
import { z } from 'zod';

/** One location of a timer's trail: WGS 84 degrees, accuracy metres (null when the device gave none), instant UTC ISO. */
export const ZTimerTrailPoint = z.strictObject({
  Latitude: z.number(),
  Longitude: z.number(),
  HorizontalAccuracy: z.number().nullable(),
  AtUTC: z.string(),
});
export type TimerTrailPoint = z.output<typeof ZTimerTrailPoint>;

/**
 * A timer running now (not stopped), in the caller's scope: a timer at a branch by the branch, one
 * of no branch by its user's organisation (the socket's rule). `Alerted` once it ran out and raised
 * its 'Timer Expired' alarm; it stays until its user stops it. `Trail` oldest first, at most the
 * server's TIMER_TRAIL_PINGS latest pings (the start's position is the first ping).
 */
export const ZRunningTimer = z.strictObject({
  TimerId: z.number(),
  TimerForAction: z.string(),
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  OrganizationId: z.number().nullable(),
  StartedAtUTC: z.string(),
  /** Seconds from start to the alarm. */
  DurationSeconds: z.number(),
  ExpiresAtUTC: z.string(),
  Alerted: z.boolean(),
  /** The latest ping's instant (the start when none followed). */
  LastPingUTC: z.string(),
  Trail: z.array(ZTimerTrailPoint),
});
export type RunningTimer = z.output<typeof ZRunningTimer>;

/** POST /api/client/gettimers, case GET-RUNNING-TIMERS: the timers running now in scope. Answer `{timerobject: RunningTimer[]}`, soonest expiry first. */
export const ZGetRunningTimersRequest = z.object({ case: z.literal('GET-RUNNING-TIMERS') });
export type GetRunningTimersRequest = z.infer<typeof ZGetRunningTimersRequest>;
/** The body of a gettimers answer. */
export const ZGetRunningTimersBody = z.strictObject({
  timerobject: z.array(ZRunningTimer),
});
export type GetRunningTimersBody = z.output<typeof ZGetRunningTimersBody>;

/** Seconds before expiry from which the console shows a running timer as expiring (orange). */
export const TIMER_EXPIRING_SECONDS = 120;
