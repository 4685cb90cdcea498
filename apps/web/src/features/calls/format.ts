/** Video call figures as the screens show them (spec §9 durations hh:mm:ss). */
import { chatDuration, type Call } from '@vigil/contract';

const since = (fromIso: string | null, toIso: string | null, now: number): number | null =>
  fromIso ? Math.max(0, Math.round(((toIso ? Date.parse(toIso) : now) - Date.parse(fromIso)) / 1000)) : null;

/** Waiting (start → first answer, or end / now) and talk (first answer → end, or now) of a call, hh:mm:ss. */
export function callTimes(c: Call, now: number): { waiting: string; talk: string } {
  return {
    waiting: chatDuration(since(c.StartTimeUTC, c.AnsweredTimeUTC ?? c.EndTimeUTC, now)),
    talk: chatDuration(since(c.AnsweredTimeUTC, c.EndTimeUTC, now)),
  };
}
