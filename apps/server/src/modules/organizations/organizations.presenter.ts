/**
 * Organisation shapes (spec §3 Organisation; §7 Client getorganizations, Admin getorganizations
 * and getorganizationbyid): the client's summary, the admin list row and detail, and the CSV export.
 */
import {
  formatPhoneInternational,
  StatusId,
  type OrganizationDetail,
  type OrganizationRow,
  type OrganizationSummary,
} from '@vigil/contract';
import type { organizations, users } from '../../db/schema/index.js';
import type { NameKey } from '../../lib/list-query.js';

type OrganizationSelect = typeof organizations.$inferSelect;
type UserSelect = typeof users.$inferSelect;

/** The organisation as the client's organisation selection shows it. */
export function presentOrganizationSummary(o: OrganizationSelect): OrganizationSummary {
  return {
    OrganizationId: o.id,
    Name: o.name,
    PhoneNumber: o.phoneNumber,
    Address: o.address,
    City: o.city,
    Country: o.country,
    StatusId: o.statusId,
  };
}

/** The admin list row of an organisation with its number of branches. */
export function presentOrganizationRow(o: OrganizationSelect, branchCount: number): OrganizationRow {
  return {
    OrganizationId: o.id,
    Name: o.name,
    Address: o.address,
    City: o.city,
    State: o.state,
    ZipCode: o.zipCode,
    Country: o.country,
    PhoneNumber: o.phoneNumber,
    Email: o.email,
    StatusId: o.statusId,
    Active: o.statusId === StatusId.Active,
    BranchCount: branchCount,
  };
}

/** What the admin detail shows besides the row: head-office zone, admins, dealers (assigned here or not), monitoring security offices. */
export interface OrganizationDetailParts {
  timeZone: string;
  admins: UserSelect[];
  dealers: { u: UserSelect; here: boolean }[];
  securityOffices: { Id: number; Name: string }[];
}

/** The admin detail of an organisation (getorganizationbyid, and the answer of addclient / editclient). */
export function presentOrganizationDetail(o: OrganizationSelect, branchCount: number, p: OrganizationDetailParts): OrganizationDetail {
  return {
    ...presentOrganizationRow(o, branchCount),
    Latitude: o.latitude,
    Longitude: o.longitude,
    FormattedAddress: o.formattedAddress,
    TimeZone: p.timeZone,
    HeadOfficeId: o.headOfficeId,
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
    Admins: p.admins.map((u) => ({
      UserId: u.id,
      Name: u.name,
      Surname: u.surname,
      Email: u.email,
      PhoneNumber: u.phoneNumber,
      StatusId: u.statusId,
    })),
    Dealers: p.dealers.map(({ u, here }) => ({
      UserId: u.id,
      Name: u.name,
      Surname: u.surname,
      DealerEmail: u.email,
      PhoneNumber: u.phoneNumber,
      DealerAssignedHere: !!here,
      StatusId: u.statusId,
    })),
    SecurityOffices: p.securityOffices,
  };
}

/** Column header of the organisation CSV export (admin clients list). */
export const ORGANIZATION_CSV_HEADER = [
  'Id',
  'Name',
  'Address',
  'City',
  'State',
  'ZipCode',
  'Country',
  'PhoneNumber',
  'Email',
  'Status',
  'Branches',
];

/** One CSV row of an organisation. */
export function organizationCsvRow(o: OrganizationRow): unknown[] {
  return [
    o.OrganizationId,
    o.Name,
    o.Address,
    o.City,
    o.State,
    o.ZipCode,
    o.Country,
    formatPhoneInternational(o.PhoneNumber),
    o.Email,
    o.Active ? 'Active' : 'Inactive',
    o.BranchCount,
  ];
}

/** The keyset of an organisation row (to continue an export after it). */
export const organizationKey = (o: OrganizationRow): NameKey => ({ name: o.Name, id: o.OrganizationId });
