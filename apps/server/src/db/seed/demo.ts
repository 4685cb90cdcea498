/**
 * Demo data generator: a monitoring centre, an Albanian and a US bank with regions, branches,
 * schedules, holidays, 100+ users and a month of branch activity consistent with the schedules.
 * Everything is derived by code from the small tables in demo-data.ts with a seeded PRNG, so two
 * runs with the same `now` produce the same data.
 */
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { inRoleGroup, movesMapStatus, RoleGroup, RoleId, StatusId } from '@vigil/contract';
import type { Db } from '../client.js';
import { ensureReferenceData } from '../reference-data.js';
import {
  branchOffices,
  branchOfficeTypes,
  checkIns,
  events,
  EventKind,
  holidays,
  holidayTemplates,
  offices,
  OfficeType,
  organizationDealers,
  organizations,
  organizationSecurityOffices,
  securityOffices,
  users,
  weekScheduleDays,
  weekSchedules,
  worksIn,
} from '../schema/index.js';
import { hashSecret } from '../../modules/auth/passwords.js';
import { seedDemoChats } from './demo-chats.js';
import { seedDemoTasks } from './demo-tasks.js';
import { DEMO_ORGS, INCIDENT_MESSAGES, SECURITY_OFFICE, type BranchDef, type CityDef, type OrgDef, type ScheduleDef } from './demo-data.js';

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Vigil-demo-2026';
/** PIN and panic (duress) code of every mobile demo user. */
export const DEMO_PIN = '1234';
export const DEMO_DURESS_CODE = '9999';

interface DemoAccount {
  email: string;
  roleId: number;
  description: string;
  name: string;
  surname: string;
  /** 'AL' | 'US' for organisation users; null for platform, dealer and security-office accounts. */
  org: 'AL' | 'US' | null;
  /** Where the account works: a region key, 'branch' (the first Tirana branch) or the security office. */
  worksIn?: { region: string } | { branch: string } | 'security-office';
}

const ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@example.com',
    roleId: RoleId.PlatformAdmin,
    name: 'Daniel',
    surname: 'Novak',
    org: null,
    description: 'Platform administrator (sign in at /admin/login)',
  },
  {
    email: 'orgadmin@example.com',
    roleId: RoleId.OrganizationAdmin,
    name: 'Elira',
    surname: 'Hoxha',
    org: 'AL',
    description: 'Organisation administrator of Banka Kombëtare Demo',
  },
  {
    email: 'us-orgadmin@example.com',
    roleId: RoleId.OrganizationAdmin,
    name: 'Karen',
    surname: 'Mitchell',
    org: 'US',
    description: 'Organisation administrator of Liberty Savings Demo',
  },
  {
    email: 'dealer@example.com',
    roleId: RoleId.Dealer,
    name: 'Thomas',
    surname: 'Reed',
    org: null,
    description: 'Dealer managing both demo banks',
  },
  {
    email: 'officer@example.com',
    roleId: RoleId.SecurityOfficer,
    name: 'Besnik',
    surname: 'Shehu',
    org: null,
    worksIn: 'security-office',
    description: 'Security officer at Vigil Central Monitoring',
  },
  {
    email: 'operator@example.com',
    roleId: RoleId.SecurityOperator,
    name: 'Arta',
    surname: 'Leka',
    org: null,
    worksIn: 'security-office',
    description: 'Security operator at Vigil Central Monitoring',
  },
  {
    email: 'regional@example.com',
    roleId: RoleId.RegionalManager,
    name: 'Gentian',
    surname: 'Dervishi',
    org: 'AL',
    worksIn: { region: 'TIR' },
    description: 'Regional manager of the Tirana region (Banka Kombëtare Demo)',
  },
  {
    email: 'manager@example.com',
    roleId: RoleId.BranchManager,
    name: 'Mirela',
    surname: 'Gjoka',
    org: 'AL',
    worksIn: { branch: 'Dega Skënderbej' },
    description: 'Branch manager of Dega Skënderbej, Tirana',
  },
  {
    email: 'staff@example.com',
    roleId: RoleId.BranchStaff,
    name: 'Klodian',
    surname: 'Marku',
    org: 'AL',
    worksIn: { branch: 'Dega Skënderbej' },
    description: 'Branch staff at Dega Skënderbej, Tirana (mobile app only)',
  },
];

/** The fixed demo accounts; every one signs in with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: { email: string; roleId: number; description: string }[] = ACCOUNTS.map(({ email, roleId, description }) => ({
  email,
  roleId,
  description,
}));

/** Timers and auto-close applied to every office (minutes; branch-local time). */
const TIMERS = { openingTimer: 15, closingTimer: 15, servicingTimer: 60, autoCloseTime: '20:00' } as const;
const SEED = 0x5eed_2026;
const CHUNK = 1000;
/** Roles that sign in to the mobile app and so get a PIN and a panic code. */
const MOBILE_ROLES = new Set(RoleGroup.Mobile);

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[Math.floor(this.next() * list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

/** ASCII e-mail local part from a name: diacritics dropped (ë → e, ç → c), apostrophes and spaces removed. */
function emailPart(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/** An E.164 landline in `area` (Albania: area + 2 + digits; NANP: area + exchange 2xx–9xx, not 555, + 4 digits). */
function landline(rng: Rng, org: OrgDef, area: string): string {
  if (org.callingCode === '1') {
    let exchange: number;
    do exchange = rng.int(201, 989);
    while (exchange === 555 || exchange % 100 === 11);
    return `+1${area}${exchange}${rng.digits(4)}`;
  }
  return `+${org.callingCode}${area}2${rng.int(2, 9)}${rng.digits(org.fixedLength - area.length - 2)}`;
}

/** An E.164 mobile number: Albanian 6x prefixes, or a NANP number in the given area. */
function mobile(rng: Rng, org: OrgDef, area: string): string {
  if (org.mobilePrefixes.length === 0) return landline(rng, org, area);
  const prefix = rng.pick(org.mobilePrefixes);
  return `+${org.callingCode}${prefix}${rng.int(2, 9)}${rng.digits(org.mobileLength - prefix.length - 1)}`;
}

/** Holidays of `years` (ISO date → name), with a Sunday holiday also observed on the next free weekday. */
function holidayDates(org: OrgDef, years: number[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const year of years) for (const h of org.holidays) out.set(h.on(year), h.name);
  if (org.observeSundayOnMonday) {
    for (const [day, name] of [...out].sort(([a], [b]) => a.localeCompare(b))) {
      if (DateTime.fromISO(day).weekday !== 7) continue;
      let d = DateTime.fromISO(day).plus({ days: 1 });
      while (out.has(d.toISODate()!) || d.weekday === 7) d = d.plus({ days: 1 });
      out.set(d.toISODate()!, `${name} (observed)`);
    }
  }
  return out;
}

/** A point `metres` away from (lat, lng) in a random direction. */
function offsetPoint(rng: Rng, lat: number, lng: number, metres: number): { lat: number; lng: number } {
  const bearing = rng.next() * 2 * Math.PI;
  const dLat = (metres * Math.cos(bearing)) / 111_320;
  const dLng = (metres * Math.sin(bearing)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return { lat: lat + dLat, lng: lng + dLng };
}

type Punctuality = 'early' | 'ontime' | 'late';

/** A branch as the generator sees it after insertion. */
interface BranchInfo {
  id: number;
  def: BranchDef;
  org: OrgDef;
  orgId: number;
  regionId: number;
  city: CityDef;
  kind: 'BRANCH' | 'ATM' | 'VAULT';
  schedule: ScheduleDef;
  holidays: Map<string, string>;
  testMode: boolean;
  /** Geofence radius, metres. */
  radius: number;
  /** Users working in the branch (roles 6 and 7). */
  staff: number[];
  managers: number[];
}

type EventRow = typeof events.$inferInsert;
interface GenEvent {
  row: EventRow;
  seq: number;
  checkIn?: CheckInDraft;
}
interface CheckInDraft {
  userId: number;
  branchId: number;
  at: Date;
  out: Date | null;
  lat: number;
  lng: number;
  acc: number;
  inside: boolean;
}

/**
 * Seeds the demo data set (idempotent): the security office "Vigil Central Monitoring" (SO-DEMO)
 * monitoring an Albanian bank (25 branches in 15 cities, six regions) and a US bank (21 branches
 * around New York and Chicago, two regions); their week schedules, public holidays of this and
 * last year, timers and auto-close time; 160+ users in every role, including the fixed
 * DEMO_ACCOUNTS (password DEMO_PASSWORD, PIN 1234, panic code 9999); and `days` days (default 30)
 * of branch activity up to `now` (default: the current time) that follows the schedules: early,
 * on-time and late openings and closings, servicing, missed openings, forgotten closings closed by
 * the system at the auto-close time, 10–20 alarms, check-ins and check-outs. System-raised events
 * (Not Opened, Not Closed, closings by the system) carry the branch's responsible user.
 *
 * Each branch ends in the state its latest event gives; one branch is in service and one Albanian
 * branch in alarm. When no branch is open at `now` (night, Sunday), the cash centre gets an
 * after-hours opening (payload.afterHours) so that the board always shows all four colours.
 *
 * Does nothing and returns `{ created: false }` when the security office SO-DEMO already exists;
 * otherwise calls ensureReferenceData, writes everything in one transaction and returns
 * `{ created: true }`. Deterministic for a given `now` and `days`.
 */
export async function seedDemo(db: Db, opts: { now?: Date; days?: number } = {}): Promise<{ created: boolean }> {
  const now = DateTime.fromJSDate(opts.now ?? new Date());
  const days = opts.days ?? 30;
  const existing = await db
    .select({ id: securityOffices.id })
    .from(securityOffices)
    .where(eq(securityOffices.code, SECURITY_OFFICE.code))
    .limit(1);
  if (existing.length > 0) return { created: false };

  // Hashing is slow by design: hash each secret once and share the hash.
  const [passwordHash, pinHash, duressHash] = await Promise.all([
    hashSecret(DEMO_PASSWORD),
    hashSecret(DEMO_PIN),
    hashSecret(DEMO_DURESS_CODE),
  ]);

  const result = await db.transaction(async (tx) => {
    const again = await tx
      .select({ id: securityOffices.id })
      .from(securityOffices)
      .where(eq(securityOffices.code, SECURITY_OFFICE.code))
      .limit(1);
    if (again.length > 0) return { created: false };
    await ensureReferenceData(tx);
    const rng = new Rng(SEED);
    const typeRows = await tx.select({ id: branchOfficeTypes.id, type: branchOfficeTypes.type }).from(branchOfficeTypes);
    const typeId = (t: string) => {
      const row = typeRows.find((r) => r.type === t);
      if (!row) throw new Error(`Branch type ${t} missing`);
      return row.id;
    };

    // ---- Security office -------------------------------------------------------------------------
    const [so] = await tx
      .insert(securityOffices)
      .values({ ...SECURITY_OFFICE, statusId: StatusId.Active })
      .returning({ id: securityOffices.id });
    const securityOfficeId = so!.id;

    // ---- Organisations, schedules, holidays, head office, regions, branches ------------------------
    const branches: BranchInfo[] = [];
    const orgIds = new Map<string, number>();
    const regionIds = new Map<string, number>(); // `${org}:${key}` → office id
    const startLocalYear = now.minus({ days: days + 1 }).year;
    const years = [...new Set([now.year - 1, now.year, startLocalYear])].sort();

    for (const org of DEMO_ORGS) {
      const hoCity = org.cities.find((c) => c.name === org.headOffice.city)!;
      const [primary, secondary] = org.contacts;
      const contactEmail = (c: { name: string; surname: string }) => `${emailPart(c.name)}.${emailPart(c.surname)}@${org.emailDomain}`;
      const [o] = await tx
        .insert(organizations)
        .values({
          name: org.name,
          address: org.headOffice.street,
          city: hoCity.name,
          state: hoCity.state,
          zipCode: hoCity.zip,
          country: org.country,
          formattedAddress: `${org.headOffice.street}, ${hoCity.name} ${hoCity.zip}, ${org.country}`,
          phoneNumber: landline(rng, org, hoCity.area),
          email: `info@${org.emailDomain}`,
          latitude: org.headOffice.lat,
          longitude: org.headOffice.lng,
          primaryContactName: primary!.name,
          primaryContactSurname: primary!.surname,
          primaryContactEmail: contactEmail(primary!),
          primaryContactPhone: mobile(rng, org, hoCity.area),
          secondaryContactName: secondary!.name,
          secondaryContactSurname: secondary!.surname,
          secondaryContactEmail: contactEmail(secondary!),
          secondaryContactPhone: mobile(rng, org, hoCity.area),
          statusId: StatusId.Active,
        })
        .returning({ id: organizations.id });
      const orgId = o!.id;
      orgIds.set(org.key, orgId);
      await tx.insert(organizationSecurityOffices).values({ organizationId: orgId, securityOfficeId });

      const scheduleIds: Record<'retail' | 'weekdays', number> = { retail: 0, weekdays: 0 };
      for (const key of ['retail', 'weekdays'] as const) {
        const def = org.schedules[key];
        const [ws] = await tx.insert(weekSchedules).values({ organizationId: orgId, name: def.name }).returning({ id: weekSchedules.id });
        scheduleIds[key] = ws!.id;
        await tx.insert(weekScheduleDays).values(
          Object.entries(def.days).map(([wd, [opensAt, closesAt]]) => ({
            weekScheduleId: ws!.id,
            weekday: Number(wd),
            opensAt,
            closesAt,
          })),
        );
      }
      const holidayMap = holidayDates(org, years);
      const [ht] = await tx
        .insert(holidayTemplates)
        .values({ organizationId: orgId, name: `${org.country} bank holidays ${years[0]}–${years[years.length - 1]}` })
        .returning({ id: holidayTemplates.id });
      await tx.insert(holidays).values([...holidayMap].map(([day, name]) => ({ holidayTemplateId: ht!.id, day, name })));

      const officeSchedule = (zone: string, weekScheduleId: number) => ({
        timeZone: zone,
        weekScheduleId,
        holidayTemplateId: ht!.id,
        ...TIMERS,
      });
      const [ho] = await tx
        .insert(offices)
        .values({
          organizationId: orgId,
          officeTypeId: OfficeType.HeadOffice,
          name: org.headOffice.name,
          code: 'HO',
          phoneNumber: landline(rng, org, hoCity.area),
          email: `headoffice@${org.emailDomain}`,
          address: org.headOffice.street,
          city: hoCity.name,
          state: hoCity.state,
          zipCode: hoCity.zip,
          country: org.country,
          latitude: org.headOffice.lat,
          longitude: org.headOffice.lng,
          ...officeSchedule(hoCity.zone, scheduleIds.weekdays),
          primaryContactName: primary!.name,
          primaryContactSurname: primary!.surname,
          primaryContactEmail: contactEmail(primary!),
          statusId: StatusId.Active,
        })
        .returning({ id: offices.id });
      await tx.update(organizations).set({ headOfficeId: ho!.id }).where(eq(organizations.id, orgId));

      const regionRows = await tx
        .insert(offices)
        .values(
          org.regions.map((r) => {
            const city = org.cities.find((c) => c.name === r.city)!;
            return {
              organizationId: orgId,
              officeTypeId: OfficeType.RegionalOffice,
              name: r.name,
              code: `RG-${r.key}`,
              phoneNumber: landline(rng, org, city.area),
              email: `region.${r.key.toLowerCase()}@${org.emailDomain}`,
              address: r.street,
              city: city.name,
              state: city.state,
              zipCode: city.zip,
              country: org.country,
              latitude: r.lat,
              longitude: r.lng,
              ...officeSchedule(city.zone, scheduleIds.weekdays),
              statusId: StatusId.Active,
            };
          }),
        )
        .returning({ id: offices.id, code: offices.code });
      for (const r of regionRows) regionIds.set(`${org.key}:${r.code.slice(3)}`, r.id);

      const perCity = new Map<string, number>();
      const branchDrafts = org.branches.map((b) => {
        const city = org.cities.find((c) => c.name === b.city)!;
        const n = (perCity.get(city.code) ?? 0) + 1;
        perCity.set(city.code, n);
        const kind = b.kind ?? 'BRANCH';
        const code = `${org.key}-${city.code}-${String(n).padStart(2, '0')}`;
        const weekScheduleId = kind === 'VAULT' ? scheduleIds.weekdays : scheduleIds.retail;
        return {
          def: b,
          city,
          kind,
          schedule: kind === 'VAULT' ? org.schedules.weekdays : org.schedules.retail,
          row: {
            organizationId: orgId,
            regionalOfficeId: regionIds.get(`${org.key}:${city.region}`)!,
            branchOfficeTypeId: typeId(kind),
            securityOfficeId,
            name: b.name,
            code,
            phoneNumber: landline(rng, org, city.area),
            email: `${code.toLowerCase()}@${org.emailDomain}`,
            address: b.street,
            city: city.name,
            state: city.state,
            zipCode: b.zip ?? city.zip,
            country: org.country,
            latitude: b.lat,
            longitude: b.lng,
            ...officeSchedule(city.zone, weekScheduleId),
            geofenceRadius: 100 + 25 * rng.int(0, 8),
            testMode: b.testNote !== undefined,
            testNote: b.testNote ?? null,
            firstUseDate: now.setZone(city.zone).minus({ days }).toISODate(),
            statusId: StatusId.Active,
          },
        };
      });
      const inserted = await tx
        .insert(branchOffices)
        .values(branchDrafts.map((d) => d.row))
        .returning({ id: branchOffices.id, code: branchOffices.code });
      branchDrafts.forEach((d, i) => {
        branches.push({
          id: inserted[i]!.id,
          def: d.def,
          org,
          orgId,
          regionId: d.row.regionalOfficeId,
          city: d.city,
          kind: d.kind,
          schedule: d.schedule,
          holidays: holidayMap,
          testMode: d.row.testMode,
          radius: d.row.geofenceRadius,
          staff: [],
          managers: [],
        });
      });
    }

    // ---- Users -------------------------------------------------------------------------------------
    interface UserDraft {
      row: typeof users.$inferInsert;
      works: ({ regionalOfficeId: number } | { branchOfficeId: number } | { securityOfficeId: number })[];
      dealerOf: number[];
      org: OrgDef | null;
    }
    const drafts: UserDraft[] = [];
    const emailCounter = new Map<string, number>();
    const albania = DEMO_ORGS.find((o) => o.key === 'AL')!;
    const employeeNo = new Map<string, number>();

    const baseUser = (roleId: number, statusId: number) => ({
      roleId,
      statusId,
      passwordHash,
      pinHash: MOBILE_ROLES.has(roleId) ? pinHash : null,
      duressHash: MOBILE_ROLES.has(roleId) ? duressHash : null,
      consoleAccess: !inRoleGroup(RoleGroup.MobileOnly, roleId),
      geofenceValidation: roleId === RoleId.BranchManager || roleId === RoleId.BranchStaff,
      verifiedTelephone: statusId === StatusId.Active,
      allowedNotifications: inRoleGroup(RoleGroup.Security, roleId) ? [0, 2, 10, 11, 12, 15] : [],
      lastLogin: statusId === StatusId.Active ? now.minus({ minutes: rng.int(30, 60 * 24 * 6) }).toJSDate() : null,
    });
    /** A generated person of `org` (names from the org's lists; null org = the security office, Albanian). */
    const person = (
      org: OrgDef | null,
      roleId: number,
      city: CityDef | null,
      works: UserDraft['works'],
      statusId: number = StatusId.Active,
    ): UserDraft => {
      const names = org ?? albania;
      const name = rng.pick(names.firstNames);
      const surname = rng.pick(names.surnames);
      const domain = org ? org.emailDomain : 'vigil-demo.al';
      const local = `${emailPart(name)}.${emailPart(surname)}`;
      const n = (emailCounter.get(`${local}@${domain}`) ?? 0) + 1;
      emailCounter.set(`${local}@${domain}`, n);
      const numKey = org?.key ?? 'SO';
      const num = (employeeNo.get(numKey) ?? 0) + 1;
      employeeNo.set(numKey, num);
      const langId = names.langId === 'sq' && !rng.chance(names.otherLangShare) ? 'sq' : 'en';
      const c = city ?? names.cities[0]!;
      return {
        org,
        works,
        dealerOf: [],
        row: {
          ...baseUser(roleId, statusId),
          organizationId: org ? orgIds.get(org.key)! : null,
          name,
          surname,
          email: `${local}.${n}@${domain}`,
          city: c.name,
          state: c.state,
          zipCode: c.zip,
          country: names.country,
          phoneNumber: mobile(rng, names, c.area),
          number: `${numKey}-${String(num).padStart(4, '0')}`,
          langId,
        },
      };
    };

    // Fixed demo accounts first, so that they are easy to find.
    const tiranaCity = albania.cities[0]!;
    for (const a of ACCOUNTS) {
      const org = a.org ? DEMO_ORGS.find((o) => o.key === a.org)! : null;
      const works: UserDraft['works'] = [];
      if (a.worksIn === 'security-office') works.push({ securityOfficeId });
      else if (a.worksIn && 'region' in a.worksIn) works.push({ regionalOfficeId: regionIds.get(`AL:${a.worksIn.region}`)! });
      else if (a.worksIn && 'branch' in a.worksIn) {
        const name = a.worksIn.branch;
        works.push({ branchOfficeId: branches.find((b) => b.def.name === name)!.id });
      }
      const homeOrg =
        org ?? (a.roleId === RoleId.PlatformAdmin || a.roleId === RoleId.Dealer ? DEMO_ORGS.find((o) => o.key === 'US')! : albania);
      const c = org?.cities[0] ?? (homeOrg === albania ? tiranaCity : homeOrg.cities[0]!);
      drafts.push({
        org,
        works,
        dealerOf: a.roleId === RoleId.Dealer ? [...orgIds.values()] : [],
        row: {
          ...baseUser(a.roleId, StatusId.Active),
          organizationId: org ? orgIds.get(org.key)! : null,
          name: a.name,
          surname: a.surname,
          email: a.email,
          city: c.name,
          state: c.state,
          zipCode: c.zip,
          country: homeOrg.country,
          phoneNumber: mobile(rng, homeOrg, c.area),
          langId: 'en',
        },
      });
    }
    const demoBranchIds = new Set(
      ACCOUNTS.flatMap((a) => (a.worksIn && typeof a.worksIn === 'object' && 'branch' in a.worksIn ? [a.worksIn.branch] : [])),
    );
    const demoRegionKeys = new Set(
      ACCOUNTS.flatMap((a) => (a.worksIn && typeof a.worksIn === 'object' && 'region' in a.worksIn ? [a.worksIn.region] : [])),
    );

    // Platform, dealer and security-office staff beyond the demo accounts.
    drafts.push(person(null, RoleId.PlatformAdmin, tiranaCity, []));
    const secondDealer = person(
      DEMO_ORGS.find((o) => o.key === 'US')!,
      RoleId.Dealer,
      null,
      [],
    );
    secondDealer.row.organizationId = null;
    secondDealer.row.email = secondDealer.row.email!.replace(/@.*/, '@northeast-security-dealer.com');
    secondDealer.dealerOf = [orgIds.get('US')!];
    drafts.push(secondDealer);
    for (let i = 0; i < 2; i++) drafts.push(person(null, RoleId.SecurityOfficer, tiranaCity, [{ securityOfficeId }]));
    for (let i = 0; i < 5; i++)
      drafts.push(person(null, RoleId.SecurityOperator, tiranaCity, [{ securityOfficeId }], i === 4 ? StatusId.Inactive : StatusId.Active));

    let generated = 0;
    /** Every 17th generated organisation user is Pending and every 29th Inactive. */
    const nextStatus = () => {
      generated++;
      return generated % 29 === 0 ? StatusId.Inactive : generated % 17 === 0 ? StatusId.Pending : StatusId.Active;
    };
    for (const org of DEMO_ORGS) {
      const orgBranches = branches.filter((b) => b.org === org);
      const hoCity = org.cities.find((c) => c.name === org.headOffice.city)!;
      drafts.push(person(org, RoleId.OrganizationAdmin, hoCity, []));
      for (const r of org.regions) {
        const city = org.cities.find((c) => c.name === r.city)!;
        const regionalOfficeId = regionIds.get(`${org.key}:${r.key}`)!;
        if (!(org.key === 'AL' && demoRegionKeys.has(r.key)))
          drafts.push(person(org, RoleId.RegionalManager, city, [{ regionalOfficeId }]));
        // Traveling staff cover two or three branches of a region.
        const regionBranches = orgBranches.filter((b) => b.regionId === regionalOfficeId && b.kind === 'BRANCH');
        if (regionBranches.length >= 2) {
          const covered = regionBranches.slice(0, Math.min(3, regionBranches.length));
          drafts.push(
            person(
              org,
              RoleId.TravelingStaff,
              city,
              covered.map((b) => ({ branchOfficeId: b.id })),
              nextStatus(),
            ),
          );
        }
      }
      const hoRegion = regionIds.get(`${org.key}:${org.regions[0]!.key}`)!;
      drafts.push(person(org, RoleId.NonRetailExecutive, hoCity, [{ regionalOfficeId: hoRegion }]));
      const vault = orgBranches.find((b) => b.kind === 'VAULT');
      for (let i = 0; i < 2; i++)
        drafts.push(
          person(
            org,
            RoleId.NonRetailEmployee,
            hoCity,
            [vault ? { branchOfficeId: vault.id } : { regionalOfficeId: hoRegion }],
            nextStatus(),
          ),
        );
      for (const b of orgBranches) {
        if (b.kind === 'ATM') continue; // unstaffed; serviced by the region
        const isDemoBranch = org.key === 'AL' && demoBranchIds.has(b.def.name);
        if (!isDemoBranch) drafts.push(person(org, RoleId.BranchManager, b.city, [{ branchOfficeId: b.id }], nextStatus()));
        const staffCount = b.kind === 'VAULT' ? 1 : rng.int(1, 3);
        for (let i = 0; i < staffCount; i++) drafts.push(person(org, RoleId.BranchStaff, b.city, [{ branchOfficeId: b.id }], nextStatus()));
      }
    }

    const userIds: number[] = [];
    for (let i = 0; i < drafts.length; i += CHUNK) {
      const res = await tx
        .insert(users)
        .values(drafts.slice(i, i + CHUNK).map((d) => d.row))
        .returning({ id: users.id });
      userIds.push(...res.map((r) => r.id));
    }
    const worksRows = drafts.flatMap((d, i) => d.works.map((w) => ({ userId: userIds[i]!, ...w })));
    await tx.insert(worksIn).values(worksRows);
    const dealerRows = drafts.flatMap((d, i) => d.dealerOf.map((organizationId) => ({ organizationId, userId: userIds[i]! })));
    await tx.insert(organizationDealers).values(dealerRows);

    // Who acts for a branch: its active managers and staff; else the region's manager; else any org user.
    const orgUsers = new Map<number, number[]>();
    const regionManagers = new Map<number, number[]>();
    drafts.forEach((d, i) => {
      const id = userIds[i]!;
      if (d.row.statusId !== StatusId.Active) return;
      if (d.row.organizationId != null) orgUsers.set(d.row.organizationId, [...(orgUsers.get(d.row.organizationId) ?? []), id]);
      for (const w of d.works) {
        if ('branchOfficeId' in w && (d.row.roleId === RoleId.BranchManager || d.row.roleId === RoleId.BranchStaff)) {
          const b = branches.find((x) => x.id === w.branchOfficeId)!;
          b.staff.push(id);
          if (d.row.roleId === RoleId.BranchManager) b.managers.push(id);
        }
        if ('regionalOfficeId' in w && d.row.roleId === RoleId.RegionalManager)
          regionManagers.set(w.regionalOfficeId, [...(regionManagers.get(w.regionalOfficeId) ?? []), id]);
      }
    });
    const actorsOf = (b: BranchInfo) => (b.staff.length ? b.staff : (regionManagers.get(b.regionId) ?? orgUsers.get(b.orgId)!));
    const responsibleOf = (b: BranchInfo) => (b.managers.length ? b.managers : actorsOf(b));

    // ---- Activity ----------------------------------------------------------------------------------
    // Times are epoch milliseconds; luxon converts branch-local wall-clock times once per zone and day.
    const MIN = 60_000;
    const nowMs = now.toMillis();
    const gen: GenEvent[] = [];
    let seq = 0;
    const push = (
      b: BranchInfo,
      atMs: number,
      fields: Partial<EventRow> & { branchAction: string },
      userId: number,
      checkIn?: CheckInDraft,
    ) => {
      if (atMs >= nowMs) return false;
      const jitter =
        fields.kind === EventKind.Notification || fields.isClosedBySystem || fields.branchAction.startsWith('Not ')
          ? null
          : offsetPoint(rng, b.def.lat, b.def.lng, rng.int(3, 40));
      gen.push({
        seq: seq++,
        checkIn,
        row: {
          kind: EventKind.BranchAction,
          organizationId: b.orgId,
          regionalOfficeId: b.regionId,
          branchOfficeId: b.id,
          userId,
          isTestNotification: b.testMode,
          latitude: jitter?.lat ?? b.def.lat,
          longitude: jitter?.lng ?? b.def.lng,
          occurredAt: new Date(atMs),
          createdAt: new Date(atMs),
          ...fields,
        },
      });
      return true;
    };
    /** Local days of the window in a zone, oldest first. */
    const daysByZone = new Map<string, DateTime[]>();
    const localDays = (zone: string) => {
      let list = daysByZone.get(zone);
      if (!list) {
        const today = now.setZone(zone).startOf('day');
        list = [];
        for (let d = today.minus({ days }); d <= today; d = d.plus({ days: 1 })) list.push(d);
        daysByZone.set(zone, list);
      }
      return list;
    };
    const atCache = new Map<string, number>();
    /** Epoch ms of the wall-clock time `hhmm` on local day `day` (in the day's zone). */
    const at = (day: DateTime, hhmm: string) => {
      const key = `${day.zoneName}|${day.toMillis()}|${hhmm}`;
      let ms = atCache.get(key);
      if (ms === undefined) {
        const [h, m] = hhmm.split(':').map(Number);
        ms = DateTime.fromObject(
          { year: day.year, month: day.month, day: day.day, hour: h, minute: m },
          { zone: day.zoneName! },
        ).toMillis();
        atCache.set(key, ms);
      }
      return ms;
    };
    /** early: more than 5 minutes before the scheduled time; late: after scheduled + timer; else on time. */
    const punctualityOf = (actualMs: number, scheduledMs: number, timerMin: number): Punctuality => {
      const diff = (actualMs - scheduledMs) / MIN;
      return diff < -5 ? 'early' : diff > timerMin ? 'late' : 'ontime';
    };

    // Working days per branch (local dates), and a handful of incident days picked among past ones.
    const workdays: { b: BranchInfo; day: DateTime; iso: string }[] = [];
    for (const b of branches) {
      for (const d of localDays(b.city.zone)) {
        const iso = d.toISODate()!;
        if (b.schedule.days[d.weekday] && !b.holidays.has(iso)) workdays.push({ b, day: d, iso });
      }
    }
    const incidentDays = new Set<number>();
    const pastIdx = workdays.flatMap((w, i) => (w.day.plus({ days: 1 }).toMillis() <= nowMs && w.b.kind === 'BRANCH' ? [i] : []));
    const incidentCount = Math.min(pastIdx.length, 14);
    while (incidentDays.size < incidentCount) incidentDays.add(rng.pick(pastIdx));

    const checkInFrom = nowMs - 3 * 24 * 60 * MIN;
    workdays.forEach(({ b, day }, idx) => {
      const [opens, closes] = b.schedule.days[day.weekday]!;
      const open = at(day, opens);
      const close = at(day, closes);
      const autoClose = at(day, TIMERS.autoCloseTime);
      const opener = rng.pick(actorsOf(b));
      const responsible = rng.pick(responsibleOf(b));
      let openAt: number | null;
      if (rng.chance(0.02)) {
        push(b, open + TIMERS.openingTimer * MIN, { branchAction: 'Not Opened', notificationType: 0 }, responsible);
        openAt = rng.chance(0.6) ? open + (TIMERS.openingTimer + rng.int(10, 75)) * MIN : null;
      } else {
        const p = rng.next();
        const offset = p < 0.1 ? rng.int(20, 40) : p < 0.2 ? -rng.int(6, 12) : rng.int(-4, 9);
        openAt = open + offset * MIN + rng.int(0, 59) * 1000;
      }
      if (openAt === null) return;

      // Optional check-in of the opener shortly before opening (last three days only).
      let checkIn: CheckInDraft | undefined;
      const checkInAt = openAt - rng.int(4, 18) * MIN;
      if (checkInAt >= checkInFrom && b.kind !== 'ATM' && rng.chance(0.35)) {
        const inside = rng.chance(0.9);
        const pos = offsetPoint(
          rng,
          b.def.lat,
          b.def.lng,
          inside ? rng.int(2, Math.floor(b.radius * 0.4)) : rng.int(b.radius * 2, b.radius * 4),
        );
        checkIn = {
          userId: opener,
          branchId: b.id,
          at: new Date(checkInAt),
          out: null,
          lat: pos.lat,
          lng: pos.lng,
          acc: rng.int(4, 30),
          inside,
        };
        push(b, checkInAt, { kind: EventKind.CheckIn, branchAction: 'Check In', latitude: pos.lat, longitude: pos.lng }, opener, checkIn);
      }
      if (!push(b, openAt, { branchAction: 'Open', punctuality: punctualityOf(openAt, open, TIMERS.openingTimer) }, opener)) return;

      // Mid-day: servicing (~15%) or one of the sprinkled incidents; both end with the branch open again.
      const spanMin = Math.floor((close - openAt) / MIN);
      if (incidentDays.has(idx) && spanMin > 120) {
        const kind = rng.pick(['Trouble', 'Alarm', 'Panic', 'Panic', 'Duress'] as const);
        const type = { Trouble: 2, Alarm: 15, Panic: 10, Duress: 11 }[kind];
        const t = openAt + rng.int(45, spanMin - 75) * MIN;
        push(
          b,
          t,
          {
            kind: EventKind.Notification,
            branchAction: kind,
            notificationType: type,
            securityAlert: kind === 'Panic' || kind === 'Duress',
            messageContent: rng.pick(INCIDENT_MESSAGES[kind]!),
          },
          rng.pick(actorsOf(b)),
        );
        push(b, t + rng.int(8, 35) * MIN, { branchAction: 'Open', payload: { afterIncident: kind } }, responsible);
      } else if (rng.chance(0.15) && spanMin > 150) {
        const t = openAt + rng.int(60, spanMin - 90) * MIN;
        push(
          b,
          t,
          {
            branchAction: 'Service',
            messageContent: rng.pick([
              'Cash-in-transit delivery',
              'ATM replenishment',
              'Alarm system maintenance',
              'Cleaning and inspection',
            ]),
          },
          rng.pick(actorsOf(b)),
        );
        push(b, t + rng.int(15, TIMERS.servicingTimer - 5) * MIN, { branchAction: 'Open' }, rng.pick(actorsOf(b)));
      }

      // Closing: ~3% forgotten (Not Closed, then the system closes at the auto-close time).
      let closedAt: number;
      if (rng.chance(0.03)) {
        push(b, close + TIMERS.closingTimer * MIN, { branchAction: 'Not Closed', notificationType: 0 }, responsible);
        closedAt = autoClose;
        push(b, autoClose, { branchAction: 'Close', isClosedBySystem: true, punctuality: 'late' }, opener);
      } else {
        const p = rng.next();
        const offset = p < 0.08 ? rng.int(20, 45) : p < 0.16 ? -rng.int(6, 15) : rng.int(-3, 12);
        closedAt = close + offset * MIN + rng.int(0, 59) * 1000;
        push(
          b,
          closedAt,
          { branchAction: 'Close', punctuality: punctualityOf(closedAt, close, TIMERS.closingTimer) },
          rng.pick(actorsOf(b)),
        );
      }
      if (checkIn) {
        const outAt = closedAt + rng.int(2, 12) * MIN;
        if (outAt < nowMs) {
          checkIn.out = new Date(outAt);
          push(b, outAt, { kind: EventKind.CheckOut, branchAction: 'Check Out' }, checkIn.userId);
        }
      }
    });

    // ---- Today's board: one branch in service, one Albanian branch in alarm, at least one open -------
    const isStatusEvent = (e: GenEvent) =>
      (e.row.kind === EventKind.BranchAction || e.row.kind === EventKind.Notification) && movesMapStatus(e.row.branchAction!);
    const lastOf = (b: BranchInfo) =>
      gen.reduce<GenEvent | undefined>(
        (m, e) => (e.row.branchOfficeId === b.id && isStatusEvent(e) && (!m || e.row.occurredAt! > m.row.occurredAt!) ? e : m),
        undefined,
      );
    const lastTime = (b: BranchInfo) =>
      gen.reduce((m, e) => (e.row.branchOfficeId === b.id ? Math.max(m, e.row.occurredAt!.getTime()) : m), nowMs - 3 * 60 * MIN);
    /** A whole second `minMin`–`maxMin` minutes ago, after the branch's last event. */
    const recent = (b: BranchInfo, minMin: number, maxMin: number) => {
      const t = Math.max(nowMs - rng.int(minMin, maxMin) * MIN, (lastTime(b) + nowMs) / 2);
      return Math.floor(t / 1000) * 1000;
    };
    const eligible = branches.filter((b) => !b.testMode && b.kind === 'BRANCH');
    const isOpen = (b: BranchInfo) => lastOf(b)?.row.branchAction === 'Open';
    const openNow = eligible.filter(isOpen);

    const serviceBranch =
      openNow.length >= 3
        ? rng.pick(openNow.filter((b) => b.org.key === 'US').length ? openNow.filter((b) => b.org.key === 'US') : openNow)
        : branches.find((b) => b.kind === 'ATM' && !b.testMode)!; // ATMs are replenished around the clock
    push(
      serviceBranch,
      recent(serviceBranch, 5, 25),
      {
        branchAction: 'Service',
        messageContent: serviceBranch.kind === 'ATM' ? 'ATM replenishment' : 'Cash-in-transit delivery',
      },
      rng.pick(actorsOf(serviceBranch)),
    );

    const alCandidates = eligible.filter((b) => b.org.key === 'AL' && b !== serviceBranch && !demoBranchIds.has(b.def.name));
    const alOpen = alCandidates.filter(isOpen);
    const alarmBranch = rng.pick(alOpen.length >= 2 ? alOpen : alCandidates);
    const alarmKind = isOpen(alarmBranch) ? 'Panic' : 'Trouble';
    push(
      alarmBranch,
      recent(alarmBranch, 2, 10),
      {
        kind: EventKind.Notification,
        branchAction: alarmKind,
        notificationType: alarmKind === 'Panic' ? 10 : 2,
        securityAlert: alarmKind === 'Panic',
        messageContent: rng.pick(INCIDENT_MESSAGES[alarmKind]!),
      },
      rng.pick(actorsOf(alarmBranch)),
    );

    if (!branches.some(isOpen)) {
      // Outside every schedule (night, Sunday): the cash centre works an after-hours shift.
      const b = branches.find((x) => x.kind === 'VAULT') ?? eligible.find((x) => x !== alarmBranch && x !== serviceBranch)!;
      push(
        b,
        recent(b, 20, 40),
        { branchAction: 'Open', payload: { afterHours: true, reason: 'After-hours cash processing' } },
        rng.pick(actorsOf(b)),
      );
    }

    // ---- VaultTrak: the cash centre's vault is opened after each opening and closed 40 min later ----
    // (VAULT_ACCESS events, as POST /api/mobile/vaultaccess writes them; no PRNG draws, so the rest is unchanged.)
    for (const e of [...gen]) {
      const b = branches.find((x) => x.id === e.row.branchOfficeId);
      if (!b || b.kind !== 'VAULT' || e.row.branchAction !== 'Open' || !e.row.punctuality) continue;
      [
        ['OPEN', 5],
        ['CLOSE', 45],
      ].forEach(([action, after]) => {
        const atMs = e.row.occurredAt!.getTime() + Number(after) * MIN;
        if (atMs >= nowMs) return;
        gen.push({
          seq: seq++,
          row: {
            ...e.row,
            kind: 'VAULT_ACCESS',
            branchAction: action === 'OPEN' ? 'Vault Open' : 'Vault Close',
            punctuality: null,
            occurredAt: new Date(atMs),
            createdAt: new Date(atMs),
            payload: { vaultName: 'Main vault', action },
          },
        });
      });
    }

    // ---- Insert events in chronological order, then check-ins and branch states ---------------------
    gen.sort((a, b) => a.row.occurredAt!.getTime() - b.row.occurredAt!.getTime() || a.seq - b.seq);
    const eventIds: number[] = [];
    for (let i = 0; i < gen.length; i += CHUNK) {
      const res = await tx
        .insert(events)
        .values(gen.slice(i, i + CHUNK).map((e) => e.row))
        .returning({ id: events.id });
      eventIds.push(...res.map((r) => r.id));
    }
    const checkInRows = gen.flatMap((e, i) =>
      e.checkIn
        ? [
            {
              userId: e.checkIn.userId,
              branchOfficeId: e.checkIn.branchId,
              checkInAt: e.checkIn.at,
              checkOutAt: e.checkIn.out,
              checkedOutBy: e.checkIn.out ? e.checkIn.userId : null,
              latitude: e.checkIn.lat,
              longitude: e.checkIn.lng,
              horizontalAccuracy: e.checkIn.acc,
              insideGeofence: e.checkIn.inside,
              checkInEventId: eventIds[i]!,
            },
          ]
        : [],
    );
    if (checkInRows.length) await tx.insert(checkIns).values(checkInRows);

    const latest = new Map<number, { action: string; at: Date; id: number }>();
    gen.forEach((e, i) => {
      if (e.row.kind !== EventKind.BranchAction && e.row.kind !== EventKind.Notification) return;
      if (!movesMapStatus(e.row.branchAction!)) return;
      latest.set(e.row.branchOfficeId!, { action: e.row.branchAction!, at: e.row.occurredAt!, id: eventIds[i]! });
    });
    for (const [branchId, l] of latest) {
      await tx
        .update(branchOffices)
        .set({ branchAction: l.action, branchActionAt: l.at, lastEventId: l.id })
        .where(eq(branchOffices.id, branchId));
    }
    // The security office handled the past: alarms older than two hours were acknowledged by the
    // operator three minutes after they came in, so the alarm panel opens on what is still live.
    await tx.execute(sql`insert into alarm_acknowledgements (event_id, user_id, acknowledged_at)
      select e.id, u.id, e.occurred_at + interval '3 minutes' from events e join users u on u.email = 'operator@example.com'
      where e.kind = 'NOTIFICATION' and (e.notification_type in (2, 10, 11, 12, 15) or e.security_alert)
        and e.occurred_at < ${now.minus({ hours: 2 }).toUTC().toISO()}::timestamptz
      on conflict do nothing`);
    await seedDemoChats(tx, now);
    // Task lists: templates of both banks and the library, and a run for every opening and closing of the history.
    await seedDemoTasks(tx, { AL: orgIds.get('AL')!, US: orgIds.get('US')! }, now.toJSDate());
    await seedDemoSurveys(tx, now.toUTC().toISO()!);
    return { created: true };
  });
  // The planner's statistics of the tables just filled: PostgreSQL's autovacuum gathers them only
  // a minute or more later, and until then it plans them as nearly empty (the activity report's
  // count took 11 ms instead of 1.8 ms on the demo data, a nested loop over every branch per event).
  if (result.created) await db.execute(sql`analyze`);
  return result;
}

/**
 * Demo surveys (issue 18): two surveys per demo bank, assigned to every branch, offered since 30
 * days ago, taken by the branch staff and managers, notifying the regional managers; 30 days of
 * submissions (about half of the branches each day, deterministic), a few ending with notification.
 */
async function seedDemoSurveys(tx: Db, nowIso: string): Promise<void> {
  const exit = JSON.stringify([
    {
      QuestionId: 1,
      Question: 'Is the emergency exit blocked?',
      Answers: [
        { Option: 'Yes', Action: 'Clear the exit at once', EndSurveyWithNotification: true },
        { Option: 'No', EndSurveyWithNotification: false },
      ],
    },
    {
      QuestionId: 2,
      Question: 'Are the fire extinguishers in place?',
      Answers: [
        { Option: 'Yes', EndSurveyWithNotification: false },
        { Option: 'No', Action: 'Report to facilities', EndSurveyWithNotification: false },
      ],
    },
  ]);
  const opening = JSON.stringify([
    {
      QuestionId: 1,
      Question: 'Any sign of forced entry at opening?',
      Answers: [
        { Option: 'Yes', Action: 'Leave the branch and call the security office', EndSurveyWithNotification: true },
        { Option: 'No', EndSurveyWithNotification: false },
      ],
    },
    {
      QuestionId: 2,
      Question: 'Is the alarm panel showing no faults?',
      Answers: [
        { Option: 'Yes', EndSurveyWithNotification: false },
        { Option: 'No', EndSurveyWithNotification: false },
      ],
    },
  ]);
  await tx.execute(sql`insert into surveys (organization_id, name, description, notify_recomandation, non_notify_recomandation, questions, start_date, created_at, updated_at)
    select o.id, v.name, v.description, v.notify, v.non_notify, v.questions::jsonb, ${nowIso}::timestamptz - interval '30 days',
      ${nowIso}::timestamptz - interval '31 days', ${nowIso}::timestamptz - interval '31 days'
    from organizations o cross join (values
      ('Emergency exit check', 'Walk to every emergency exit before opening.', 'Call the regional manager now', 'Carry on', ${exit}),
      ('Opening safety walk', 'Checks when opening the branch.', 'Stay outside and call the security office', 'Open as usual', ${opening})
    ) as v(name, description, notify, non_notify, questions)
    where o.id in (select organization_id from branch_offices)`);
  await tx.execute(sql`insert into survey_branches (survey_id, branch_office_id)
    select sv.id, b.id from surveys sv join branch_offices b on b.organization_id = sv.organization_id`);
  await tx.execute(sql`insert into survey_users (survey_id, user_id)
    select distinct sb.survey_id, w.user_id from survey_branches sb join works_in w on w.branch_office_id = sb.branch_office_id
    join users u on u.id = w.user_id where u.role_id in (${RoleId.BranchManager}, ${RoleId.BranchStaff}) and u.status_id = ${StatusId.Active}`);
  await tx.execute(sql`insert into survey_notify_users (survey_id, user_id)
    select sv.id, u.id from surveys sv join users u on u.organization_id = sv.organization_id
    where u.role_id = ${RoleId.RegionalManager} and u.status_id = ${StatusId.Active}`);
  // One submission per survey, branch and day for about half of them, by a taker of that branch.
  await tx.execute(sql`insert into submitted_surveys (survey_id, user_id, branch_office_id, organization_id, answers, end_with_notification,
      notification_question_id, recommendation, notified, latitude, longitude, created_at)
    select x.survey_id, x.user_id, x.branch_id, x.org_id,
      case when x.ending then jsonb_build_array(jsonb_build_object('QuestionId', 1, 'Answer', 'Yes'))
        else jsonb_build_array(jsonb_build_object('QuestionId', 1, 'Answer', 'No'), jsonb_build_object('QuestionId', 2, 'Answer', case when x.r % 9 = 0 then 'No' else 'Yes' end)) end,
      x.ending, case when x.ending then 1 end, case when x.ending then x.notify else x.non_notify end,
      case when x.ending then coalesce((select jsonb_agg(jsonb_build_object('Name', u.name, 'Surname', u.surname, 'PhoneNumber', u.phone_number,
        'RoleNameDisplay', ro.role_name_display, 'Email', u.email)) from survey_notify_users n join users u on u.id = n.user_id join roles ro on ro.id = u.role_id
        where n.survey_id = x.survey_id), '[]'::jsonb) else '[]'::jsonb end,
      x.lat, x.lng, x.at
    from (
      select sv.id as survey_id, b.id as branch_id, b.organization_id as org_id, b.latitude as lat, b.longitude as lng,
        sv.notify_recomandation as notify, sv.non_notify_recomandation as non_notify,
        (select su.user_id from survey_users su join works_in w on w.user_id = su.user_id and w.branch_office_id = b.id
          where su.survey_id = sv.id order by su.user_id limit 1) as user_id,
        abs(hashtext(sv.id::text || ':' || b.id::text || ':' || d::text)) % 100 as r,
        abs(hashtext(sv.id::text || ':' || b.id::text || ':' || d::text)) % 100 < 3 as ending,
        date_trunc('day', ${nowIso}::timestamptz) - make_interval(days => d) + make_interval(mins => 7 * 60 + (sv.id + b.id) % 90) as at
      from surveys sv join survey_branches sb on sb.survey_id = sv.id join branch_offices b on b.id = sb.branch_office_id
      cross join generate_series(1, 30) d
    ) x
    where x.user_id is not null and x.r < 50`);
}
