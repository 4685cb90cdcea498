/**
 * The JSON shapes of video calls (contract calls.ts): one presenter for a call, one for an
 * incident and one for a medical profile, used by the REST answers and the socket events alike.
 */
import {
  callStatusFor,
  formatPhoneInternational,
  type BloodType,
  type Call,
  type CallLocation,
  type CallTransfer,
  type EmergencyContact,
  type Incident,
  type MedicalInfo,
  type MedicalProfile,
} from '@vigil/contract';
import { iso } from '../../lib/zone-time.js';
import type { CallRaw, MedicalProfileRaw } from './calls.repository.js';

const isoOrNull = (v: Date | string | null) => (v == null ? null : iso(v));
const ms = (v: Date | string) => new Date(v).getTime();
const fullName = (n: string | null, s: string | null) => [n, s].filter(Boolean).join(' ') || null;
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** Waiting (start → first answer, or end / now) and talk (first answer → end, or now) in seconds. */
export function callFigures(r: Pick<CallRaw, 'started_at' | 'answered_at' | 'ended_at'>, now = new Date()) {
  const end = r.ended_at ? ms(r.ended_at) : now.getTime();
  const waiting = Math.max(0, Math.round(((r.answered_at ? ms(r.answered_at) : end) - ms(r.started_at)) / 1000));
  const talk = r.answered_at ? Math.max(0, Math.round((end - ms(r.answered_at)) / 1000)) : null;
  return { waiting, talk };
}

/** A medical info object from stored JSON or columns (missing fields null / false). */
export function medicalInfo(v: Partial<Record<keyof MedicalInfo, unknown>> | null | undefined): MedicalInfo {
  return {
    BloodType: (v?.BloodType as BloodType | null | undefined) ?? null,
    HearingImpaired: v?.HearingImpaired === true,
    HeightCm: typeof v?.HeightCm === 'number' ? v.HeightCm : null,
    WeightKg: typeof v?.WeightKg === 'number' ? v.WeightKg : null,
    SpecialNotes: typeof v?.SpecialNotes === 'string' ? v.SpecialNotes : null,
  };
}

/** spec §3 Phone/video call; `viewerId` gives Status (null in events: each console computes its own). */
export function presentCall(r: CallRaw, viewerId: number | null, now = new Date()): Call {
  const f = callFigures(r, now);
  const fields = { State: r.state, AnsweredBy: r.answered_by, TransferTo: r.transfer_to, ClosedBy: r.closed_by };
  return {
    IncidentId: r.id,
    TextId: r.text_id,
    ...fields,
    Status: viewerId == null ? null : callStatusFor(fields, viewerId),
    CallerId: r.caller_phone,
    cleanedCallerId: r.caller_phone ? r.caller_phone.replace(/[^\d+]/g, '') : null,
    formattedCallerId: r.caller_phone ? formatPhoneInternational(r.caller_phone) : null,
    CallerUserId: r.caller_user_id ?? 0,
    profile: { firstName: r.caller_name, lastName: r.caller_surname },
    OrganizationId: r.organization_id,
    OrganizationName: r.organization_name,
    RegionalOfficeId: r.regional_office_id,
    RegionalOfficeName: r.region_name,
    BranchOfficeId: r.branch_office_id,
    BranchOfficeName: r.branch_name,
    BranchTimeZone: r.time_zone,
    BranchLatitude: r.branch_latitude,
    BranchLongitude: r.branch_longitude,
    Latitude: r.latitude,
    Longitude: r.longitude,
    HorizontalAccuracy: r.horizontal_accuracy,
    locations: list<CallLocation>(r.locations),
    answeredBy: r.answered_by,
    AnsweredByName: fullName(r.answered_name, r.answered_surname),
    transferTo: r.transfer_to,
    TransferToName: fullName(r.transfer_name, r.transfer_surname),
    TransferChain: list<CallTransfer>(r.transfer_chain),
    StartTimeUTC: iso(r.started_at),
    AnsweredTimeUTC: isoOrNull(r.answered_at),
    EndTimeUTC: isoOrNull(r.ended_at),
    ClosedTimeUTC: isoOrNull(r.closed_at),
    WaitingSeconds: f.waiting,
    TalkSeconds: f.talk,
    EndedBy: r.ended_by,
    AppVersion: r.app_version,
    OS: r.os,
    PhoneModel: r.phone_model,
  };
}

/** spec §3 Incident / video recording: the call with the caller's profile at call time. */
export function presentIncident(r: CallRaw, viewerId: number | null, now = new Date()): Incident {
  return {
    ...presentCall(r, viewerId, now),
    MediaFilename: r.media_filename,
    TimeStampUTC: iso(r.created_at),
    Caller: {
      UserId: r.caller_user_id ?? 0,
      Name: r.caller_name,
      Surname: r.caller_surname,
      Email: r.caller_email,
      PhoneNumber: r.caller_phone,
      Language: r.caller_language,
      OrganizationName: r.caller_organization_name,
      Medical: medicalInfo(r.medical as Partial<Record<keyof MedicalInfo, unknown>>),
      EmergencyContacts: list<EmergencyContact>(r.emergency_contacts),
    },
  };
}

/** A mobile user's medical profile (empty when never saved). */
export function presentMedicalProfile(p: MedicalProfileRaw | undefined): MedicalProfile {
  return {
    Medical: medicalInfo(
      p && {
        BloodType: p.blood_type,
        HearingImpaired: p.hearing_impaired,
        HeightCm: p.height_cm,
        WeightKg: p.weight_kg,
        SpecialNotes: p.special_notes,
      },
    ),
    EmergencyContacts: list<EmergencyContact>(p?.emergency_contacts),
    UpdatedAtUTC: p ? iso(p.updated_at) : null,
  };
}
