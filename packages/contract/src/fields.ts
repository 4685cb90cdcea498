/**
 * Field groups and field rules shared by several features (spec §3 entities, §4 statuses, §5
 * validation): postal address and office contact, contact persons, week schedules, holidays and
 * timers, paging, and the zod rules of phone numbers, e-mails, time zones and times of day. The
 * feature files (organizations, security-offices, regions, head-office, branches, employees) build
 * their forms from these, so a field's rule and its catalogue message are written once.
 */
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ValidationKey as V } from './errors.js';
import { INT32_MAX, toDecimalInput, toNumberInput, zId, zInteger, zOffset } from './numbers.js';
import { zDay } from './dates.js';
import { isEmailAddress } from './email.js';
import { isStorableText, zText } from './text.js';

/** Default region for phone numbers without a country code (spec §5). */
export const DEFAULT_PHONE_REGION = 'US';

/** Catalogue keys of the management messages (packages/i18n `management.*`), shared by the office, employee and geocoding forms. */
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
  /** A CarrierInfo brand that is not one of getknownoperators' operators. */
  Carrier: 'management.validation.carrier',
  ActivationRequired: 'management.errors.activationRequired',
  ImportNotClean: 'management.errors.importNotClean',
  ImportColumns: 'management.errors.importColumns',
  ImportEmpty: 'management.errors.importEmpty',
  EmployeeSaved: 'management.messages.employeeSaved',
  EmployeesImported: 'management.messages.employeesImported',
  GeocoderOff: 'management.errors.geocoderOff',
  GeocoderFailed: 'management.errors.geocoderFailed',
} as const;

/** E.164 form of a phone number (US default region), or null when it is not a valid number (spec §5). */
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

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Required text (trimmed), at most `max` characters. */
export const requiredText = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, V.Required)
    .max(max, V.Max)
    .refine((v) => v.length > max || isStorableText(v), V.Formatted);
/** Optional text: '' or absent means none. */
export const optionalText = (max = 200) => zText(max).optional().nullable();
/** Optional phone number, any format libphonenumber-js reads (US default; spec §5). */
export const ZOptionalPhone = z
  .string()
  .trim()
  .max(40, V.Max)
  .optional()
  .nullable()
  .refine((v) => !v || (v.length <= 40 && toE164(v) !== null), ManagementKey.Phone);
/** Optional e-mail address (spec §5). */
export const ZOptionalEmail = z
  .string()
  .trim()
  .max(200, V.Max)
  .optional()
  .nullable()
  .refine((v) => !v || isEmailAddress(v), V.Email);
/** Optional number within [min, max]; '' and null mean none. */
const optNumber = (min: number, max: number) =>
  z
    .preprocess(
      // Coordinates are decimals: decimal text is read as a number.
      (v) => (v === '' || v == null ? null : toDecimalInput(v)),
      z.number(V.Formatted).min(min, ManagementKey.Coordinates).max(max, ManagementKey.Coordinates).nullable(),
    )
    .optional();
/** A required id (numbers or numeric text). */
export const requiredId = () => zId();
/** An optional id; '' and null mean none. */
export const optionalId = () =>
  z
    .preprocess(
      (v) => (v === '' || v == null ? null : toNumberInput(v)),
      z.number(V.Formatted).int(V.Formatted).positive(V.Formatted).max(INT32_MAX, V.Formatted).nullable(),
    )
    .optional();
/** A list of ids (at most 1,000), empty by default. */
export const idList = () => z.array(zId()).max(1000).default([]);
/** Integer within bounds. */
export const intRange = (min: number, max: number) => zInteger(min, max);
/** StatusId 1 Active, 2 Pending, 3 Inactive (spec §4). */
export const ZStatusId = zInteger(1, 3);
/** IANA time zone (spec §3 TimeZone). */
export const ZTimeZone = z
  .string()
  .trim()
  .min(1, V.Required)
  .max(64, V.Max)
  .refine((v) => v.length <= 64 && isTimeZone(v), ManagementKey.TimeZone);
/** Branch-local time of day, HH:MM (spec §3 schedules). */
export const ZTimeOfDay = z
  .string()
  .max(20, ManagementKey.Time)
  .refine((v) => v.length <= 20 && TIME_RE.test(v.trim()), ManagementKey.Time)
  .transform((v) => v.trim());

/** Paging, search and CSV export shared by every list call (spec §7 "optional format csv"). */
export const ZListPaging = {
  search: z.string().trim().max(200).optional(),
  offset: zOffset().default(0),
  limit: zInteger(1, 1000).default(25),
  /** 'csv': the whole filtered list streamed as a CSV file instead of a page. */
  format: z.literal('csv').optional(),
};

/** Address and coordinates of a form (spec §3 address fields, Latitude, Longitude; WGS 84 degrees). */
export const addressFields = {
  address: optionalText(300),
  city: optionalText(),
  state: optionalText(),
  zipCode: optionalText(20),
  country: optionalText(),
  latitude: optNumber(-90, 90),
  longitude: optNumber(-180, 180),
};

/** Primary and secondary contact of a form (spec §3 Head office, Organisation). */
export const contactFields = {
  primaryContactName: optionalText(),
  primaryContactSurname: optionalText(),
  primaryContactEmail: ZOptionalEmail,
  primaryContactPhone: ZOptionalPhone,
  secondaryContactName: optionalText(),
  secondaryContactSurname: optionalText(),
  secondaryContactEmail: ZOptionalEmail,
  secondaryContactPhone: ZOptionalPhone,
};

/** A postal address as rows carry it (spec §3: Address, City, State, ZipCode, Country). */
export const ZPostalAddress = z.strictObject({
  Address: z.string().nullable(),
  City: z.string().nullable(),
  State: z.string().nullable(),
  ZipCode: z.string().nullable(),
  Country: z.string().nullable(),
});
export type PostalAddress = z.output<typeof ZPostalAddress>;

/** Where an office is and how to reach it: its address, phone, e-mail and WGS 84 coordinates (degrees; spec §3). */
export const ZOfficeContact = ZPostalAddress.extend({
  PhoneNumber: z.string().nullable(),
  Email: z.string().nullable(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
});
export type OfficeContact = z.output<typeof ZOfficeContact>;

/** A contact person (spec §3 Head office, Organisation: primary and secondary contact). */
export const ZContact = z.strictObject({
  Name: z.string().nullable(),
  Surname: z.string().nullable(),
  Email: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
});
export type Contact = z.output<typeof ZContact>;

/** A page of a list call: rows and the total count of matches. */
export interface ListPage<R> {
  rows: R[];
  total: number;
}

// ---------------------------------------------------------------------------------------------
// Schedules (branches, regional offices and the head office)

/** One open weekday of a week schedule (ISO weekday 1 = Monday … 7 = Sunday; spec §3 WeekSchedule). */
export const ZWeekScheduleDay = z.object({ weekday: zInteger(1, 7), opensAt: ZTimeOfDay, closesAt: ZTimeOfDay });
export type WeekScheduleDay = z.infer<typeof ZWeekScheduleDay>;
/** One holiday (branch-local date; spec §3 HolidaysTemplate). */
export const ZHoliday = z.object({ day: zDay(V.DateFormat), name: requiredText(100) });
export type Holiday = z.infer<typeof ZHoliday>;
/** Timers (minutes) and auto-close time (spec §3 Opening, Closing, Servicing, AutoCloseTime). */
export const ZTimers = z.object({
  openingTimer: intRange(0, 1440),
  closingTimer: intRange(0, 1440),
  servicingTimer: intRange(0, 1440),
  autoCloseTime: z.union([z.literal(''), z.null(), ZTimeOfDay]).optional(),
});
export type Timers = z.infer<typeof ZTimers>;
/** One open weekday as detail answers carry it (the stored form of {@link ZWeekScheduleDay}: trimmed HH:MM). */
export const ZWeekScheduleDayRow = z.strictObject({ weekday: z.number(), opensAt: z.string(), closesAt: z.string() });
/** One holiday as detail answers carry it (YYYY-MM-DD, its name). */
export const ZHolidayRow = z.strictObject({ day: z.string(), name: z.string() });

/** Week schedule, holidays and timers (minutes) of an office as the detail calls return them (spec §3). */
export const ZOfficeSchedule = z.strictObject({
  WeekSchedule: z.array(ZWeekScheduleDayRow),
  HolidaysTemplate: z.array(ZHolidayRow),
  Opening: z.number(),
  Closing: z.number(),
  Servicing: z.number(),
  AutoCloseTime: z.string().nullable(),
});
export type OfficeSchedule = z.output<typeof ZOfficeSchedule>;
