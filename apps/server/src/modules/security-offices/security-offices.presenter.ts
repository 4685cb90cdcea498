/** The security office row of spec §3 Security office, and its CSV export. */
import { formatPhoneInternational, statusLabel, type SecurityOfficeRow } from '@vigil/contract';
import type { securityOffices } from '../../db/schema/index.js';
import type { NameKey } from '../../lib/list-query.js';

/** A person working in a security office, as its Admins list shows them. */
export interface SecurityOfficeAdmin {
  id: number;
  name: string;
  surname: string;
  email: string;
  phoneNumber: string | null;
  statusId: number;
}

/** The list row of a security office with the organisations it monitors (Managing) and its people (Admins). */
export function presentSecurityOffice(
  s: typeof securityOffices.$inferSelect,
  managing: readonly { id: number; name: string }[],
  admins: readonly SecurityOfficeAdmin[],
): SecurityOfficeRow {
  return {
    SecurityOfficeId: s.id,
    Name: s.name,
    Code: s.code,
    Address: s.address,
    City: s.city,
    State: s.state,
    ZipCode: s.zipCode,
    Country: s.country,
    PhoneNumber: s.phoneNumber,
    Email: s.email,
    Latitude: s.latitude,
    Longitude: s.longitude,
    TimeZone: s.timeZone,
    IsMonitoring: s.isMonitoring,
    StatusId: s.statusId,
    Status: statusLabel(s.statusId),
    Managing: managing.map((m) => ({ OrganizationId: m.id, OrganizationName: m.name })),
    Admins: admins.map((u) => ({
      AdminId: u.id,
      AdminName: u.name,
      AdminSurname: u.surname,
      AdminEmail: u.email,
      AdminPhoneNumber: u.phoneNumber,
      StatusId: u.statusId,
    })),
  };
}

/** Column header of the security office CSV export. */
export const SECURITY_OFFICE_CSV_HEADER = [
  'Id',
  'Name',
  'Code',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'PhoneNumber',
  'Email',
  'Monitoring',
  'Status',
  'Managing',
];

/** The keyset of a security office row (to continue an export after it). */
export const securityOfficeKey = (s: SecurityOfficeRow): NameKey => ({ name: s.Name, id: s.SecurityOfficeId });

/** One CSV row of a security office. */
export function securityOfficeCsvRow(s: SecurityOfficeRow): unknown[] {
  return [
    s.SecurityOfficeId,
    s.Name,
    s.Code,
    s.Address,
    s.City,
    s.State,
    s.ZipCode,
    s.Country,
    formatPhoneInternational(s.PhoneNumber),
    s.Email,
    s.IsMonitoring,
    s.Status,
    s.Managing.map((m) => m.OrganizationName).join('; '),
  ];
}
