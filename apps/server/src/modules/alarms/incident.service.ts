/**
 * The incident view of one alarm (issue 13; POST /api/client/getalarmincident; docs/API.md
 * "Incident view"): the alarm with its acknowledgement and notes, its branch (board row, schedule,
 * security offices), who is there now, the organisation's current security phrases for the roles
 * that may read them, the figures signal → shown → acknowledged → closed, and the timeline of
 * every event at the branch from the alarm on, each presented as the socket sends it (so the
 * page adds live events to it unchanged). Only an alarm of a branch in the caller's scope is
 * answered: 404 errors.alarmNotFound otherwise.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode, incidentFigures, INCIDENT_TIMELINE_MAX, type AlarmIncident, type IncidentPerson } from '@vigil/contract';
import { canManage, isChatUser } from '../../plugins/authorization.js';
import { AppError } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { presentTimers, readSchedule } from '../../lib/office-schedule.js';
import { iso } from '../../lib/zone-time.js';
import { listBranches } from '../branches/branches.repository.js';
import { presentBranch } from '../branches/branches.presenter.js';
import { listNotifications } from '../notifications/notifications.repository.js';
import { EventNames } from '../realtime/event-names.js';
import { presentEvents } from '../realtime/event.presenter.js';
import { listPhrases } from '../security-phrases/security-phrases.service.js';
import { branchEventsFrom, loggedAt, peopleAt, watchingOffices, type PersonRaw } from './incident.repository.js';

const notFoundAlarm = () => new AppError(404, ErrorCode.AlarmNotFound);

function presentPerson(p: PersonRaw): IncidentPerson {
  return {
    UserId: p.id,
    Name: p.name,
    Surname: p.surname,
    RoleId: p.role_id,
    RoleName: p.role_name ?? '',
    PhoneNumber: p.phone_number,
    CheckedInAtUTC: p.checked_in_at ? iso(p.checked_in_at) : null,
    SessionTypes: [...(p.session_types ?? [])].sort(),
    LastSeenUTC: p.last_seen ? iso(p.last_seen) : null,
  };
}

/**
 * The incident of alarm `alarmId` for `auth` (contract AlarmIncident).
 * @throws 404 errors.alarmNotFound when it is not a notification of a branch in the caller's scope.
 */
export async function getAlarmIncident(app: FastifyInstance, auth: AuthContext, alarmId: number): Promise<AlarmIncident> {
  const db = app.db;
  const [alarm] = await listNotifications(db, auth, { type: 'all', id: alarmId, offset: 0, limit: 1 });
  if (!alarm || alarm.BranchOfficeId == null) throw notFoundAlarm();
  const branchId = alarm.BranchOfficeId;
  const { rows: branchRows } = await listBranches(db, auth, { branchOfficeId: branchId, offset: 0, limit: 1, count: false });
  const row = branchRows[0];
  if (!row) throw notFoundAlarm();

  const mayReadPhrases = canManage(auth) || isChatUser(auth);
  const [schedule, offices, people, shownAt, eventRows, phrases] = await Promise.all([
    readSchedule(db, row.b.weekScheduleId, row.b.holidayTemplateId),
    watchingOffices(db, branchId),
    peopleAt(db, branchId),
    loggedAt(db, alarmId),
    branchEventsFrom(db, branchId, alarmId, { security: isChatUser(auth), userId: auth.userId, limit: INCIDENT_TIMELINE_MAX + 1 }),
    mayReadPhrases ? listPhrases(app, { auth }, row.b.organizationId) : Promise.resolve(null),
  ]);
  const truncated = eventRows.length > INCIDENT_TIMELINE_MAX;
  // A fresh name cache (no time to live): the names as they are now, read once for all rows.
  const timeline = await presentEvents(truncated ? eventRows.slice(0, INCIDENT_TIMELINE_MAX) : eventRows, new EventNames(db, 0));
  return {
    Alarm: alarm,
    Branch: {
      ...presentBranch(row),
      ...schedule,
      ...presentTimers(row.b),
      SecurityOffices: offices.map((o) => ({ SecurityOfficeId: o.id, Name: o.name, PhoneNumber: o.phone_number, OwnOffice: o.own })),
    },
    People: people.map(presentPerson),
    Phrases: phrases ? phrases.filter((p) => !p.IsExpired) : null,
    Figures: incidentFigures(alarm, iso(shownAt)),
    Timeline: timeline,
    TimelineTruncated: truncated,
  };
}
