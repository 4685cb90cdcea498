/** The regional office detail and CSV export (spec §3 Regional office; §7 getoffices). */
import { formatPhoneInternational, type OfficeRow } from '@vigil/contract';
import type { NameKey } from '../../lib/list-query.js';

/** Column header of the regional office CSV export. */
export const REGION_CSV_HEADER = [
  'Id',
  'Name',
  'Code',
  'Organization',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'PhoneNumber',
  'Email',
  'Latitude',
  'Longitude',
  'TimeZone',
  'Status',
  'Branches',
];

/** One CSV row of a regional office. */
export function regionCsvRow(r: OfficeRow): unknown[] {
  return [
    r.Id,
    r.Name,
    r.Code,
    r.OrganizationName,
    r.Address,
    r.City,
    r.State,
    r.ZipCode,
    r.Country,
    formatPhoneInternational(r.PhoneNumber),
    r.Email,
    r.Latitude,
    r.Longitude,
    r.TimeZone,
    r.Status,
    r.BranchCount,
  ];
}

/** The keyset of a regional office row (to continue an export after it). */
export const regionKey = (r: OfficeRow): NameKey => ({ name: r.Name, id: r.Id });
