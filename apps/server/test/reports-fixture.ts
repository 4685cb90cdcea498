/**
 * A small hand-built data set for the report tests: two organisations in three time zones, with
 * every event's instant written out in UTC next to its branch-local time, so that each expected
 * figure in reports.test.ts can be checked by hand.
 *
 * Alpha Bank (Europe/Tirane; region Central): Tirana Center, Durres Port. Every day 08:00–16:00,
 *   timers 15 min, auto-close 20:00, holiday 2026-03-30 'Test Holiday'.
 *   - Sat 2026-03-28 (CET, UTC+1): Tirana Center opens 08:30 (late), service 11:00, re-opens 11:30,
 *     closes 16:05 (on time). Durres Port opens 07:40 (early), 'Not Closed' 16:15, closed by the
 *     system at 20:00 (auto-closed, late).
 *   - Sun 2026-03-29 (clocks go forward 02:00 → 03:00, CEST, UTC+2): Tirana Center opens 07:58
 *     (on time), closes 16:20 (late). Durres Port: no opening, 'Not Opened' at 08:15.
 *   - Mon 2026-03-30: holiday for both.
 * Bravo Savings (regions Northeast America/New_York, Midwest America/Chicago): Manhattan (New York),
 *   Chicago Loop (Chicago). Every day 09:00–17:00, timers 15 min.
 *   - Sat 2026-03-07 (EST, UTC−5): Manhattan opens 09:00 (on time), closes 16:40 (early).
 *   - Sun 2026-03-08 (clocks go forward 02:00 → 03:00, EDT, UTC−4): Manhattan opens 08:57 (on
 *     time; early if 09:00 were read as EST), Panic 12:00 ('Robbery in progress'), Trouble 13:00,
 *     closes 17:10 (on time).
 *   - Tue 2026-03-10 (CDT, UTC−5): Chicago Loop opens 09:05 (on time), closes 23:30 (late; already
 *     04:30Z on the 11th). Check-in 08:50, check-out 23:35. Timer 22:00–22:45:30 (1 h requested).
 *     A survey submitted at Manhattan on 2026-03-08 10:00 EDT.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  branchOffices,
  branchOfficeTypes,
  checkIns,
  events,
  holidays,
  holidayTemplates,
  offices,
  organizations,
  securityOffices,
  submittedSurveys,
  surveys,
  timerPings,
  timers,
  users,
  weekScheduleDays,
  weekSchedules,
  worksIn,
  organizationSecurityOffices,
} from '../src/db/schema/index.js';
import { hashSecret } from '../src/modules/auth/passwords.js';

export const PASSWORD = 'Fixture-pass-2026';
export const PIN = '1234';

/** Ids of the fixture rows the tests refer to. */
export interface Fixture {
  orgA: number;
  orgB: number;
  tirana: number;
  durres: number;
  manhattan: number;
  chicago: number;
  arben: number;
  nora: number;
  chris: number;
  timerId: number;
  submissionId: number;
}

const at = (isoUtc: string) => new Date(isoUtc);

/** Writes the fixture into an empty database (reference data present). */
export async function buildFixture(db: Db): Promise<Fixture> {
  const [passwordHash, pinHash, duressHash] = await Promise.all([hashSecret(PASSWORD), hashSecret(PIN), hashSecret('9999')]);
  const [so] = await db
    .insert(securityOffices)
    .values({ name: 'Fixture Monitoring', code: 'SO-FIX', timeZone: 'Europe/Tirane', statusId: 1 })
    .returning();
  const [orgA] = await db.insert(organizations).values({ name: 'Alpha Bank', statusId: 1 }).returning();
  const [orgB] = await db.insert(organizations).values({ name: 'Bravo Savings', statusId: 1 }).returning();
  await db.insert(organizationSecurityOffices).values([{ organizationId: orgA!.id, securityOfficeId: so!.id }]);
  const schedule = async (orgId: number, opens: string, closes: string) => {
    const [ws] = await db.insert(weekSchedules).values({ organizationId: orgId, name: 'Every day' }).returning();
    await db
      .insert(weekScheduleDays)
      .values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekScheduleId: ws!.id, weekday, opensAt: opens, closesAt: closes })));
    return ws!.id;
  };
  const wsA = await schedule(orgA!.id, '08:00', '16:00');
  const wsB = await schedule(orgB!.id, '09:00', '17:00');
  const [htA] = await db.insert(holidayTemplates).values({ organizationId: orgA!.id, name: 'Alpha holidays' }).returning();
  await db.insert(holidays).values({ holidayTemplateId: htA!.id, day: '2026-03-30', name: 'Test Holiday' });
  const region = async (orgId: number, name: string, code: string, timeZone: string) =>
    (await db.insert(offices).values({ organizationId: orgId, officeTypeId: 2, name, code, timeZone, statusId: 1 }).returning())[0]!.id;
  const central = await region(orgA!.id, 'Central', 'CEN', 'Europe/Tirane');
  const northeast = await region(orgB!.id, 'Northeast', 'NE', 'America/New_York');
  const midwest = await region(orgB!.id, 'Midwest', 'MW', 'America/Chicago');
  const [type] = await db
    .select()
    .from(branchOfficeTypes)
    .where(sql`${branchOfficeTypes.type} = 'BRANCH'`);
  const branch = async (
    orgId: number,
    regionId: number,
    name: string,
    code: string,
    timeZone: string,
    ws: number,
    ht: number | null,
    lat: number,
    lng: number,
  ) =>
    (
      await db
        .insert(branchOffices)
        .values({
          organizationId: orgId,
          regionalOfficeId: regionId,
          branchOfficeTypeId: type!.id,
          securityOfficeId: so!.id,
          name,
          code,
          timeZone,
          weekScheduleId: ws,
          holidayTemplateId: ht,
          openingTimer: 15,
          closingTimer: 15,
          autoCloseTime: '20:00',
          latitude: lat,
          longitude: lng,
          statusId: 1,
        })
        .returning()
    )[0]!.id;
  const tirana = await branch(orgA!.id, central, 'Tirana Center', 'TC', 'Europe/Tirane', wsA, htA!.id, 41.3275, 19.8187);
  const durres = await branch(orgA!.id, central, 'Durres Port', 'DP', 'Europe/Tirane', wsA, htA!.id, 41.3231, 19.4414);
  const manhattan = await branch(orgB!.id, northeast, 'Manhattan', 'MH', 'America/New_York', wsB, null, 40.758, -73.9855);
  const chicago = await branch(orgB!.id, midwest, 'Chicago Loop', 'CL', 'America/Chicago', wsB, null, 41.8837, -87.6289);

  const user = async (
    email: string,
    roleId: number,
    orgId: number | null,
    name: string,
    surname: string,
    works: Partial<typeof worksIn.$inferInsert> | null,
  ) => {
    const [u] = await db
      .insert(users)
      .values({
        email,
        roleId,
        organizationId: orgId,
        name,
        surname,
        statusId: 1,
        passwordHash,
        pinHash,
        duressHash,
        phoneNumber: '+12125550100',
      })
      .returning();
    if (works) await db.insert(worksIn).values({ userId: u!.id, ...works });
    return u!.id;
  };
  await user('alpha-admin@test.com', 2, orgA!.id, 'Ana', 'Admin', null);
  await user('bravo-admin@test.com', 2, orgB!.id, 'Bob', 'Admin', null);
  await user('alpha-manager@test.com', 6, orgA!.id, 'Mira', 'Manager', { branchOfficeId: tirana });
  await user('officer@test.com', 5, null, 'Olsi', 'Officer', { securityOfficeId: so!.id });
  const arben = await user('arben@test.com', 7, orgA!.id, 'Arben', 'Kola', { branchOfficeId: tirana });
  const nora = await user('nora@test.com', 7, orgB!.id, 'Nora', 'Stone', { branchOfficeId: manhattan });
  const chris = await user('chris@test.com', 7, orgB!.id, 'Chris', 'Lake', { branchOfficeId: chicago });

  type Ev = typeof events.$inferInsert;
  const ev = (
    branchId: number,
    orgId: number,
    regionId: number,
    userId: number,
    utc: string,
    fields: Partial<Ev> & { branchAction: string },
  ): Ev => ({
    kind: 'BRANCH_ACTION',
    organizationId: orgId,
    regionalOfficeId: regionId,
    branchOfficeId: branchId,
    userId,
    occurredAt: at(utc),
    ...fields,
  });
  const A = (b: number, u: number, utc: string, f: Partial<Ev> & { branchAction: string }) => ev(b, orgA!.id, central, u, utc, f);
  await db.insert(events).values([
    // Bravo, Manhattan, Sat 2026-03-07 (EST)
    ev(manhattan, orgB!.id, northeast, nora, '2026-03-07T14:00:00Z', { branchAction: 'Open', punctuality: 'ontime' }),
    ev(manhattan, orgB!.id, northeast, nora, '2026-03-07T21:40:00Z', { branchAction: 'Close', punctuality: 'early' }),
    // Bravo, Manhattan, Sun 2026-03-08 (EDT from 02:00)
    ev(manhattan, orgB!.id, northeast, nora, '2026-03-08T12:57:00Z', { branchAction: 'Open', punctuality: 'ontime' }),
    ev(manhattan, orgB!.id, northeast, nora, '2026-03-08T16:00:00Z', {
      kind: 'NOTIFICATION',
      branchAction: 'Panic',
      notificationType: 10,
      securityAlert: true,
      messageContent: 'Robbery in progress',
      payload: { source: 'mobile' },
    }),
    ev(manhattan, orgB!.id, northeast, nora, '2026-03-08T17:00:00Z', {
      kind: 'NOTIFICATION',
      branchAction: 'Trouble',
      notificationType: 2,
    }),
    ev(manhattan, orgB!.id, northeast, nora, '2026-03-08T21:10:00Z', { branchAction: 'Close', punctuality: 'ontime' }),
    // Bravo, Chicago Loop, Tue 2026-03-10 (CDT)
    ev(chicago, orgB!.id, midwest, chris, '2026-03-10T14:05:00Z', { branchAction: 'Open', punctuality: 'ontime' }),
    ev(chicago, orgB!.id, midwest, chris, '2026-03-11T04:30:00Z', { branchAction: 'Close', punctuality: 'late' }),
    // Alpha, Sat 2026-03-28 (CET)
    A(tirana, arben, '2026-03-28T07:30:00Z', { branchAction: 'Open', punctuality: 'late' }),
    A(tirana, arben, '2026-03-28T10:00:00Z', { branchAction: 'Service', messageContent: 'ATM replenishment' }),
    A(tirana, arben, '2026-03-28T10:30:00Z', { branchAction: 'Open' }),
    A(tirana, arben, '2026-03-28T15:05:00Z', { branchAction: 'Close', punctuality: 'ontime' }),
    A(durres, arben, '2026-03-28T06:40:00Z', { branchAction: 'Open', punctuality: 'early' }),
    A(durres, arben, '2026-03-28T15:15:00Z', { kind: 'NOTIFICATION', branchAction: 'Not Closed', notificationType: 0 }),
    A(durres, arben, '2026-03-28T19:00:00Z', { branchAction: 'Close', isClosedBySystem: true, punctuality: 'late' }),
    // Alpha, Sun 2026-03-29 (CEST from 02:00)
    A(tirana, arben, '2026-03-29T05:58:00Z', { branchAction: 'Open', punctuality: 'ontime' }),
    A(tirana, arben, '2026-03-29T14:20:00Z', { branchAction: 'Close', punctuality: 'late' }),
    A(durres, arben, '2026-03-29T06:15:00Z', { kind: 'NOTIFICATION', branchAction: 'Not Opened', notificationType: 0 }),
  ]);
  await db.insert(checkIns).values({
    userId: chris,
    branchOfficeId: chicago,
    checkInAt: at('2026-03-10T13:50:00Z'),
    checkOutAt: at('2026-03-11T04:35:00Z'),
    checkedOutBy: chris,
    latitude: 41.8838,
    longitude: -87.629,
    horizontalAccuracy: 12,
    insideGeofence: true,
  });
  const [tm] = await db
    .insert(timers)
    .values({
      userId: chris,
      branchOfficeId: chicago,
      timerForAction: 'Night deposit',
      startedAt: at('2026-03-11T03:00:00Z'),
      durationSeconds: 3600,
      expiresAt: at('2026-03-11T04:00:00Z'),
      stoppedAt: at('2026-03-11T03:45:30Z'),
      safeStopped: true,
    })
    .returning();
  await db.insert(timerPings).values([
    { timerId: tm!.id, at: at('2026-03-11T03:00:00Z'), latitude: 41.884, longitude: -87.63, horizontalAccuracy: 8 },
    { timerId: tm!.id, at: at('2026-03-11T03:30:00Z'), latitude: 41.885, longitude: -87.631, horizontalAccuracy: 9 },
  ]);
  const [sv] = await db
    .insert(surveys)
    .values({
      organizationId: orgB!.id,
      name: 'Opening checklist',
      description: 'Before opening',
      notifyRecomandation: 'Call the police',
      nonNotifyRecomandation: 'Carry on',
      questions: [
        { QuestionId: 1, Question: 'Is the door intact?', Answers: [{ Option: 'Yes' }, { Option: 'No', EndSurveyWithNotification: true }] },
      ],
    })
    .returning();
  const [sub] = await db
    .insert(submittedSurveys)
    .values({
      surveyId: sv!.id,
      userId: nora,
      branchOfficeId: manhattan,
      organizationId: orgB!.id,
      answers: [{ QuestionId: 1, Answer: 'Yes' }],
      createdAt: at('2026-03-08T14:00:00Z'),
    })
    .returning();
  return { orgA: orgA!.id, orgB: orgB!.id, tirana, durres, manhattan, chicago, arben, nora, chris, timerId: tm!.id, submissionId: sub!.id };
}
