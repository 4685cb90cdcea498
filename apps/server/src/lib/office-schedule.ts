/**
 * Week schedules, holidays and timers of head offices, regional offices and branches (spec §3
 * WeekSchedule, HolidaysTemplate; §7 the UPDATE-…-WEEKSCHEDULE / -HOLIDAYS / -TIMERS cases).
 * An office's own schedule and holiday template are named after it and replaced in place on later
 * edits; a shared template is never changed by one office's edit (a new own one is made).
 */
import { asc, eq } from 'drizzle-orm';
import { ErrorCode, type Holiday, type WeekScheduleDay } from '@vigil/contract';
import type { Db } from '../db/client.js';
import { holidays, holidayTemplates, weekScheduleDays, weekSchedules } from '../db/schema/index.js';
import { badRequest } from '../plugins/errors.js';

/** Name of an office's own week schedule / holiday template (replaced in place on later edits). */
const ownName = (kind: 'schedule' | 'holidays', scope: string) => `${kind === 'schedule' ? 'Schedule' : 'Holidays'} of ${scope}`;

/**
 * Saves `days` as the office's own week schedule (`scope` names the office); returns its id (null
 * when no day is open). @throws 400 errors.badRequest (field days) when a weekday repeats.
 */
export async function saveWeekSchedule(
  db: Db,
  organizationId: number,
  scope: string,
  currentId: number | null,
  days: WeekScheduleDay[],
): Promise<number | null> {
  if (days.length === 0) return null;
  const seen = new Set<number>();
  for (const d of days) {
    if (seen.has(d.weekday)) throw badRequest(ErrorCode.BadRequest, 'days');
    seen.add(d.weekday);
  }
  const name = ownName('schedule', scope);
  let id: number | null = null;
  if (currentId) {
    const [cur] = await db
      .select({ id: weekSchedules.id, name: weekSchedules.name })
      .from(weekSchedules)
      .where(eq(weekSchedules.id, currentId));
    if (cur?.name === name) id = cur.id;
  }
  if (id == null)
    [{ id }] = (await db.insert(weekSchedules).values({ organizationId, name }).returning({ id: weekSchedules.id })) as [{ id: number }];
  await db.delete(weekScheduleDays).where(eq(weekScheduleDays.weekScheduleId, id));
  await db
    .insert(weekScheduleDays)
    .values(days.map((d) => ({ weekScheduleId: id!, weekday: d.weekday, opensAt: d.opensAt, closesAt: d.closesAt })));
  return id;
}

/** Saves `list` as the office's own holiday template (one holiday a day); returns its id (null when empty). */
export async function saveHolidays(
  db: Db,
  organizationId: number,
  scope: string,
  currentId: number | null,
  list: Holiday[],
): Promise<number | null> {
  if (list.length === 0) return null;
  const name = ownName('holidays', scope);
  let id: number | null = null;
  if (currentId) {
    const [cur] = await db
      .select({ id: holidayTemplates.id, name: holidayTemplates.name })
      .from(holidayTemplates)
      .where(eq(holidayTemplates.id, currentId));
    if (cur?.name === name) id = cur.id;
  }
  if (id == null)
    [{ id }] = (await db.insert(holidayTemplates).values({ organizationId, name }).returning({ id: holidayTemplates.id })) as [
      { id: number },
    ];
  await db.delete(holidays).where(eq(holidays.holidayTemplateId, id));
  const unique = new Map(list.map((h) => [h.day, h]));
  await db.insert(holidays).values([...unique.values()].map((h) => ({ holidayTemplateId: id!, day: h.day, name: h.name })));
  return id;
}

/** The days of a week schedule (HH:mm, branch-local) and the holidays of a template, for the detail calls. */
export async function readSchedule(db: Db, weekScheduleId: number | null, holidayTemplateId: number | null) {
  const days = weekScheduleId
    ? await db
        .select()
        .from(weekScheduleDays)
        .where(eq(weekScheduleDays.weekScheduleId, weekScheduleId))
        .orderBy(asc(weekScheduleDays.weekday))
    : [];
  const hol = holidayTemplateId
    ? await db.select().from(holidays).where(eq(holidays.holidayTemplateId, holidayTemplateId)).orderBy(asc(holidays.day))
    : [];
  return {
    WeekSchedule: days.map((d) => ({ weekday: d.weekday, opensAt: d.opensAt.slice(0, 5), closesAt: d.closesAt.slice(0, 5) })),
    HolidaysTemplate: hol.map((h) => ({ day: h.day, name: h.name })),
  };
}

/** Timer columns from a timers request (minutes; '' auto-close = never). */
export function timersOf(t: {
  openingTimer: number;
  closingTimer: number;
  servicingTimer: number;
  autoCloseTime?: string | null | undefined;
}) {
  return {
    openingTimer: t.openingTimer,
    closingTimer: t.closingTimer,
    servicingTimer: t.servicingTimer,
    autoCloseTime: t.autoCloseTime ? t.autoCloseTime : null,
  };
}

/** Timers of an office or branch row as the detail calls return them (AutoCloseTime HH:mm or null). */
export function presentTimers(o: { openingTimer: number; closingTimer: number; servicingTimer: number; autoCloseTime: string | null }) {
  return {
    Opening: o.openingTimer,
    Closing: o.closingTimer,
    Servicing: o.servicingTimer,
    AutoCloseTime: o.autoCloseTime ? o.autoCloseTime.slice(0, 5) : null,
  };
}
