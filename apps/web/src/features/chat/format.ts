/** Chat figures as the screens show them (spec §9 durations hh:mm:ss). */
import { chatDuration, type ChatSession } from '@vigil/contract';
import { wallTime } from '../../shared/format/wall-time';

/** Seconds from `fromIso` to `toIso` (or to `now`). */
export function secondsBetween(fromIso: string | null, toIso: string | null, now: number): number | null {
  if (!fromIso) return null;
  return Math.max(0, Math.round(((toIso ? Date.parse(toIso) : now) - Date.parse(fromIso)) / 1000));
}

/** Waiting (start → answered, or now) and handling (answered → stop, or now) of a session, hh:mm:ss. */
export function sessionTimes(s: ChatSession, now: number): { waiting: string; handling: string } {
  const waiting = secondsBetween(s.StartTimeUTC, s.AnsweredTimeUTC ?? s.StopTimeUTC, now);
  const handling = secondsBetween(s.AnsweredTimeUTC, s.StopTimeUTC, now);
  return { waiting: chatDuration(waiting), handling: chatDuration(handling) };
}

/** An instant in a zone as "YYYY-MM-DD HH:mm:ss" (transcripts are shown in the branch's zone). */
export function zoned(isoUtc: string, zone: string | null): string {
  try {
    return wallTime(new Date(isoUtc), zone ?? 'UTC');
  } catch {
    return isoUtc;
  }
}
