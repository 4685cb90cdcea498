/**
 * Management calls (spec §7 "Offices and organisations", "Employees and profile"; §3 entities;
 * §4 statuses; §5 validation). The zod schemas are shared: the server validates request bodies
 * with them and the console's forms use them through zodResolver, so both give the same
 * catalogue messages (`validation.*` and `management.validation.*`).
 */
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ValidationKey as V } from './errors.js';
import type { OfficeContact, PostalAddress } from './offices.js';

/** Default region for phone numbers without a country code (spec §5). */
export const DEFAULT_PHONE_REGION = 'US';

/** Catalogue keys of the management messages. */
export const ManagementKey = {
  Phone: 'management.validation.phone',
  TimeZone: 'management.validation.timeZone',
  Time: 'management.validation.time',
  Coordinates: 'management.validation.coordinates',
  NameInUse: 'management.errors.nameInUse',
  CodeInUse: 'management.errors.codeInUse',
  EmailInUse: 'management.errors.emailInUse',
  OrganizationRequired: 'management.errors.organizationRequired',
  Role: 'management.validation.role',
  ActivationRequired: 'management.errors.activationRequired',
  ImportNotClean: 'management.errors.importNotClean',
  ImportColumns: 'management.errors.importColumns',
  ImportEmpty: 'management.errors.importEmpty',
  EmployeeSaved: 'management.messages.employeeSaved',
  EmployeesImported: 'management.messages.employeesImported',
  GeocoderOff: 'management.errors.geocoderOff',
  GeocoderFailed: 'management.errors.geocoderFailed',
} as const;

/** Catalogue keys of the employee import row messages (spec §5 Employee import, plus ours). */
export const ImportKey = {
  SendEmail: 'management.import.sendEmail',
  Phone: 'management.import.phone',
  RegionalOffice: 'management.import.regionalOffice',
  SecurityOffice: 'management.import.securityOffice',
  Branch: 'management.import.branch',
  Required: 'management.import.required',
  Email: 'management.import.email',
  DuplicateEmail: 'management.import.duplicateEmail',
  DuplicateInFile: 'management.import.duplicateInFile',
  Role: 'management.import.role',
} as const;

/** E.164 form of a phone number (US default region), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const p = parsePhoneNumberFromString(input.trim(), DEFAULT_PHONE_REGION);
  return p && p.isValid() ? p.number : null;
}

/** A stored phone number in international format (+1 212 555 0100); the input when unparsable. */
export function formatPhoneInternational(value: string | null | undefined): string {
  if (!value) return '';
  const p = parsePhoneNumberFromString(value, DEFAULT_PHONE_REGION);
  return p ? p.formatInternational() : value;
}

/** True for an IANA zone name the runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Required text (trimmed). */
const reqText = (max = 200) => z.string().trim().min(1, V.Required).max(max, V.Max);
/** Optional text: '' or absent means none. */
const optText = (max = 200) => z.string().trim().max(max, V.Max).optional().nullable();
/** Optional phone number, any format libphonenumber-js reads (US default). */
export const ZOptionalPhone = z
  .string()
  .trim()
  .max(40, V.Max)
  .optional()
  .nullable()
  .refine((v) => !v || toE164(v) !== null, ManagementKey.Phone);
/** Optional e-mail address. */
export const ZOptionalEmail = z
  .string()
  .trim()
  .max(200, V.Max)
  .optional()
  .nullable()
  .refine((v) => !v || EMAIL_RE.test(v), V.Email);
/** Optional number within [min, max]; '' and null mean none. */
const optNumber = (min: number, max: number) =>
  z
    .preprocess(
      (v) => (v === '' || v == null ? null : Number(v)),
      z.number(V.Formatted).min(min, ManagementKey.Coordinates).max(max, ManagementKey.Coordinates).nullable(),
    )
    .optional();
/** A required id (numbers or numeric text). */
const id = () => z.coerce.number(V.Required).int().positive(V.Required);
/** An optional id; '' and null mean none. */
const optId = () => z.preprocess((v) => (v === '' || v == null ? null : Number(v)), z.number().int().positive().nullable()).optional();
/** Integer within bounds. */
const int = (min: number, max: number) => z.coerce.number(V.Formatted).int(V.Formatted).min(min, V.Formatted).max(max, V.Formatted);
/** StatusId 1 Active, 2 Pending, 3 Inactive (spec §4). */
export const ZStatusId = z.coerce.number().int().min(1).max(3);
/** IANA time zone. */
export const ZTimeZone = z.string().trim().min(1, V.Required).refine(isTimeZone, ManagementKey.TimeZone);
/** Branch-local time of day, HH:MM. */
export const ZTimeOfDay = z.string().trim().regex(TIME_RE, ManagementKey.Time);

/** Paging, search and CSV export shared by every list call. */
export const ZListPaging = {
  search: z.string().trim().max(200).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(25),
  /** 'csv': the whole filtered list streamed as a CSV file instead of a page. */
  format: z.literal('csv').optional(),
};

/** Address and coordinates (spec §3 address fields, Latitude, Longitude). */
const addressFields = {
  address: optText(300),
  city: optText(),
  state: optText(),
  zipCode: optText(20),
  country: optText(),
  latitude: optNumber(-90, 90),
  longitude: optNumber(-180, 180),
};

/** One open weekday of a week schedule (ISO weekday 1 = Monday … 7 = Sunday). */
export const ZWeekScheduleDay = z.object({ weekday: z.coerce.number().int().min(1).max(7), opensAt: ZTimeOfDay, closesAt: ZTimeOfDay });
export type WeekScheduleDay = z.infer<typeof ZWeekScheduleDay>;
/** One holiday (branch-local date). */
export const ZHoliday = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, V.DateFormat), name: reqText(100) });
export type Holiday = z.infer<typeof ZHoliday>;
/** Timers (minutes) and auto-close time (spec §3 Opening, Closing, Servicing, AutoCloseTime). */
export const ZTimers = z.object({
  openingTimer: int(0, 1440),
  closingTimer: int(0, 1440),
  servicingTimer: int(0, 1440),
  autoCloseTime: z.union([z.literal(''), z.null(), ZTimeOfDay]).optional(),
});
export type Timers = z.infer<typeof ZTimers>;

// ---------------------------------------------------------------------------------------------
// Branch offices

/** Branch details form (spec §3 Branch office). */
export const ZBranchDetails = z.object({
  name: reqText(),
  code: reqText(50),
  regionalOfficeId: optId(),
  branchOfficeTypeId: id(),
  securityOfficeId: optId(),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  timeZone: ZTimeZone,
  geofenceRadius: int(10, 10_000),
  testMode: z.boolean().default(false),
  testNote: optText(500),
  statusId: ZStatusId.default(1),
});
export type BranchDetails = z.input<typeof ZBranchDetails>;

/** POST /api/client/addbranchoffice (ADD-BRANCH-OFFICE, UPDATE-BRANCH-OFFICE). */
export const ZAddBranchOfficeRequest = z.discriminatedUnion('case', [
  ZBranchDetails.extend({ case: z.literal('ADD-BRANCH-OFFICE'), organizationId: optId() }),
  ZBranchDetails.extend({ case: z.literal('UPDATE-BRANCH-OFFICE'), branchOfficeId: id() }),
]);
/** POST /api/client/managebranchoffices (UPDATE-BRANCH-OFFICE-*). */
export const ZManageBranchOfficesRequest = z.discriminatedUnion('case', [
  ZBranchDetails.extend({ case: z.literal('UPDATE-BRANCH-OFFICE-DETAILS'), branchOfficeId: id() }),
  z.object({ case: z.literal('UPDATE-BRANCH-OFFICE-WEEKSCHEDULE'), branchOfficeId: id(), days: z.array(ZWeekScheduleDay).max(7) }),
  z.object({ case: z.literal('UPDATE-BRANCH-OFFICE-HOLIDAYS'), branchOfficeId: id(), holidays: z.array(ZHoliday).max(400) }),
  ZTimers.extend({ case: z.literal('UPDATE-BRANCH-OFFICE-TIMERS'), branchOfficeId: id() }),
]);
/** POST /api/client/getbranchbyidv2. */
export const ZGetBranchByIdRequest = z.object({ case: z.literal('GET-BRANCH-OFFICE-BY-BRANCHOFFICEID'), branchOfficeId: id() });
/** POST /api/client/getknownoperators. */
export const ZGetKnownOperatorsRequest = z.object({ case: z.literal('GET-BRANCH-OFFICE-TYPES') });

/** Branch type (spec §3 Branch type); the display 'Branch / Location' is given as 'Branch'. */
export interface BranchOfficeType {
  BranchOfficeTypeId: number;
  BranchOfficeType: string;
  BranchOfficeTypeDescription: string;
  BranchOfficeTypeDisplay: string;
}

/** Week schedule, holidays and timers of an office as the detail calls return them. */
export interface OfficeSchedule {
  WeekSchedule: WeekScheduleDay[];
  HolidaysTemplate: Holiday[];
  Opening: number;
  Closing: number;
  Servicing: number;
  AutoCloseTime: string | null;
}

// ---------------------------------------------------------------------------------------------
// Regional and head offices

/** Regional office details form (spec §3 Regional office). */
export const ZRegionalDetails = z.object({
  name: reqText(),
  code: reqText(50),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  timeZone: ZTimeZone,
  statusId: ZStatusId.default(1),
});
export type RegionalDetails = z.input<typeof ZRegionalDetails>;
/** POST /api/client/addregionaloffice. */
export const ZAddRegionalOfficeRequest = ZRegionalDetails.extend({ organizationId: optId() });
/** POST /api/client/manageregionaloffices. */
export const ZManageRegionalOfficesRequest = z.discriminatedUnion('case', [
  ZRegionalDetails.extend({ case: z.literal('UPDATE-REGIONAL-OFFICE-DETAILS'), regionalOfficeId: id() }),
  z.object({ case: z.literal('UPDATE-REGIONAL-OFFICE-WEEKSCHEDULE'), regionalOfficeId: id(), days: z.array(ZWeekScheduleDay).max(7) }),
  z.object({ case: z.literal('UPDATE-REGIONAL-OFFICE-HOLIDAYS'), regionalOfficeId: id(), holidays: z.array(ZHoliday).max(400) }),
  ZTimers.extend({ case: z.literal('UPDATE-REGIONAL-OFFICE-TIMERS'), regionalOfficeId: id() }),
]);

/** Primary and secondary contact (spec §3 Head office, Organisation). */
const contactFields = {
  primaryContactName: optText(),
  primaryContactSurname: optText(),
  primaryContactEmail: ZOptionalEmail,
  primaryContactPhone: ZOptionalPhone,
  secondaryContactName: optText(),
  secondaryContactSurname: optText(),
  secondaryContactEmail: ZOptionalEmail,
  secondaryContactPhone: ZOptionalPhone,
};
/** Head office details form: regional fields plus contacts. */
export const ZHeadOfficeDetails = ZRegionalDetails.omit({ statusId: true }).extend(contactFields);
export type HeadOfficeDetails = z.input<typeof ZHeadOfficeDetails>;

/** POST /api/client/getoffices: regional list (csv optional), head office get and updates. */
export const ZGetOfficesRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GET-REGIONAL-OFFICES'), organizationId: optId(), statusId: ZStatusId.optional(), ...ZListPaging }),
  z.object({ case: z.literal('GET-REGIONAL-OFFICE-BY-ID'), regionalOfficeId: id() }),
  z.object({ case: z.literal('GET-HEAD-OFFICE'), organizationId: optId() }),
  ZHeadOfficeDetails.extend({ case: z.literal('UPDATE-HEAD-OFFICE-DETAILS'), organizationId: optId() }),
  z.object({ case: z.literal('UPDATE-HEAD-OFFICE-WEEKSCHEDULE'), organizationId: optId(), days: z.array(ZWeekScheduleDay).max(7) }),
  z.object({ case: z.literal('UPDATE-HEAD-OFFICE-HOLIDAYS'), organizationId: optId(), holidays: z.array(ZHoliday).max(400) }),
  ZTimers.extend({ case: z.literal('UPDATE-HEAD-OFFICE-TIMERS'), organizationId: optId() }),
]);

/** A regional or head office row (spec §3 Regional office, Head office). */
export interface OfficeRow extends OfficeContact {
  Id: number;
  OrganizationId: number;
  OrganizationName: string;
  OfficeTypeId: number;
  Name: string;
  Code: string;
  TimeZone: string;
  Dst: string;
  StatusId: number;
  Status: string;
  BranchCount: number;
}
/** Head office detail: row, contacts and schedule. */
export interface HeadOfficeDetail extends OfficeRow, OfficeSchedule {
  OfficeTypeName: string;
  PrimaryContact: Contact;
  SecondaryContact: Contact;
}
/** A contact person. */
export interface Contact {
  Name: string | null;
  Surname: string | null;
  Email: string | null;
  PhoneNumber: string | null;
}

// ---------------------------------------------------------------------------------------------
// Security offices

/** POST /api/client/getallsecurityoffices and /api/admin/getAllSecurityOffices. */
export const ZSecurityOfficeListRequest = z.object({ organizationId: optId(), statusId: ZStatusId.optional(), ...ZListPaging });
/** Security office form (spec §3 Security office). */
export const ZSecurityOfficeDetails = z.object({
  name: reqText(),
  code: reqText(50),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  timeZone: ZTimeZone,
  isMonitoring: z.boolean().default(true),
  statusId: ZStatusId.default(1),
  /** Organisations it monitors (Managing). */
  organizationIds: z.array(z.coerce.number().int().positive()).max(1000).default([]),
});
export type SecurityOfficeDetails = z.input<typeof ZSecurityOfficeDetails>;
/** POST /api/admin/addsecurityoffice (add and update). */
export const ZAddSecurityOfficeRequest = z.discriminatedUnion('case', [
  ZSecurityOfficeDetails.extend({ case: z.literal('ADD-SECURITY-OFFICE') }),
  ZSecurityOfficeDetails.extend({ case: z.literal('UPDATE-SECURITY-OFFICE'), securityOfficeId: id() }),
]);
/** A security office row (spec §3 Security office). */
export interface SecurityOfficeRow extends OfficeContact {
  SecurityOfficeId: number;
  Name: string;
  Code: string;
  TimeZone: string;
  IsMonitoring: boolean;
  StatusId: number;
  Status: string;
  Managing: { OrganizationId: number; OrganizationName: string }[];
  Admins: {
    AdminId: number;
    AdminName: string;
    AdminSurname: string;
    AdminEmail: string;
    AdminPhoneNumber: string | null;
    StatusId: number;
  }[];
}

// ---------------------------------------------------------------------------------------------
// Organisations (admin console)

/** POST /api/admin/getorganizations. */
export const ZOrganizationListRequest = z.object({ statusId: ZStatusId.optional(), ...ZListPaging });
/** Organisation form (spec §3 Organisation). */
export const ZOrganizationDetails = z.object({
  name: reqText(),
  phoneNumber: ZOptionalPhone,
  email: ZOptionalEmail,
  ...addressFields,
  formattedAddress: optText(400),
  ...contactFields,
  statusId: ZStatusId.default(1),
  /** Time zone of the head office created with the organisation. */
  timeZone: ZTimeZone,
  securityOfficeIds: z.array(z.coerce.number().int().positive()).max(1000).default([]),
  dealerIds: z.array(z.coerce.number().int().positive()).max(1000).default([]),
});
export type OrganizationDetails = z.input<typeof ZOrganizationDetails>;
/** POST /api/admin/addclient. */
export const ZAddClientRequest = ZOrganizationDetails;
/** POST /api/admin/editclient. */
export const ZEditClientRequest = ZOrganizationDetails.extend({ organizationId: id() });
/** POST /api/admin/getorganizationbyid. */
export const ZGetOrganizationByIdRequest = z.object({ organizationId: id() });

/** An organisation row of the admin list. */
export interface OrganizationRow extends PostalAddress {
  OrganizationId: number;
  Name: string;
  PhoneNumber: string | null;
  Email: string | null;
  StatusId: number;
  /** True when StatusId is 1 (spec §4). */
  Active: boolean;
  BranchCount: number;
}
/** Organisation detail (spec §3 Organisation). */
export interface OrganizationDetail extends OrganizationRow {
  Latitude: number | null;
  Longitude: number | null;
  FormattedAddress: string | null;
  TimeZone: string;
  PrimaryContact: Contact;
  SecondaryContact: Contact;
  HeadOfficeId: number | null;
  Admins: { UserId: number; Name: string; Surname: string; Email: string; PhoneNumber: string | null; StatusId: number }[];
  Dealers: {
    UserId: number;
    Name: string;
    Surname: string;
    DealerEmail: string;
    PhoneNumber: string | null;
    DealerAssignedHere: boolean;
    StatusId: number;
  }[];
  SecurityOffices: { Id: number; Name: string }[];
}

// ---------------------------------------------------------------------------------------------
// Employees (read side)

/** POST /api/client/getallemployees and /api/admin/getallemployees (GET-ALL-EMPLOYEES). */
export const ZGetAllEmployeesRequest = z.object({
  case: z.literal('GET-ALL-EMPLOYEES'),
  organizationId: optId(),
  roleId: z.coerce.number().int().positive().optional(),
  statusId: ZStatusId.optional(),
  regionalOfficeId: z.coerce.number().int().positive().optional(),
  branchOfficeId: z.coerce.number().int().positive().optional(),
  ...ZListPaging,
});
/** POST /api/client/getemployee. */
export const ZGetEmployeeRequest = z.object({ case: z.literal('GET-EMPLOYEE-BY-ID'), employeeId: id() });
/** POST /api/client/getbranchemployees (spec §7 Offices and organisations): the people working at a branch or its region. */
export const ZGetBranchEmployeesRequest = z.object({ param_branchid: id() });
/** A person of getbranchemployees `body.userobject`: who works at the branch (WorksIn the branch or its region). */
export interface BranchEmployeeRow {
  UserId: number;
  Name: string;
  Surname: string;
  Email: string;
  PhoneNumber: string | null;
  RoleId: number;
  RoleNameDisplay: string;
  StatusId: number;
  Status: string;
}

/** One WorksIn assignment (spec §3 User.WorksIn). */
export interface WorksInEntry {
  RegionalOfficeId: number | null;
  RegionalOfficeName: string | null;
  BranchOfficeId: number | null;
  BranchOfficeName: string | null;
  SecurityOfficeId: number | null;
  SecurityOfficeName: string | null;
  /** Zone abbreviation of the office now. */
  OfficeDst: string | null;
}
/** An employee row (spec §3 User, the list columns). */
export interface EmployeeRow extends PostalAddress {
  UserId: number;
  Name: string;
  Surname: string;
  Email: string;
  PhoneNumber: string | null;
  Number: string | null;
  RoleId: number;
  RoleNameDisplay: string;
  StatusId: number;
  Status: string;
  OrganizationId: number | null;
  OrganizationName: string | null;
  /** UTC ISO instant, or null if never. */
  LastLogin: string | null;
  /** Zone of the first office the user works in (LastLogin is shown there), else UTC. */
  OfficeTimeZone: string;
  WorksIn: WorksInEntry[];
  LangId: string;
  GeofenceValidation: boolean;
}

/** A page of a list call: rows and the total count of matches. */
export interface ListPage<R> {
  rows: R[];
  total: number;
}

// ---------------------------------------------------------------------------------------------
// Employees (write side)

/** Roles an organisation's employees may have (not the platform admin, dealers or security-office staff). */
export const ORGANIZATION_ROLES: readonly number[] = [2, 6, 7, 9, 10, 11, 13];
/** Languages a user may have (spec §3 LangId). */
export const USER_LANGUAGES = ['en', 'sq'] as const;
const idList = () => z.array(z.coerce.number().int().positive()).max(1000).default([]);

/** Employee form (spec §3 User: the data fields and WorksIn). */
export const ZEmployeeDetails = z.object({
  name: reqText(100),
  surname: reqText(100),
  email: z
    .string()
    .trim()
    .min(1, V.Required)
    .max(200, V.Max)
    .refine((v) => EMAIL_RE.test(v), V.Email),
  phoneNumber: ZOptionalPhone,
  number: optText(50),
  roleId: z.coerce
    .number(V.Required)
    .int()
    .refine((r) => ORGANIZATION_ROLES.includes(r), ManagementKey.Role),
  langId: z.enum(USER_LANGUAGES).default('en'),
  statusId: ZStatusId.optional(),
  geofenceValidation: z.boolean().default(false),
  address: optText(300),
  city: optText(),
  state: optText(),
  zipCode: optText(20),
  country: optText(),
  regionalOfficeIds: idList(),
  branchOfficeIds: idList(),
  securityOfficeIds: idList(),
  /** Send the activation e-mail to a new (or re-addressed) user. */
  sendEmail: z.boolean().default(true),
});
export type EmployeeDetails = z.input<typeof ZEmployeeDetails>;
export type EmployeeValues = z.output<typeof ZEmployeeDetails>;
/** manageemployees ADD-EMPLOYEE (version new); organizationId: the dealer's selected organisation (admin: required). */
export const ZAddEmployeeRequest = ZEmployeeDetails.extend({
  case: z.literal('ADD-EMPLOYEE'),
  version: z.literal('new').default('new'),
  organizationId: optId(),
});
/** manageemployees UPDATE-EMPLOYEE (version new). */
export const ZUpdateEmployeeRequest = ZEmployeeDetails.extend({
  case: z.literal('UPDATE-EMPLOYEE'),
  version: z.literal('new').default('new'),
  employeeId: id(),
});
/** Largest employee import file accepted, in characters. */
export const IMPORT_MAX_CHARS = 5_000_000;
/** manageemployees IMPORT-EMPLOYEES-PREVIEW (checks only) and IMPORT-EMPLOYEES (imports a clean file). */
export const ZImportEmployeesPreviewRequest = z.object({
  case: z.literal('IMPORT-EMPLOYEES-PREVIEW'),
  csv: z.string().max(IMPORT_MAX_CHARS, V.Max),
  organizationId: optId(),
});
export const ZImportEmployeesRequest = z.object({
  case: z.literal('IMPORT-EMPLOYEES'),
  csv: z.string().max(IMPORT_MAX_CHARS, V.Max),
  organizationId: optId(),
});
/** Columns of the employee import file (spec §5 Employee import). */
export const IMPORT_COLUMNS = [
  'Name',
  'Surname',
  'Email',
  'Phone Number',
  'Role',
  'Regional office code',
  'Branch code',
  'Security office code',
  'Send Email',
] as const;
/** One refused row of an import: its line in the file and the messages. */
export interface ImportRowError {
  Line: number;
  Errors: { code: string; message: string }[];
}
/** Answer body of the import calls (the refusal of IMPORT-EMPLOYEES carries the same rows). */
export interface ImportResult {
  rows: number;
  errors: ImportRowError[];
  imported: number;
}
/** POST /api/client/managerolestatus: change a user's role and/or status. */
export const ZManageRoleStatusRequest = z.object({
  case: z.literal('UPDATE-ROLE-STATUS').default('UPDATE-ROLE-STATUS'),
  employeeId: id(),
  roleId: z.coerce
    .number()
    .int()
    .refine((r) => ORGANIZATION_ROLES.includes(r), ManagementKey.Role)
    .optional(),
  statusId: ZStatusId.optional(),
});

// ---------------------------------------------------------------------------------------------
// Address lookup (ours: issue 4 "coordinates chosen on a map or from the address")

/**
 * POST /api/client/geocode (roles 2 and 12) and /api/admin/geocode (role 1). GEOCODER-STATUS:
 * whether the server has a geocoder (GEOCODER_URL). GEOCODE-ADDRESS: the places matching a
 * free-text address, best first (at most GEOCODE_MAX_RESULTS). Without a geocoder
 * GEOCODE-ADDRESS answers 404 management.errors.geocoderOff; a failing geocoder answers 502
 * management.errors.geocoderFailed.
 */
export const ZGeocodeRequest = z.discriminatedUnion('case', [
  z.object({ case: z.literal('GEOCODER-STATUS') }),
  z.object({ case: z.literal('GEOCODE-ADDRESS'), address: reqText(500) }),
]);
export type GeocodeRequest = z.input<typeof ZGeocodeRequest>;
/** Most places a GEOCODE-ADDRESS answer lists. */
export const GEOCODE_MAX_RESULTS = 5;
/** One place found for an address: WGS84 degrees rounded to 6 decimals (about 0.1 m). */
export interface GeocodeResult {
  Latitude: number;
  Longitude: number;
  DisplayName: string;
}
/** Answer body of the geocode call: `results` only for GEOCODE-ADDRESS (possibly empty). */
export interface GeocodeBody {
  configured: boolean;
  results?: GeocodeResult[];
}

/** A coordinate rounded to 6 decimals (about 0.1 m), as the map picker and the geocoder store it. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
