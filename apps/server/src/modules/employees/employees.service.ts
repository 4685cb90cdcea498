/**
 * Employee writes (spec §3 User, §4 Pending / reactivation, §5 Employee import, §7 manageemployees
 * ADD-EMPLOYEE, UPDATE-EMPLOYEE, managerolestatus), shared by the client calls (roles 2 and 12,
 * their organisation) and the platform admin calls (any organisation). WorksIn targets must belong
 * to the user's organisation (security offices: those monitoring it); users outside the caller's
 * scope answer 404. Every change is audited with before and after (never secrets).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parse, type Options as CsvParseOptions } from 'csv-parse';
import type { z } from 'zod';
import {
  AccountKey,
  ErrorCode,
  IMPORT_COLUMNS,
  KNOWN_OPERATORS,
  ImportKey,
  ManagementKey,
  SECURITY_OFFICE_STAFF_ROLES,
  ORGANIZATION_ROLES,
  ROLES,
  RoleId,
  StatusId,
  toE164,
  type ManageemployeesAnswer,
  type EmployeeRow,
  type EmployeeValues,
  type ImportResult,
  type ImportRowError,
  type ZManageEmployeesRequest,
  IMPORT_CELL_MAX,
  isEmailAddress,
  isStorableText,
} from '@vigil/contract';
import { translate, type Language } from '@vigil/i18n';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  branchOffices,
  offices,
  OfficeType,
  organizationSecurityOffices,
  securityOffices,
  users,
  worksIn,
} from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../plugins/session.js';
import { writeAudit } from '../audit/audit.service.js';
import { issueActivation, sendTemporaryPassword } from '../account/account.service.js';
import { assertCanManage, manageableUser, targetOrganization } from '../../plugins/authorization.js';
import { endUserSessions } from '../../plugins/session.js';
import { normalize, withConflicts } from '../../lib/writes.js';
import { listEmployees } from './employees.repository.js';

type AppLike = Pick<FastifyInstance, 'config' | 'db'>;
/** Who acts: a client session (roles 2/12) or the platform admin (any organisation). */
export interface Actor {
  auth: AuthContext;
  admin: boolean;
  origin?: string;
  ip?: string | null;
}
type WorksInIds = Pick<EmployeeValues, 'regionalOfficeIds' | 'branchOfficeIds' | 'securityOfficeIds'>;

/** Most rows one import file may have. */
export const IMPORT_MAX_ROWS = 5000;

/** Body limit of the manageemployees calls, bytes (the CSV import of up to IMPORT_MAX_ROWS rows travels in the JSON body). */
/** Characters of an import file parsed between two turns of the event loop. */
const IMPORT_CHARS_PER_SLICE = 32 * 1024;

/**
 * csv-parse over `csv` in slices of IMPORT_CHARS_PER_SLICE, yielding to the event loop between
 * them, so a megabyte file never holds up other requests (issue 12 finding 1). The records are
 * those csv-parse gives for the whole text. @throws csv-parse's error for malformed CSV.
 */
async function parseSliced(csv: string, options: CsvParseOptions): Promise<unknown[]> {
  const parser = parse(options);
  const records: unknown[] = [];
  parser.on('readable', () => {
    for (let r: unknown; (r = parser.read()) !== null;) records.push(r);
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  let failed = false;
  parser.on('error', () => (failed = true));
  for (let i = 0; i < csv.length && !failed;) {
    let end = Math.min(csv.length, i + IMPORT_CHARS_PER_SLICE);
    // Never split a surrogate pair between two slices.
    const last = csv.charCodeAt(end - 1);
    if (end < csv.length && last >= 0xd800 && last <= 0xdbff) end--;
    parser.write(csv.slice(i, end));
    i = end;
    await new Promise((resolve) => setImmediate(resolve));
  }
  parser.end();
  await done;
  return records;
}

/** Rows of an import checked between two turns of the event loop. */
const IMPORT_ROWS_PER_SLICE = 200;

export const IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

/** 403 unless the actor may write employees (platform admin, organisation admin, dealer). */
function assertActor(a: Actor): void {
  if (a.admin) {
    if (a.auth.roleId !== RoleId.PlatformAdmin) throw forbidden();
  } else assertCanManage(a.auth);
}

/**
 * 400 management.validation.role for a security-office role (5, 8) unless the platform admin
 * gives the user at least one security office (which must monitor the organisation).
 */
function assertRoleAllowed(a: Actor, d: { roleId: number; securityOfficeIds: number[] }): void {
  if (SECURITY_OFFICE_STAFF_ROLES.includes(d.roleId) && (!a.admin || d.securityOfficeIds.length === 0))
    throw badRequest(ManagementKey.Role, 'roleId');
}

/** The organisation a new employee (or import) goes to. */
async function organizationFor(db: Db, a: Actor, requested: number | null | undefined): Promise<number> {
  if (!a.admin) return targetOrganization(db, a.auth, requested);
  if (!requested) throw badRequest(ManagementKey.OrganizationRequired, 'organizationId');
  return requested;
}

/** The user `employeeId` if the actor may manage it, else 404. */
async function targetUser(db: Db, a: Actor, employeeId: number) {
  if (!a.admin) await manageableUser(db, a.auth, employeeId);
  const [u] = await db.select().from(users).where(eq(users.id, employeeId)).limit(1);
  if (!u || u.roleId === RoleId.PlatformAdmin || u.organizationId == null) throw notFound();
  return u;
}

/** 404 unless every WorksIn target belongs to the organisation (security offices: monitoring it). */
async function assertWorksIn(db: Db, organizationId: number, w: WorksInIds): Promise<void> {
  const uniq = (l: number[]) => [...new Set(l)];
  const check = async (ids: number[], count: () => Promise<number>) => {
    if (ids.length && (await count()) !== ids.length) throw notFound();
  };
  const regions = uniq(w.regionalOfficeIds);
  const branches = uniq(w.branchOfficeIds);
  const sos = uniq(w.securityOfficeIds);
  await check(
    regions,
    async () =>
      (
        await db
          .select({ id: offices.id })
          .from(offices)
          .where(
            and(
              inArray(offices.id, regions),
              eq(offices.organizationId, organizationId),
              eq(offices.officeTypeId, OfficeType.RegionalOffice),
            ),
          )
      ).length,
  );
  await check(
    branches,
    async () =>
      (
        await db
          .select({ id: branchOffices.id })
          .from(branchOffices)
          .where(and(inArray(branchOffices.id, branches), eq(branchOffices.organizationId, organizationId)))
      ).length,
  );
  await check(
    sos,
    async () =>
      (
        await db
          .select({ id: organizationSecurityOffices.securityOfficeId })
          .from(organizationSecurityOffices)
          .where(
            and(inArray(organizationSecurityOffices.securityOfficeId, sos), eq(organizationSecurityOffices.organizationId, organizationId)),
          )
      ).length,
  );
}

/** WorksIn rows of a user. */
function worksInRows(userId: number, w: WorksInIds) {
  return [
    ...[...new Set(w.regionalOfficeIds)].map((id) => ({ userId, regionalOfficeId: id })),
    ...[...new Set(w.branchOfficeIds)].map((id) => ({ userId, branchOfficeId: id })),
    ...[...new Set(w.securityOfficeIds)].map((id) => ({ userId, securityOfficeId: id })),
  ];
}

/** The user's columns of a form (phone in E.164, '' → null). */
function columnsOf(d: EmployeeValues) {
  return normalize({
    name: d.name,
    surname: d.surname,
    email: d.email,
    phoneNumber: d.phoneNumber ?? null,
    number: d.number ?? null,
    roleId: d.roleId,
    langId: d.langId,
    geofenceValidation: d.geofenceValidation,
    address: d.address ?? null,
    city: d.city ?? null,
    state: d.state ?? null,
    zipCode: d.zipCode ?? null,
    country: d.country ?? null,
    ...carrierColumns(d.carrierName),
  });
}

/** CarrierInfo columns of a brand of KNOWN_OPERATORS (the contract has checked it); none → nulls. */
function carrierColumns(brand: string | undefined): { carrierName: string | null; carrierDomain: string | null } {
  const operator = brand ? KNOWN_OPERATORS.find((o) => o.Brand === brand) : undefined;
  return { carrierName: operator?.Brand ?? null, carrierDomain: operator?.SmsDomain ?? null };
}

/** What the audit log keeps of a user (no secrets). */
async function snapshot(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return null;
  const w = await db.select().from(worksIn).where(eq(worksIn.userId, userId));
  return {
    name: u.name,
    surname: u.surname,
    email: u.email,
    phoneNumber: u.phoneNumber,
    number: u.number,
    roleId: u.roleId,
    langId: u.langId,
    statusId: u.statusId,
    geofenceValidation: u.geofenceValidation,
    address: u.address,
    city: u.city,
    state: u.state,
    zipCode: u.zipCode,
    country: u.country,
    carrierName: u.carrierName,
    organizationId: u.organizationId,
    regionalOfficeIds: w.flatMap((x) => (x.regionalOfficeId ? [x.regionalOfficeId] : [])),
    branchOfficeIds: w.flatMap((x) => (x.branchOfficeId ? [x.branchOfficeId] : [])),
    securityOfficeIds: w.flatMap((x) => (x.securityOfficeId ? [x.securityOfficeId] : [])),
  };
}

/** The employee row as the list calls present it. */
async function employeeRow(db: Db, userId: number): Promise<EmployeeRow> {
  const page = await listEmployees(db, null, { employeeId: userId, offset: 0, limit: 1, count: false });
  return page.rows[0]!;
}

/**
 * Status change rule: Pending is reached only by adding a user or changing its email, and left
 * only by activation. @throws 400 management.errors.activationRequired (field statusId).
 */
function nextStatus(current: number, requested: number | undefined): number {
  if (requested == null || requested === current) return current;
  if (requested === StatusId.Pending || (current === StatusId.Pending && requested === StatusId.Active))
    throw badRequest(ManagementKey.ActivationRequired, 'statusId');
  return requested;
}

/** ADD-EMPLOYEE: a Pending user in the organisation with its WorksIn; the activation mail when sendEmail. */
export async function addEmployee(
  app: AppLike,
  a: Actor,
  d: EmployeeValues & { organizationId?: number | null | undefined },
): Promise<EmployeeRow> {
  assertActor(a);
  assertRoleAllowed(a, d);
  const organizationId = await organizationFor(app.db, a, d.organizationId);
  await assertWorksIn(app.db, organizationId, d);
  const id = await withConflicts(() =>
    app.db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ ...columnsOf(d), organizationId, statusId: StatusId.Pending })
        .returning({ id: users.id });
      const w = worksInRows(u!.id, d);
      if (w.length) await tx.insert(worksIn).values(w);
      await writeAudit(tx, {
        actorUserId: a.auth.userId,
        action: 'add-employee',
        entity: 'users',
        entityId: u!.id,
        ip: a.ip ?? null,
        after: await snapshot(tx, u!.id),
      });
      return u!.id;
    }),
  );
  if (d.sendEmail) await issueActivation(app, id, { origin: a.origin, actorUserId: a.auth.userId, ip: a.ip ?? null });
  return employeeRow(app.db, id);
}

/**
 * UPDATE-EMPLOYEE: the user's data and WorksIn. A new email makes the user Pending again, ends its
 * sessions and re-issues the activation (spec §4 "Changing a user's email requires reactivation").
 */
export async function updateEmployee(app: AppLike, a: Actor, d: EmployeeValues & { employeeId: number }): Promise<EmployeeRow> {
  assertActor(a);
  assertRoleAllowed(a, d);
  const current = await targetUser(app.db, a, d.employeeId);
  await assertWorksIn(app.db, current.organizationId!, d);
  const emailChanged = current.email.toLowerCase() !== d.email.trim().toLowerCase();
  const statusId = emailChanged ? StatusId.Pending : nextStatus(current.statusId, d.statusId);
  await withConflicts(() =>
    app.db.transaction(async (tx) => {
      const before = await snapshot(tx, current.id);
      await tx
        .update(users)
        .set({ ...columnsOf(d), statusId, updatedAt: new Date() })
        .where(eq(users.id, current.id));
      await tx.delete(worksIn).where(eq(worksIn.userId, current.id));
      const w = worksInRows(current.id, d);
      if (w.length) await tx.insert(worksIn).values(w);
      if (statusId !== StatusId.Active && current.statusId === StatusId.Active) await endUserSessions(tx, current.id);
      await writeAudit(tx, {
        actorUserId: a.auth.userId,
        action: 'update-employee',
        entity: 'users',
        entityId: current.id,
        ip: a.ip ?? null,
        before,
        after: { ...(await snapshot(tx, current.id)), emailChanged },
      });
    }),
  );
  if (emailChanged) await issueActivation(app, current.id, { origin: a.origin, actorUserId: a.auth.userId, ip: a.ip ?? null });
  return employeeRow(app.db, current.id);
}

/** managerolestatus: a user's role and/or status (same scope and status rules). */
export async function changeRoleStatus(
  app: AppLike,
  a: Actor,
  d: { employeeId: number; roleId?: number | undefined; statusId?: number | undefined },
): Promise<EmployeeRow> {
  assertActor(a);
  const current = await targetUser(app.db, a, d.employeeId);
  const statusId = nextStatus(current.statusId, d.statusId);
  const roleId = d.roleId ?? current.roleId;
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ roleId, statusId, updatedAt: new Date() }).where(eq(users.id, current.id));
    if (statusId !== StatusId.Active && current.statusId === StatusId.Active) await endUserSessions(tx, current.id);
    await writeAudit(tx, {
      actorUserId: a.auth.userId,
      action: 'update-role-status',
      entity: 'users',
      entityId: current.id,
      ip: a.ip ?? null,
      before: { roleId: current.roleId, statusId: current.statusId },
      after: { roleId, statusId },
    });
  });
  return employeeRow(app.db, current.id);
}

/**
 * RESEND-ACTIVATION: a new activation link for a Pending user (earlier links stop working). The
 * client asks for a user it may manage (manageableUser), the platform admin for any organisation's.
 * @throws 404 for a user outside that scope or not Pending.
 */
export async function resendActivation(app: AppLike, a: Actor, employeeId: number): Promise<void> {
  let id: number;
  if (a.admin) {
    assertActor(a);
    const u = await targetUser(app.db, a, employeeId);
    if (u.statusId !== StatusId.Pending) throw notFound();
    id = u.id;
  } else {
    const u = await manageableUser(app.db, a.auth, employeeId);
    if (u.statusId !== StatusId.Pending) throw notFound();
    id = u.id;
  }
  await issueActivation(app, id, { origin: a.origin, actorUserId: a.auth.userId, ip: a.ip ?? null });
}

/**
 * SEND-TEMPORARY-PASSWORD: a temporary password mailed to an Active user (account's
 * sendTemporaryPassword: sessions ended, a change forced at the next sign-in). The client asks for
 * a user it may manage, the platform admin for any organisation's.
 * @throws 404 for a user outside that scope or not Active.
 */
export async function temporaryPassword(app: AppLike, a: Actor, employeeId: number): Promise<void> {
  assertActor(a);
  const u = a.admin ? await targetUser(app.db, a, employeeId) : await manageableUser(app.db, a.auth, employeeId);
  await sendTemporaryPassword(app, u.id, { actorUserId: a.auth.userId, origin: a.origin, ip: a.ip ?? null });
}

/**
 * The cases of manageemployees (spec §7; client or admin area per `a.admin`): the answer envelope
 * with its description in `lang`.
 * @throws ImportRefused for IMPORT-EMPLOYEES with a bad row (nothing is imported); the errors of
 * the case's service function otherwise.
 */
export async function manageEmployees(
  app: AppLike,
  a: Actor,
  body: z.output<typeof ZManageEmployeesRequest>,
  lang: Language,
): Promise<ManageemployeesAnswer> {
  const text = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, key, { product: app.config.productName, ...vars });
  switch (body.case) {
    case 'ADD-EMPLOYEE':
      return { success: true, description: text(ManagementKey.EmployeeSaved), body: { personobject: await addEmployee(app, a, body) } };
    case 'UPDATE-EMPLOYEE':
      return { success: true, description: text(ManagementKey.EmployeeSaved), body: { personobject: await updateEmployee(app, a, body) } };
    case 'IMPORT-EMPLOYEES-PREVIEW':
      return { success: true, body: await previewImport(app, a, body, lang) };
    case 'IMPORT-EMPLOYEES': {
      const result = await importEmployees(app, a, body, lang);
      return { success: true, description: text(ManagementKey.EmployeesImported, { count: result.imported }), body: result };
    }
    case 'RESEND-ACTIVATION':
      await resendActivation(app, a, body.employeeId);
      return { success: true, description: text(AccountKey.ActivationSent) };
    case 'SEND-TEMPORARY-PASSWORD':
      await temporaryPassword(app, a, body.employeeId);
      return { success: true, description: text(AccountKey.TemporaryPasswordSent) };
  }
}

// ---------------------------------------------------------------------------------------------
// CSV import (spec §5 Employee import)

interface PreparedRow {
  line: number;
  name: string;
  surname: string;
  email: string;
  phoneNumber: string | null;
  roleId: number;
  sendEmail: boolean;
  regionalOfficeIds: number[];
  branchOfficeIds: number[];
  securityOfficeIds: number[];
}

const codes = (v: string) =>
  v
    .split(';')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);

/** Role of an import cell: its id, RoleName or RoleNameDisplay (organisation roles only). */
function importRole(v: string): number | null {
  const s = v.trim().toLowerCase();
  const r = ROLES.find((x) => String(x.Id) === s || x.RoleName.toLowerCase() === s || x.RoleNameDisplay.toLowerCase() === s);
  return r && ORGANIZATION_ROLES.includes(r.Id) ? r.Id : null;
}

/**
 * Checks an import file for an organisation: every bad row with its line number and messages
 * (in `lang`), and the rows ready to insert when there are none.
 * @throws 400 management.errors.importColumns (a column missing), importEmpty (no rows).
 */
export async function checkImport(
  db: Db,
  organizationId: number,
  csv: string,
  lang: Language,
): Promise<{ rows: PreparedRow[]; errors: ImportRowError[] }> {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = (await parseSliced(csv, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      relax_column_count: true,
    })) as typeof records;
  } catch (err) {
    const line = Number((err as { lines?: number }).lines ?? 1);
    return { rows: [], errors: [{ Line: line, Errors: [{ code: ErrorCode.BadRequest, message: translate(lang, ErrorCode.BadRequest) }] }] };
  }
  const first = records[0];
  if (!first) throw badRequest(ManagementKey.ImportEmpty, 'csv');
  const missing = IMPORT_COLUMNS.filter((c) => !(c.toLowerCase() in first.record));
  if (missing.length) throw new AppError(400, ManagementKey.ImportColumns, { columns: missing.join(', ') }, 'csv');
  if (records.length > IMPORT_MAX_ROWS) throw new AppError(400, ManagementKey.ImportEmpty, {}, 'csv');

  const byCode = <T extends { id: number; code: string }>(list: T[]) => new Map(list.map((x) => [x.code.trim().toLowerCase(), x.id]));
  const regionCodes = byCode(
    await db
      .select({ id: offices.id, code: offices.code })
      .from(offices)
      .where(and(eq(offices.organizationId, organizationId), eq(offices.officeTypeId, OfficeType.RegionalOffice))),
  );
  const branchCodes = byCode(
    await db
      .select({ id: branchOffices.id, code: branchOffices.code })
      .from(branchOffices)
      .where(eq(branchOffices.organizationId, organizationId)),
  );
  const soCodes = byCode(
    await db
      .select({ id: securityOffices.id, code: securityOffices.code })
      .from(securityOffices)
      .innerJoin(organizationSecurityOffices, eq(organizationSecurityOffices.securityOfficeId, securityOffices.id))
      .where(eq(organizationSecurityOffices.organizationId, organizationId)),
  );
  const fileEmails = [...new Set(records.map((r) => (r.record.email ?? '').trim().toLowerCase()).filter(Boolean))];
  const taken = new Set<string>();
  for (let i = 0; i < fileEmails.length; i += 1000) {
    const chunk = fileEmails.slice(i, i + 1000);
    for (const u of await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, chunk)))
      taken.add(u.email);
  }

  const seen = new Set<string>();
  const rows: PreparedRow[] = [];
  const errors: ImportRowError[] = [];
  for (const [index, { record: r, info }] of records.entries()) {
    // A large file is checked in slices: other requests (a panic among them) are served between them.
    if (index > 0 && index % IMPORT_ROWS_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    const errs: { code: string; vars?: Record<string, string> }[] = [];
    // Every cell is bounded and storable before any rule (pattern, phone parser) reads it.
    const bad = Object.values(r).some((v) => typeof v === 'string' && (v.length > IMPORT_CELL_MAX || !isStorableText(v)));
    const cell = (c: (typeof IMPORT_COLUMNS)[number]) => (bad ? '' : (r[c.toLowerCase()] ?? '').trim());
    if (bad) errs.push({ code: ImportKey.Cell });
    for (const c of ['Name', 'Surname', 'Email', 'Role'] as const)
      if (!bad && !cell(c)) errs.push({ code: ImportKey.Required, vars: { column: c } });
    const email = cell('Email');
    const lower = email.toLowerCase();
    if (email && !isEmailAddress(email)) errs.push({ code: ImportKey.Email });
    else if (email && taken.has(lower)) errs.push({ code: ImportKey.DuplicateEmail });
    else if (email && seen.has(lower)) errs.push({ code: ImportKey.DuplicateInFile });
    if (email) seen.add(lower);
    const phone = cell('Phone Number');
    const e164 = phone ? toE164(phone) : null;
    if (phone && !e164) errs.push({ code: ImportKey.Phone });
    const roleCell = cell('Role');
    const roleId = roleCell ? importRole(roleCell) : null;
    if (roleCell && roleId == null) errs.push({ code: ImportKey.Role });
    const lookup = (cellValue: string, map: Map<string, number>, code: string) => {
      const ids: number[] = [];
      for (const c of codes(cellValue)) {
        const id = map.get(c);
        if (id == null) {
          errs.push({ code });
          return [];
        }
        ids.push(id);
      }
      return ids;
    };
    const regionalOfficeIds = lookup(cell('Regional office code'), regionCodes, ImportKey.RegionalOffice);
    const branchOfficeIds = lookup(cell('Branch code'), branchCodes, ImportKey.Branch);
    const securityOfficeIds = lookup(cell('Security office code'), soCodes, ImportKey.SecurityOffice);
    const send = cell('Send Email').toLowerCase();
    if (send !== 'true' && send !== 'false') errs.push({ code: ImportKey.SendEmail });
    // info.lines is the line the record ends on (quoted cells may span lines).
    const line = info.lines;
    if (errs.length) {
      errors.push({ Line: line, Errors: errs.map((e) => ({ code: e.code, message: translate(lang, e.code, e.vars ?? {}) })) });
      continue;
    }
    rows.push({
      line,
      name: cell('Name'),
      surname: cell('Surname'),
      email,
      phoneNumber: e164,
      roleId: roleId!,
      sendEmail: send === 'true',
      regionalOfficeIds,
      branchOfficeIds,
      securityOfficeIds,
    });
  }
  return { rows, errors };
}

/** IMPORT-EMPLOYEES-PREVIEW: checks only. */
export async function previewImport(
  app: AppLike,
  a: Actor,
  d: { csv: string; organizationId?: number | null | undefined },
  lang: Language,
): Promise<ImportResult> {
  assertActor(a);
  const organizationId = await organizationFor(app.db, a, d.organizationId);
  const { rows, errors } = await checkImport(app.db, organizationId, d.csv, lang);
  return { rows: rows.length + errors.length, errors, imported: 0 };
}

/** The refusal of an unclean import: 400 with the row list. */
export class ImportRefused extends Error {
  constructor(public readonly result: ImportResult) {
    super('import refused');
  }
}

/**
 * IMPORT-EMPLOYEES: a clean file is inserted in one transaction (Pending users, WorksIn, one
 * audit row each); activations are issued afterwards where Send Email is true.
 * @throws ImportRefused when any row is bad (nothing is imported).
 */
export async function importEmployees(
  app: AppLike,
  a: Actor,
  d: { csv: string; organizationId?: number | null | undefined },
  lang: Language,
): Promise<ImportResult> {
  assertActor(a);
  const organizationId = await organizationFor(app.db, a, d.organizationId);
  const { rows, errors } = await checkImport(app.db, organizationId, d.csv, lang);
  if (errors.length) throw new ImportRefused({ rows: rows.length + errors.length, errors, imported: 0 });
  const created = await withConflicts(() =>
    app.db.transaction(async (tx) => {
      const out: { id: number; sendEmail: boolean }[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const ids = await tx
          .insert(users)
          .values(
            chunk.map((r) => ({
              organizationId,
              name: r.name,
              surname: r.surname,
              email: r.email,
              phoneNumber: r.phoneNumber,
              roleId: r.roleId,
              statusId: StatusId.Pending,
            })),
          )
          .returning({ id: users.id });
        const w = chunk.flatMap((r, j) => worksInRows(ids[j]!.id, r));
        if (w.length) await tx.insert(worksIn).values(w);
        await tx.insert(auditLog).values(
          chunk.map((r, j) => ({
            actorUserId: a.auth.userId,
            action: 'import-employee',
            entity: 'users',
            entityId: String(ids[j]!.id),
            ip: a.ip ?? null,
            before: null,
            after: {
              name: r.name,
              surname: r.surname,
              email: r.email,
              phoneNumber: r.phoneNumber,
              roleId: r.roleId,
              organizationId,
              statusId: StatusId.Pending,
              line: r.line,
              regionalOfficeIds: r.regionalOfficeIds,
              branchOfficeIds: r.branchOfficeIds,
              securityOfficeIds: r.securityOfficeIds,
            },
          })),
        );
        out.push(...chunk.map((r, j) => ({ id: ids[j]!.id, sendEmail: r.sendEmail })));
      }
      return out;
    }),
  );
  for (const c of created)
    if (c.sendEmail) await issueActivation(app, c.id, { origin: a.origin, actorUserId: a.auth.userId, ip: a.ip ?? null });
  return { rows: rows.length, errors: [], imported: created.length };
}
