/**
 * The current time in ms since the epoch, updated every `periodMs` (waiting and handling clocks,
 * elapsed times, ages). With `enabled` false it stops ticking (an idle panel draws nothing new);
 * when it turns true again the time is brought up to date at once.
 */
import { useEffect, useState } from 'react';

export function useNow(periodMs = 1000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return undefined;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, periodMs);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [periodMs, enabled]);
  return now;
}
