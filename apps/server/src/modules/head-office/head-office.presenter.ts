/** The head office detail (spec §3 Head office; §7 getoffices GET-HEAD-OFFICE). */
import type { HeadOfficeDetail } from '@vigil/contract';
import { presentTimers } from '../../lib/office-schedule.js';
import { presentOffice } from '../../lib/offices.js';
import type { HeadOfficeRow } from './head-office.repository.js';

/**
 * The head office with its contacts, timers, week schedule and holidays (`schedule` from
 * readSchedule) and the names of the organisation's task list templates (`taskNames`).
 */
export function presentHeadOffice(
  o: HeadOfficeRow,
  schedule: Pick<HeadOfficeDetail, 'WeekSchedule' | 'HolidaysTemplate'>,
  taskNames: string[],
): HeadOfficeDetail {
  return {
    ...presentOffice(o, o.organizationName, 0),
    OfficeTypeName: 'Head Office',
    TaskNames: taskNames,
    PrimaryContact: {
      Name: o.primaryContactName,
      Surname: o.primaryContactSurname,
      Email: o.primaryContactEmail,
      PhoneNumber: o.primaryContactPhone,
    },
    SecondaryContact: {
      Name: o.secondaryContactName,
      Surname: o.secondaryContactSurname,
      Email: o.secondaryContactEmail,
      PhoneNumber: o.secondaryContactPhone,
    },
    ...presentTimers(o),
    ...schedule,
  };
}
