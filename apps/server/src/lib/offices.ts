/**
 * Rows of the `offices` table — head offices and regional offices (spec §3 Office) — as the
 * head-office and regions modules both present and write them: the list row, the columns of the
 * details form and the unique-name rule (one name per organisation, case-insensitive).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { statusLabel, type OfficeRow } from '@vigil/contract';
import type { Db } from '../db/client.js';
import { offices } from '../db/schema/index.js';
import { zoneAbbreviationNow } from './time-zones.js';
import { conflict, normalize } from './writes.js';

export type OfficeSelect = typeof offices.$inferSelect;

/** The list row of an office (spec §7 getoffices officeobject). */
export function presentOffice(o: OfficeSelect, organizationName: string, branchCount: number): OfficeRow {
  return {
    Id: o.id,
    OrganizationId: o.organizationId,
    OrganizationName: organizationName,
    OfficeTypeId: o.officeTypeId,
    Name: o.name,
    Code: o.code,
    PhoneNumber: o.phoneNumber,
    Email: o.email,
    Address: o.address,
    City: o.city,
    State: o.state,
    ZipCode: o.zipCode,
    Country: o.country,
    Latitude: o.latitude,
    Longitude: o.longitude,
    TimeZone: o.timeZone,
    Dst: zoneAbbreviationNow(o.timeZone),
    StatusId: o.statusId,
    Status: statusLabel(o.statusId),
    BranchCount: branchCount,
  };
}

/** The details form of an office (regional add/update, head office update). */
export interface OfficeDetailsIn {
  name: string;
  code: string;
  phoneNumber?: string | null | undefined;
  email?: string | null | undefined;
  address?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  zipCode?: string | null | undefined;
  country?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  timeZone: string;
  statusId: number;
}

/** Column values of an office's details. @throws 400 management.errors.phone for an invalid phone. */
export function officeColumns(d: OfficeDetailsIn) {
  return {
    ...normalize({
      name: d.name,
      code: d.code,
      phoneNumber: d.phoneNumber ?? null,
      email: d.email ?? null,
      address: d.address ?? null,
      city: d.city ?? null,
      state: d.state ?? null,
      zipCode: d.zipCode ?? null,
      country: d.country ?? null,
      latitude: d.latitude ?? null,
      longitude: d.longitude ?? null,
      timeZone: d.timeZone,
      statusId: d.statusId,
    }),
    updatedAt: new Date(),
  };
}

/** 409 management.errors.nameInUse when another office of the organisation has the name (any case). */
export async function assertOfficeNameFree(db: Db, organizationId: number, name: string, selfId: number | null) {
  const same = await db
    .select({ id: offices.id })
    .from(offices)
    .where(
      and(
        eq(offices.organizationId, organizationId),
        sql`lower(${offices.name}) = lower(${name})`,
        selfId ? ne(offices.id, selfId) : sql`true`,
      ),
    )
    .limit(1);
  if (same.length) throw conflict('name');
}
