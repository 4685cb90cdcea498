/**
 * Video call SQL (spec §3 Phone/video call, Incident; §4 Phone call status): calls with their
 * incident (the caller's profile at call time), branch, region, organisation and operators, and
 * the mobile users' medical profiles. Every console read takes a scope condition on `calls k`
 * (plugins/authorization.ts callScope / callerCallScope).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CallState, EmergencyContact, MedicalInfo } from '@vigil/contract';
import { rows, type Db } from '../../db/client.js';

/** A call row with its incident and the names the presenter needs. Instants as the driver gives them. */
export interface CallRaw {
  id: number;
  text_id: string;
  state: CallState;
  organization_id: number | null;
  organization_name: string | null;
  regional_office_id: number | null;
  region_name: string | null;
  branch_office_id: number | null;
  branch_name: string | null;
  time_zone: string | null;
  branch_latitude: number | null;
  branch_longitude: number | null;
  caller_user_id: number | null;
  answered_by: number | null;
  answered_name: string | null;
  answered_surname: string | null;
  transfer_to: number | null;
  transfer_name: string | null;
  transfer_surname: string | null;
  closed_by: number | null;
  transfer_chain: unknown;
  started_at: Date | string;
  answered_at: Date | string | null;
  ended_at: Date | string | null;
  closed_at: Date | string | null;
  ended_by: 'caller' | 'console' | null;
  latitude: number | null;
  longitude: number | null;
  horizontal_accuracy: number | null;
  locations: unknown;
  app_version: string | null;
  os: string | null;
  phone_model: string | null;
  media_filename: string | null;
  created_at: Date | string;
  caller_name: string;
  caller_surname: string;
  caller_email: string;
  caller_phone: string | null;
  caller_language: string;
  caller_organization_name: string | null;
  medical: unknown;
  emergency_contacts: unknown;
}

/** The joins of a call row (`k` is calls, `i` its incident). */
export const CALL_FROM = sql`from calls k
  join incidents i on i.call_id = k.id
  left join users au on au.id = k.answered_by
  left join users tu on tu.id = k.transfer_to
  left join organizations o on o.id = k.organization_id
  left join offices r on r.id = k.regional_office_id
  left join branch_offices b on b.id = k.branch_office_id`;

/** The selected columns of a CallRaw row (with CALL_FROM). */
export const CALL_COLUMNS = sql`k.id, i.text_id::text as text_id, k.state, k.organization_id, o.name as organization_name,
  k.regional_office_id, r.name as region_name, k.branch_office_id, b.name as branch_name, b.time_zone,
  b.latitude as branch_latitude, b.longitude as branch_longitude, k.caller_user_id,
  k.answered_by, au.name as answered_name, au.surname as answered_surname,
  k.transfer_to, tu.name as transfer_name, tu.surname as transfer_surname, k.closed_by, k.transfer_chain,
  k.started_at, k.answered_at, k.ended_at, k.closed_at, k.ended_by, k.latitude, k.longitude, k.horizontal_accuracy,
  k.locations, k.app_version, k.os, k.phone_model, i.media_filename, i.created_at, i.caller_name, i.caller_surname,
  i.caller_email, i.caller_phone, i.caller_language, i.caller_organization_name, i.medical, i.emergency_contacts`;

/** Calls matching `where` (a condition on `k` / `i`), in `order`, paged. */
export function findCalls(db: Db, where: SQL, order: SQL = sql`k.started_at, k.id`, limit = 500, offset = 0): Promise<CallRaw[]> {
  return rows<CallRaw>(db, sql`select ${CALL_COLUMNS} ${CALL_FROM} where ${where} order by ${order} limit ${limit} offset ${offset}`);
}

/** How many calls match `where`. */
export async function countCalls(db: Db, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n ${CALL_FROM} where ${where}`);
  return r?.n ?? 0;
}

/** One call by IncidentId within `scope`; undefined when absent or outside it. */
export async function callById(db: Db, id: number, scope: SQL): Promise<CallRaw | undefined> {
  const [c] = await findCalls(db, sql`k.id = ${id} and ${scope}`, sql`k.id`, 1);
  return c;
}

/**
 * The conditional state change of a call (first-wins across consoles and server processes): one
 * `UPDATE … WHERE id AND <where> RETURNING`; `set` applies only where `where` still holds once
 * the row is locked. Returns whether it did.
 */
export async function updateCallIf(db: Db, id: number, set: SQL, where: SQL): Promise<boolean> {
  const changed = await rows<{ id: number }>(db, sql`update calls k set ${set} where k.id = ${id} and ${where} returning k.id`);
  return changed.length > 0;
}

/** A medical profile row. */
export interface MedicalProfileRaw {
  blood_type: string | null;
  hearing_impaired: boolean;
  height_cm: number | null;
  weight_kg: number | null;
  special_notes: string | null;
  emergency_contacts: unknown;
  updated_at: Date | string;
}

/** The medical profile of `userId`; undefined when never saved. */
export async function medicalProfileOf(db: Db, userId: number): Promise<MedicalProfileRaw | undefined> {
  const [p] = await rows<MedicalProfileRaw>(
    db,
    sql`select blood_type, hearing_impaired, height_cm, weight_kg, special_notes, emergency_contacts, updated_at
      from medical_profiles where user_id = ${userId}`,
  );
  return p;
}

/** Writes the whole medical profile of `userId` (insert or replace). */
export async function saveMedicalProfile(db: Db, userId: number, m: MedicalInfo, contacts: EmergencyContact[]): Promise<void> {
  await db.execute(
    sql`insert into medical_profiles (user_id, blood_type, hearing_impaired, height_cm, weight_kg, special_notes, emergency_contacts, updated_at)
      values (${userId}, ${m.BloodType}, ${m.HearingImpaired}, ${m.HeightCm}, ${m.WeightKg}, ${m.SpecialNotes}, ${JSON.stringify(contacts)}::jsonb, now())
      on conflict (user_id) do update set blood_type = excluded.blood_type, hearing_impaired = excluded.hearing_impaired,
        height_cm = excluded.height_cm, weight_kg = excluded.weight_kg, special_notes = excluded.special_notes,
        emergency_contacts = excluded.emergency_contacts, updated_at = now()`,
  );
}
