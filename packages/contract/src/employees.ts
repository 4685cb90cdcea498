/**
 * Employees: the users of an organisation and their offices (spec §3 User, User.WorksIn; §4
 * statuses; §5 validation and Employee import; §7 "Employees and profile": getallemployees,
 * getemployee, manageemployees, managerolestatus, and the admin's getallemployees and
 * manageemployees). The account side of a user (activation, reset, temporary password) is in
 * account.ts.
 */
import { z } from 'zod';
import { ValidationKey as V } from './errors.js';
import {
  ManagementKey,
  ZListPaging,
  ZOptionalPhone,
  ZStatusId,
  idList,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  ZPostalAddress,
} from './fields.js';
import { ZResendActivationRequest, ZSendTemporaryPasswordCase } from './account.js';
import { INT16_MAX, zId, zInteger } from './numbers.js';
import { isEmailAddress } from './email.js';
import { KNOWN_OPERATORS } from './branches.js';
import { envelopeOf, ZErrorEnvelope, ZOkEnvelope } from './envelope.js';

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
  /** A cell longer than IMPORT_CELL_MAX or holding a NUL / lone surrogate. */
  Cell: 'management.import.cell',
} as const;

/** Longest CSV import cell, characters (checked before any other rule of the cell). */
export const IMPORT_CELL_MAX = 300;

// ---------------------------------------------------------------------------------------------
// Read side

/** POST /api/client/getallemployees and /api/admin/getallemployees (GET-ALL-EMPLOYEES; spec §7: body.personobject). */
export const ZGetAllEmployeesRequest = z.object({
  case: z.literal('GET-ALL-EMPLOYEES'),
  organizationId: optionalId(),
  roleId: zId().optional(),
  statusId: ZStatusId.optional(),
  regionalOfficeId: zId().optional(),
  branchOfficeId: zId().optional(),
  ...ZListPaging,
});
/** POST /api/client/getemployee {employeeId, case GET-EMPLOYEE-BY-ID} (spec §7: body.personobject). */
export const ZGetEmployeeRequest = z.object({ case: z.literal('GET-EMPLOYEE-BY-ID'), employeeId: requiredId() });
/** POST /api/client/getbranchemployees (spec §7 Offices and organisations): the people working at a branch or its region. */
export const ZGetBranchEmployeesRequest = z.object({ param_branchid: requiredId() });
/** A person of getbranchemployees `body.userobject`: who works at the branch (WorksIn the branch or its region). */
export const ZBranchEmployeeRow = z.strictObject({
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  RoleId: z.number(),
  RoleNameDisplay: z.string(),
  StatusId: z.number(),
  Status: z.string(),
});
export type BranchEmployeeRow = z.output<typeof ZBranchEmployeeRow>;

/** One WorksIn assignment (spec §3 User.WorksIn). */
export const ZWorksInEntry = z.strictObject({
  RegionalOfficeId: z.number().nullable(),
  RegionalOfficeName: z.string().nullable(),
  BranchOfficeId: z.number().nullable(),
  BranchOfficeName: z.string().nullable(),
  SecurityOfficeId: z.number().nullable(),
  SecurityOfficeName: z.string().nullable(),
  /** Zone abbreviation of the office now. */
  OfficeDst: z.string().nullable(),
});
export type WorksInEntry = z.output<typeof ZWorksInEntry>;
/** An employee row (spec §3 User, the list columns). */
export const ZEmployeeRow = ZPostalAddress.extend({
  UserId: z.number(),
  Name: z.string(),
  Surname: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  Number: z.string().nullable(),
  RoleId: z.number(),
  RoleNameDisplay: z.string(),
  StatusId: z.number(),
  Status: z.string(),
  OrganizationId: z.number().nullable(),
  OrganizationName: z.string().nullable(),
  /** UTC ISO instant, or null if never. */
  LastLogin: z.string().nullable(),
  /** Zone of the first office the user works in (LastLogin is shown there), else UTC. */
  OfficeTimeZone: z.string(),
  WorksIn: z.array(ZWorksInEntry),
  LangId: z.string(),
  GeofenceValidation: z.boolean(),
  /** The user's SMS operator (spec §3 User CarrierInfo), chosen from getknownoperators; null when none. */
  CarrierInfo: z
    .strictObject({
      CarrierName: z.string(),
      CarrierDomain: z.string(),
    })
    .nullable(),
});
export type EmployeeRow = z.output<typeof ZEmployeeRow>;

// ---------------------------------------------------------------------------------------------
// Write side

/** Roles an organisation's employees may have (not the platform admin, dealers or security-office staff; spec §6). */
export const ORGANIZATION_ROLES: readonly number[] = [2, 6, 7, 9, 10, 11, 13];
/** Security officer (5) and operator (8): only the platform admin adds them, to security offices (issue 15 tests give an organisation its own operators). */
export const SECURITY_OFFICE_STAFF_ROLES: readonly number[] = [5, 8];
/** Languages a user may have (spec §3 LangId). */
export const USER_LANGUAGES = ['en', 'sq'] as const;

/** Employee form (spec §3 User: the data fields and WorksIn; §5 validation). */
export const ZEmployeeDetails = z.object({
  name: requiredText(100),
  surname: requiredText(100),
  email: z
    .string()
    .trim()
    .min(1, V.Required)
    .max(200, V.Max)
    .refine((v) => isEmailAddress(v), V.Email),
  phoneNumber: ZOptionalPhone,
  number: optionalText(50),
  /**
   * An organisation role; or a security-office role (5, 8: SECURITY_OFFICE_STAFF_ROLES) when the
   * platform admin adds the user to security offices monitoring the organisation (`securityOfficeIds`
   * not empty; the server answers 400 management.validation.role otherwise).
   */
  roleId: zInteger(1, INT16_MAX).refine(
    (r) => ORGANIZATION_ROLES.includes(r) || SECURITY_OFFICE_STAFF_ROLES.includes(r),
    ManagementKey.Role,
  ),
  langId: z.enum(USER_LANGUAGES).default('en'),
  statusId: ZStatusId.optional(),
  geofenceValidation: z.boolean().default(false),
  address: optionalText(300),
  city: optionalText(),
  state: optionalText(),
  zipCode: optionalText(20),
  country: optionalText(),
  /**
   * CarrierInfo (spec §3 User): the Brand of one of KNOWN_OPERATORS (getknownoperators, §3
   * Operator); '' or absent for none. The server stores the brand and its SmsDomain.
   */
  carrierName: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || KNOWN_OPERATORS.some((o) => o.Brand === v), ManagementKey.Carrier),
  regionalOfficeIds: idList(),
  branchOfficeIds: idList(),
  securityOfficeIds: idList(),
  /** Send the activation e-mail to a new (or re-addressed) user. */
  sendEmail: z.boolean().default(true),
});
export type EmployeeDetails = z.input<typeof ZEmployeeDetails>;
export type EmployeeValues = z.output<typeof ZEmployeeDetails>;
/** manageemployees ADD-EMPLOYEE (version new; spec §7); organizationId: the dealer's selected organisation (admin: required). */
export const ZAddEmployeeRequest = ZEmployeeDetails.extend({
  case: z.literal('ADD-EMPLOYEE'),
  version: z.literal('new').default('new'),
  organizationId: optionalId(),
});
/** manageemployees UPDATE-EMPLOYEE (version new; spec §7). */
export const ZUpdateEmployeeRequest = ZEmployeeDetails.extend({
  case: z.literal('UPDATE-EMPLOYEE'),
  version: z.literal('new').default('new'),
  employeeId: requiredId(),
});
/** Largest employee import file accepted, in characters. */
export const IMPORT_MAX_CHARS = 5_000_000;
/** manageemployees IMPORT-EMPLOYEES-PREVIEW: checks a CSV file (spec §5 Employee import) and imports nothing. */
export const ZImportEmployeesPreviewRequest = z.object({
  case: z.literal('IMPORT-EMPLOYEES-PREVIEW'),
  csv: z.string().max(IMPORT_MAX_CHARS, V.Max),
  organizationId: optionalId(),
});
/** manageemployees IMPORT-EMPLOYEES: imports a clean CSV file (spec §5 Employee import). */
export const ZImportEmployeesRequest = z.object({
  case: z.literal('IMPORT-EMPLOYEES'),
  csv: z.string().max(IMPORT_MAX_CHARS, V.Max),
  organizationId: optionalId(),
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
export const ZImportRowError = z.strictObject({
  Line: z.number(),
  Errors: z.array(
    z.strictObject({
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type ImportRowError = z.output<typeof ZImportRowError>;
/** Answer body of the import calls (the refusal of IMPORT-EMPLOYEES carries the same rows). */
export const ZImportResult = z.strictObject({
  rows: z.number(),
  errors: z.array(ZImportRowError),
  imported: z.number(),
});
export type ImportResult = z.output<typeof ZImportResult>;

/**
 * POST /api/client/manageemployees body: a discriminated union on `case` (spec §7):
 * RESEND-ACTIVATION and SEND-TEMPORARY-PASSWORD (account.ts), ADD-EMPLOYEE, UPDATE-EMPLOYEE and the CSV import (preview and import).
 */
export const ZManageEmployeesRequest = z.discriminatedUnion('case', [
  ZResendActivationRequest,
  ZSendTemporaryPasswordCase,
  ZAddEmployeeRequest,
  ZUpdateEmployeeRequest,
  ZImportEmployeesPreviewRequest,
  ZImportEmployeesRequest,
]);

/** POST /api/client/managerolestatus and /api/admin/managerolestatus: change a user's role and/or status (spec §7; §4). */
export const ZManageRoleStatusRequest = z.object({
  case: z.literal('UPDATE-ROLE-STATUS').default('UPDATE-ROLE-STATUS'),
  employeeId: requiredId(),
  roleId: z.coerce
    .number()
    .int()
    .refine((r) => ORGANIZATION_ROLES.includes(r), ManagementKey.Role)
    .optional(),
  statusId: ZStatusId.optional(),
});

// ---------------------------------------------------------------------------------------------
// Answer bodies of the routes (each route's schema.response is envelopeOf(body); docs/API.md)

/** Answer body of POST /api/client/getallemployees, POST /api/admin/getallemployees. */
export const ZGetallemployeesBody = z.strictObject({ personobject: z.array(ZEmployeeRow), total: z.number() });
export type GetallemployeesBody = z.output<typeof ZGetallemployeesBody>;

/** Answer body of POST /api/client/getemployee. */
export const ZGetemployeeBody = z.strictObject({ personobject: ZEmployeeRow });
export type GetemployeeBody = z.output<typeof ZGetemployeeBody>;

/** Answer body of POST /api/client/getbranchemployees. */
export const ZGetbranchemployeesBody = z.strictObject({ userobject: z.array(ZBranchEmployeeRow) });
export type GetbranchemployeesBody = z.output<typeof ZGetbranchemployeesBody>;

/**
 * Answer body of POST /api/client/manageemployees and /api/admin/manageemployees with a body:
 * ADD-EMPLOYEE and UPDATE-EMPLOYEE `{personobject}` (the saved row); IMPORT-EMPLOYEES-PREVIEW and
 * IMPORT-EMPLOYEES the import result (rows counted, refused rows, rows imported).
 */
export const ZManageemployeesBody = z.union([ZGetemployeeBody, ZImportResult]);
export type ManageemployeesBody = z.output<typeof ZManageemployeesBody>;

/**
 * The refusal of an unclean IMPORT-EMPLOYEES (400 management.errors.importNotClean): the failure
 * envelope with the refused rows in `body` (nothing was imported).
 */
export const ZImportRefusedEnvelope = ZErrorEnvelope.extend({ body: ZImportResult });

/**
 * schema.response of manageemployees (both areas): 200 `{success, description?, body}` for the
 * cases with a body, `{success, description}` for RESEND-ACTIVATION and SEND-TEMPORARY-PASSWORD;
 * 4xx the failure envelope, or {@link ZImportRefusedEnvelope} for an unclean import.
 */
export const ManageemployeesResponses = {
  200: z.union([envelopeOf(ZManageemployeesBody), ZOkEnvelope]),
  '4xx': z.union([ZErrorEnvelope, ZImportRefusedEnvelope]),
} as const;

/** Answer body of POST /api/client/managerolestatus and /api/admin/managerolestatus: the changed user's row. */
export const ZManagerolestatusBody = ZGetemployeeBody;
export type ManagerolestatusBody = z.output<typeof ZManagerolestatusBody>;
/** A 200 answer of manageemployees as the server's service returns it. */
export type ManageemployeesAnswer = z.output<(typeof ManageemployeesResponses)[200]>;
