/**
 * Punctuality of an opening or closing against the branch's schedule for that branch-local day
 * (supervision/schedule.ts: early if more than 5 minutes before the scheduled time, late after the
 * scheduled time plus the opening/closing timer, else on time). Null for other actions, holidays
 * and days the branch is not scheduled to work.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { holidays, weekScheduleDays, type branchOffices } from '../../db/schema/index.js';
import { classifyClosing, classifyOpening, localDay, scheduledDay, type Punctuality } from '../supervision/schedule.js';

export function punctualityOf(db: Db) {
  return async (b: typeof branchOffices.$inferSelect, action: string, at: Date): Promise<Punctuality | null> => {
    if (action !== 'Open' && action !== 'Close') return null;
    const day = localDay(at, b.timeZone);
    const days = b.weekScheduleId
      ? await db.select().from(weekScheduleDays).where(eq(weekScheduleDays.weekScheduleId, b.weekScheduleId))
      : [];
    const hols = b.holidayTemplateId
      ? await db
          .select()
          .from(holidays)
          .where(and(eq(holidays.holidayTemplateId, b.holidayTemplateId), eq(holidays.day, day)))
      : [];
    const scheduled = scheduledDay(
      {
        timeZone: b.timeZone,
        days,
        holidays: hols,
        openingTimer: b.openingTimer,
        closingTimer: b.closingTimer,
        autoCloseTime: b.autoCloseTime,
      },
      day,
    );
    if (scheduled.kind !== 'working') return null;
    return action === 'Open' ? classifyOpening(at, scheduled) : classifyClosing(at, scheduled);
  };
}
