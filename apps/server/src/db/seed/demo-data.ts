/**
 * Small tables of real data from which the demo generator (demo.ts) builds its organisations:
 * cities, branch locations with real coordinates and plausible street addresses, schedules,
 * public holidays and name lists. Nothing here is a database row; demo.ts derives the rows.
 */
import { DateTime } from 'luxon';

export type BranchKind = 'BRANCH' | 'ATM' | 'VAULT';

/** A city: county/state, postcode, telephone area code (national, no trunk prefix) and region key. */
export interface CityDef {
  name: string;
  /** Three letters used in branch codes (AL-TIR-01). */
  code: string;
  state: string;
  zip: string;
  area: string;
  region: string;
  zone: string;
}

/** A branch location: real coordinates (WGS 84) of the street or square named in `street`. */
export interface BranchDef {
  city: string;
  name: string;
  street: string;
  lat: number;
  lng: number;
  kind?: BranchKind;
  /** Postcode when it differs from the city's. */
  zip?: string;
  /** Test-mode note: the branch is in test mode (spec §3 Branch office TestNote). */
  testNote?: string;
}

export interface RegionDef {
  key: string;
  name: string;
  city: string;
  street: string;
  lat: number;
  lng: number;
}

export interface ScheduleDef {
  name: string;
  /** ISO weekday (1 Monday … 7 Sunday) → [opens, closes], branch-local. */
  days: Record<number, [string, string]>;
}

export interface HolidayDef {
  name: string;
  /** The date of the holiday in `year`, as an ISO date. */
  on: (year: number) => string;
}

export interface OrgDef {
  key: 'AL' | 'US';
  name: string;
  emailDomain: string;
  country: string;
  /** Calling code without '+'. */
  callingCode: string;
  /** Mobile prefixes (national significant number starts), e.g. 69 for Albania. */
  mobilePrefixes: string[];
  /** Length of the national significant number of mobile and of fixed-line numbers. */
  mobileLength: number;
  fixedLength: number;
  zone: string;
  /** Language of most of the organisation's staff. */
  langId: 'sq' | 'en';
  /** Share of staff who use the other language. */
  otherLangShare: number;
  headOffice: { name: string; city: string; street: string; lat: number; lng: number };
  contacts: { name: string; surname: string }[];
  cities: CityDef[];
  regions: RegionDef[];
  branches: BranchDef[];
  schedules: { retail: ScheduleDef; weekdays: ScheduleDef };
  holidays: HolidayDef[];
  /** When a holiday falls on a Sunday the next free day is observed as well. */
  observeSundayOnMonday: boolean;
  firstNames: string[];
  surnames: string[];
}

const fixed = (month: number, day: number) => (year: number) => DateTime.fromObject({ year, month, day }).toISODate()!;
/** The `nth` (1-based) given ISO weekday of a month, or the last one when nth is -1. */
const nthWeekday = (month: number, weekday: number, nth: number) => (year: number) => {
  if (nth === -1) {
    let d = DateTime.fromObject({ year, month }).endOf('month').startOf('day');
    while (d.weekday !== weekday) d = d.minus({ days: 1 });
    return d.toISODate()!;
  }
  let d = DateTime.fromObject({ year, month, day: 1 });
  while (d.weekday !== weekday) d = d.plus({ days: 1 });
  return d.plus({ weeks: nth - 1 }).toISODate()!;
};

const TIRANE = 'Europe/Tirane';
const NEW_YORK = 'America/New_York';
const CHICAGO = 'America/Chicago';

export const ALBANIA: OrgDef = {
  key: 'AL',
  name: 'Banka Kombëtare Demo',
  emailDomain: 'bkd-demo.al',
  country: 'Albania',
  callingCode: '355',
  mobilePrefixes: ['69', '68', '67'],
  mobileLength: 9,
  fixedLength: 8,
  zone: TIRANE,
  langId: 'sq',
  otherLangShare: 0.15,
  headOffice: { name: 'Zyra Qendrore', city: 'Tirana', street: 'Bulevardi Dëshmorët e Kombit 4', lat: 41.3225, lng: 19.8215 },
  contacts: [
    { name: 'Artan', surname: 'Kelmendi' },
    { name: 'Blerina', surname: 'Prifti' },
  ],
  cities: [
    { name: 'Tirana', code: 'TIR', state: 'Tiranë', zip: '1001', area: '4', region: 'TIR', zone: TIRANE },
    { name: 'Durrës', code: 'DUR', state: 'Durrës', zip: '2001', area: '52', region: 'DUR', zone: TIRANE },
    { name: 'Kavajë', code: 'KAV', state: 'Tiranë', zip: '2501', area: '55', region: 'DUR', zone: TIRANE },
    { name: 'Lushnjë', code: 'LUS', state: 'Fier', zip: '9001', area: '35', region: 'DUR', zone: TIRANE },
    { name: 'Shkodër', code: 'SHK', state: 'Shkodër', zip: '4001', area: '22', region: 'SHK', zone: TIRANE },
    { name: 'Lezhë', code: 'LEZ', state: 'Lezhë', zip: '4501', area: '215', region: 'SHK', zone: TIRANE },
    { name: 'Kukës', code: 'KUK', state: 'Kukës', zip: '8501', area: '24', region: 'SHK', zone: TIRANE },
    { name: 'Vlorë', code: 'VLO', state: 'Vlorë', zip: '9401', area: '33', region: 'VLO', zone: TIRANE },
    { name: 'Fier', code: 'FIE', state: 'Fier', zip: '9301', area: '34', region: 'VLO', zone: TIRANE },
    { name: 'Sarandë', code: 'SAR', state: 'Vlorë', zip: '9701', area: '85', region: 'VLO', zone: TIRANE },
    { name: 'Gjirokastër', code: 'GJI', state: 'Gjirokastër', zip: '6001', area: '84', region: 'VLO', zone: TIRANE },
    { name: 'Elbasan', code: 'ELB', state: 'Elbasan', zip: '3001', area: '54', region: 'ELB', zone: TIRANE },
    { name: 'Berat', code: 'BER', state: 'Berat', zip: '5001', area: '32', region: 'ELB', zone: TIRANE },
    { name: 'Korçë', code: 'KOR', state: 'Korçë', zip: '7001', area: '82', region: 'KOR', zone: TIRANE },
    { name: 'Pogradec', code: 'POG', state: 'Korçë', zip: '7301', area: '83', region: 'KOR', zone: TIRANE },
  ],
  regions: [
    { key: 'TIR', name: 'Tirana Region', city: 'Tirana', street: 'Rruga Ibrahim Rugova 12', lat: 41.319, lng: 19.817 },
    { key: 'DUR', name: 'Durrës Region', city: 'Durrës', street: 'Rruga Aleksandër Goga 18', lat: 41.317, lng: 19.447 },
    { key: 'SHK', name: 'Shkodër Region', city: 'Shkodër', street: 'Bulevardi Skënderbeu 30', lat: 42.065, lng: 19.513 },
    { key: 'VLO', name: 'Vlorë Region', city: 'Vlorë', street: 'Sheshi i Flamurit 3', lat: 40.4665, lng: 19.4895 },
    { key: 'ELB', name: 'Elbasan Region', city: 'Elbasan', street: 'Bulevardi Qemal Stafa 40', lat: 41.112, lng: 20.083 },
    { key: 'KOR', name: 'Korçë Region', city: 'Korçë', street: 'Bulevardi Republika 15', lat: 40.618, lng: 20.78 },
  ],
  branches: [
    { city: 'Tirana', name: 'Dega Skënderbej', street: 'Sheshi Skënderbej 2', lat: 41.3279, lng: 19.819 },
    { city: 'Tirana', name: 'Dega Blloku', street: 'Rruga Ismail Qemali 27', lat: 41.3188, lng: 19.816, zip: '1019' },
    { city: 'Tirana', name: 'Dega Pazari i Ri', street: 'Sheshi Avni Rustemi 4', lat: 41.3306, lng: 19.8247 },
    { city: 'Tirana', name: 'Dega Zogu i Zi', street: 'Rruga e Durrësit 210', lat: 41.3365, lng: 19.7965, zip: '1023' },
    { city: 'Tirana', name: 'Dega Astir', street: 'Unaza e Madhe, Astir', lat: 41.3318, lng: 19.788, zip: '1023' },
    { city: 'Tirana', name: 'Dega Kombinat', street: 'Rruga e Kavajës 420', lat: 41.3175, lng: 19.7765, zip: '1027' },
    {
      city: 'Tirana',
      name: 'ATM Aeroporti Rinas',
      street: 'Aeroporti Ndërkombëtar Nënë Tereza, Rinas',
      lat: 41.4147,
      lng: 19.7206,
      kind: 'ATM',
      zip: '1504',
    },
    {
      city: 'Tirana',
      name: 'Thesari Kashar',
      street: 'Autostrada Tiranë–Durrës km 7, Kashar',
      lat: 41.347,
      lng: 19.733,
      kind: 'VAULT',
      zip: '1051',
    },
    { city: 'Durrës', name: 'Dega Durrës Qendër', street: 'Bulevardi Epidamn 45', lat: 41.318, lng: 19.445 },
    { city: 'Durrës', name: 'Dega Durrës Plazh', street: 'Bulevardi Pavarësia, Plazh', lat: 41.306, lng: 19.486, zip: '2008' },
    { city: 'Kavajë', name: 'Dega Kavajë', street: 'Rruga Dëshmorët 12', lat: 41.1852, lng: 19.5569 },
    { city: 'Lushnjë', name: 'Dega Lushnjë', street: 'Bulevardi Kongresi i Lushnjës 8', lat: 40.9419, lng: 19.705 },
    { city: 'Shkodër', name: 'Dega Shkodër Qendër', street: 'Rruga Kolë Idromeno 10', lat: 42.0665, lng: 19.5112 },
    { city: 'Shkodër', name: 'Dega Shkodër Rus', street: 'Rruga 13 Dhjetori 55', lat: 42.059, lng: 19.519 },
    { city: 'Lezhë', name: 'Dega Lezhë', street: 'Sheshi Gjergj Kastrioti 1', lat: 41.7813, lng: 19.6436 },
    { city: 'Kukës', name: 'Dega Kukës', street: 'Rruga Dëshmorët e Kombit 20', lat: 42.0767, lng: 20.4219 },
    { city: 'Vlorë', name: 'Dega Vlorë Qendër', street: 'Rruga Sadik Zotaj 6', lat: 40.466, lng: 19.49 },
    { city: 'Vlorë', name: 'Dega Vlorë Lungomare', street: 'Rruga Murat Terbaçi, Lungomare', lat: 40.452, lng: 19.4862 },
    { city: 'Fier', name: 'Dega Fier', street: 'Bulevardi Jakov Xoxa 22', lat: 40.7239, lng: 19.5561 },
    { city: 'Sarandë', name: 'Dega Sarandë', street: 'Rruga Skënderbeu 14', lat: 39.875, lng: 20.006 },
    { city: 'Gjirokastër', name: 'Dega Gjirokastër', street: 'Rruga 18 Shtatori 3', lat: 40.0756, lng: 20.1386 },
    { city: 'Elbasan', name: 'Dega Elbasan', street: 'Bulevardi Qemal Stafa 11', lat: 41.1125, lng: 20.0822 },
    { city: 'Berat', name: 'Dega Berat', street: 'Bulevardi Republika 9', lat: 40.7058, lng: 19.9522 },
    { city: 'Korçë', name: 'Dega Korçë', street: 'Bulevardi Shën Gjergji 5', lat: 40.6186, lng: 20.7808 },
    {
      city: 'Pogradec',
      name: 'Dega Pogradec',
      street: 'Rruga Rinia 7',
      lat: 40.9025,
      lng: 20.6525,
      testNote: 'New alarm panel installed; commissioning tests until the installer signs off.',
    },
  ],
  schedules: {
    retail: {
      name: 'Orari standard (Mon–Fri 08:00–16:00, Sat 09:00–13:00)',
      days: {
        1: ['08:00', '16:00'],
        2: ['08:00', '16:00'],
        3: ['08:00', '16:00'],
        4: ['08:00', '16:00'],
        5: ['08:00', '16:00'],
        6: ['09:00', '13:00'],
      },
    },
    weekdays: {
      name: 'Ditë pune (Mon–Fri 07:30–17:30)',
      days: { 1: ['07:30', '17:30'], 2: ['07:30', '17:30'], 3: ['07:30', '17:30'], 4: ['07:30', '17:30'], 5: ['07:30', '17:30'] },
    },
  },
  holidays: [
    { name: "New Year's Day", on: fixed(1, 1) },
    { name: "New Year's Holiday", on: fixed(1, 2) },
    { name: 'Summer Day (Dita e Verës)', on: fixed(3, 14) },
    { name: 'Nowruz (Dita e Nevruzit)', on: fixed(3, 22) },
    { name: "International Workers' Day", on: fixed(5, 1) },
    { name: 'Independence Day (Dita e Pavarësisë)', on: fixed(11, 28) },
    { name: 'Liberation Day (Dita e Çlirimit)', on: fixed(11, 29) },
    { name: 'National Youth Day', on: fixed(12, 8) },
    { name: 'Christmas Day', on: fixed(12, 25) },
  ],
  observeSundayOnMonday: true,
  firstNames: [
    'Arben',
    'Besnik',
    'Dritan',
    'Elira',
    'Ermira',
    'Fatmir',
    'Gentian',
    'Ilir',
    'Jonida',
    'Klodian',
    'Ledia',
    'Mirela',
    'Ndriçim',
    'Orges',
    'Arta',
    'Blerina',
    'Erion',
    'Kejsi',
    'Anisa',
    'Sokol',
    'Alban',
    'Elona',
    'Denis',
    'Xhensila',
    'Rezarta',
    'Artan',
    'Flutura',
    'Genc',
    'Valbona',
    'Edlira',
    'Albana',
    'Bujar',
    'Dorina',
    'Eneida',
    'Fation',
    'Gëzim',
    'Juljana',
    'Kristi',
    'Lindita',
    'Marsela',
    'Olsi',
    'Petrit',
    'Rudina',
    'Sidorela',
    'Taulant',
    'Vjollca',
    'Ylli',
    'Zamira',
  ],
  surnames: [
    'Hoxha',
    'Shehu',
    'Gjoka',
    'Leka',
    'Dervishi',
    'Krasniqi',
    'Berisha',
    'Çela',
    'Kola',
    'Marku',
    'Prifti',
    'Basha',
    'Duka',
    'Gashi',
    'Hysa',
    'Mema',
    'Sula',
    'Topalli',
    'Zeqiri',
    'Lika',
    'Muça',
    'Dushku',
    'Bregu',
    'Kalemi',
    'Xhafa',
    'Meta',
    'Brahimi',
    'Dedja',
    'Frashëri',
    'Gjini',
    'Kapllani',
    'Lama',
    'Nikolla',
    'Qirjako',
    'Ruçi',
    'Tafaj',
  ],
};

export const UNITED_STATES: OrgDef = {
  key: 'US',
  name: 'Liberty Savings Demo',
  emailDomain: 'libertysavings-demo.com',
  country: 'United States',
  callingCode: '1',
  mobilePrefixes: [],
  mobileLength: 10,
  fixedLength: 10,
  zone: NEW_YORK,
  langId: 'en',
  otherLangShare: 0,
  headOffice: { name: 'Liberty Savings Head Office', city: 'New York', street: '245 Park Avenue', lat: 40.7545, lng: -73.9755 },
  contacts: [
    { name: 'Karen', surname: 'Mitchell' },
    { name: 'Robert', surname: 'Alvarez' },
  ],
  cities: [
    { name: 'New York', code: 'NYC', state: 'NY', zip: '10110', area: '212', region: 'NY', zone: NEW_YORK },
    { name: 'Brooklyn', code: 'BKN', state: 'NY', zip: '11201', area: '718', region: 'NY', zone: NEW_YORK },
    { name: 'Queens', code: 'QNS', state: 'NY', zip: '11354', area: '718', region: 'NY', zone: NEW_YORK },
    { name: 'Bronx', code: 'BRX', state: 'NY', zip: '10458', area: '718', region: 'NY', zone: NEW_YORK },
    { name: 'Staten Island', code: 'STI', state: 'NY', zip: '10301', area: '718', region: 'NY', zone: NEW_YORK },
    { name: 'Garden City', code: 'GCY', state: 'NY', zip: '11530', area: '516', region: 'NY', zone: NEW_YORK },
    { name: 'Huntington', code: 'HUN', state: 'NY', zip: '11743', area: '631', region: 'NY', zone: NEW_YORK },
    { name: 'Chicago', code: 'CHI', state: 'IL', zip: '60603', area: '312', region: 'CHI', zone: CHICAGO },
    { name: 'Evanston', code: 'EVN', state: 'IL', zip: '60201', area: '847', region: 'CHI', zone: CHICAGO },
    { name: 'Oak Park', code: 'OAK', state: 'IL', zip: '60301', area: '708', region: 'CHI', zone: CHICAGO },
    { name: 'Naperville', code: 'NAP', state: 'IL', zip: '60540', area: '630', region: 'CHI', zone: CHICAGO },
    { name: 'Schaumburg', code: 'SCH', state: 'IL', zip: '60173', area: '847', region: 'CHI', zone: CHICAGO },
  ],
  regions: [
    { key: 'NY', name: 'New York Region', city: 'New York', street: '245 Park Avenue, 12th Floor', lat: 40.7545, lng: -73.9755 },
    { key: 'CHI', name: 'Chicago Region', city: 'Chicago', street: '10 South Dearborn Street', lat: 41.8817, lng: -87.6294 },
  ],
  branches: [
    { city: 'New York', name: 'Midtown Fifth Avenue', street: '500 Fifth Avenue', lat: 40.754, lng: -73.981 },
    { city: 'New York', name: 'Wall Street', street: '48 Wall Street', lat: 40.7065, lng: -74.0093, zip: '10005' },
    { city: 'New York', name: 'Upper West Side', street: '2250 Broadway', lat: 40.7845, lng: -73.9795, zip: '10024' },
    { city: 'New York', name: 'Harlem 125th Street', street: '125 West 125th Street', lat: 40.8085, lng: -73.9465, zip: '10027' },
    { city: 'Brooklyn', name: 'Downtown Brooklyn', street: '395 Flatbush Avenue Extension', lat: 40.6905, lng: -73.983 },
    { city: 'Brooklyn', name: 'Park Slope', street: '150 Seventh Avenue', lat: 40.6733, lng: -73.9776, zip: '11215' },
    { city: 'Queens', name: 'Flushing Main Street', street: '39-01 Main Street', lat: 40.7595, lng: -73.8302 },
    { city: 'Queens', name: 'Astoria', street: '30-02 Steinway Street', lat: 40.764, lng: -73.915, zip: '11103' },
    {
      city: 'Queens',
      name: 'JFK Terminal 4 ATM',
      street: 'JFK International Airport, Terminal 4',
      lat: 40.6441,
      lng: -73.7822,
      zip: '11430',
      kind: 'ATM',
    },
    { city: 'Bronx', name: 'Fordham Road', street: '200 East Fordham Road', lat: 40.862, lng: -73.897 },
    { city: 'Staten Island', name: 'St. George', street: '25 Hyatt Street', lat: 40.6422, lng: -74.077 },
    { city: 'Garden City', name: 'Garden City', street: '1000 Franklin Avenue', lat: 40.729, lng: -73.635 },
    { city: 'Huntington', name: 'Huntington Village', street: '300 New York Avenue', lat: 40.8715, lng: -73.426 },
    { city: 'Chicago', name: 'The Loop', street: '135 South LaSalle Street', lat: 41.88, lng: -87.6325 },
    { city: 'Chicago', name: 'Lincoln Park', street: '2500 North Clark Street', lat: 41.9275, lng: -87.643, zip: '60614' },
    { city: 'Chicago', name: 'Wicker Park', street: '1600 North Milwaukee Avenue', lat: 41.91, lng: -87.6775, zip: '60647' },
    { city: 'Chicago', name: 'Hyde Park', street: '1500 East 53rd Street', lat: 41.7995, lng: -87.589, zip: '60615' },
    { city: 'Evanston', name: 'Evanston', street: '1700 Sherman Avenue', lat: 42.0465, lng: -87.682 },
    { city: 'Oak Park', name: 'Oak Park', street: '1000 Lake Street', lat: 41.8886, lng: -87.7905 },
    {
      city: 'Naperville',
      name: 'Naperville',
      street: '50 South Washington Street',
      lat: 41.772,
      lng: -88.1475,
      testNote: 'Branch opens next month; sensors and panic buttons under acceptance testing.',
    },
    { city: 'Schaumburg', name: 'Schaumburg', street: '1400 East Golf Road', lat: 42.05, lng: -88.04 },
  ],
  schedules: {
    retail: {
      name: 'Retail (Mon–Fri 09:00–17:00, Sat 09:00–12:00)',
      days: {
        1: ['09:00', '17:00'],
        2: ['09:00', '17:00'],
        3: ['09:00', '17:00'],
        4: ['09:00', '17:00'],
        5: ['09:00', '17:00'],
        6: ['09:00', '12:00'],
      },
    },
    weekdays: {
      name: 'Weekdays (Mon–Fri 08:00–18:00)',
      days: { 1: ['08:00', '18:00'], 2: ['08:00', '18:00'], 3: ['08:00', '18:00'], 4: ['08:00', '18:00'], 5: ['08:00', '18:00'] },
    },
  },
  // Federal Reserve bank holidays (banks close on these).
  holidays: [
    { name: "New Year's Day", on: fixed(1, 1) },
    { name: 'Martin Luther King Jr. Day', on: nthWeekday(1, 1, 3) },
    { name: "Washington's Birthday", on: nthWeekday(2, 1, 3) },
    { name: 'Memorial Day', on: nthWeekday(5, 1, -1) },
    { name: 'Juneteenth National Independence Day', on: fixed(6, 19) },
    { name: 'Independence Day', on: fixed(7, 4) },
    { name: 'Labor Day', on: nthWeekday(9, 1, 1) },
    { name: 'Columbus Day', on: nthWeekday(10, 1, 2) },
    { name: 'Veterans Day', on: fixed(11, 11) },
    { name: 'Thanksgiving Day', on: nthWeekday(11, 4, 4) },
    { name: 'Christmas Day', on: fixed(12, 25) },
  ],
  observeSundayOnMonday: true,
  firstNames: [
    'James',
    'Mary',
    'Robert',
    'Patricia',
    'Michael',
    'Jennifer',
    'David',
    'Linda',
    'William',
    'Elizabeth',
    'Richard',
    'Barbara',
    'Joseph',
    'Susan',
    'Thomas',
    'Jessica',
    'Christopher',
    'Sarah',
    'Daniel',
    'Karen',
    'Matthew',
    'Nancy',
    'Anthony',
    'Lisa',
    'Mark',
    'Ashley',
    'Steven',
    'Emily',
    'Andrew',
    'Michelle',
    'Joshua',
    'Amanda',
    'Kevin',
    'Melissa',
    'Brian',
    'Stephanie',
    'Luis',
    'Maria',
    'Wei',
    'Priya',
    'Marcus',
    'Tanisha',
  ],
  surnames: [
    'Smith',
    'Johnson',
    'Williams',
    'Brown',
    'Jones',
    'Garcia',
    'Miller',
    'Davis',
    'Rodriguez',
    'Martinez',
    'Hernandez',
    'Lopez',
    'Wilson',
    'Anderson',
    'Thomas',
    'Taylor',
    'Moore',
    'Jackson',
    'Martin',
    'Lee',
    'Nguyen',
    'Kowalski',
    "O'Brien",
    'Rossi',
    'Chen',
    'Patel',
    'Thompson',
    'White',
    'Harris',
    'Clark',
    'Lewis',
    'Walker',
    'Young',
    'Allen',
    'Greene',
    'Murphy',
  ],
};

export const DEMO_ORGS: readonly OrgDef[] = [ALBANIA, UNITED_STATES];

/** The monitoring centre: watches both banks. */
export const SECURITY_OFFICE = {
  name: 'Vigil Central Monitoring',
  code: 'SO-DEMO',
  address: 'Rruga e Elbasanit 88',
  city: 'Tirana',
  state: 'Tiranë',
  zipCode: '1010',
  country: 'Albania',
  phoneNumber: '+35542270900',
  email: 'monitoring@vigil-demo.al',
  latitude: 41.317,
  longitude: 19.831,
  timeZone: TIRANE,
} as const;

/** Incident texts by action, for the notifications sprinkled over the history. */
export const INCIDENT_MESSAGES: Record<string, string[]> = {
  Trouble: [
    'Alarm panel: communication failure',
    'Alarm panel: low battery',
    'Door contact fault at the back entrance',
    'Camera 2 video loss',
  ],
  Alarm: ['Intrusion alarm: zone 3 (back office)', 'Intrusion alarm: main entrance', 'Vault door sensor triggered'],
  Panic: ['Panic button pressed at teller 2', 'Panic button pressed at the front desk', 'Mobile panic button pressed'],
  Duress: ['Duress code entered on the mobile app', 'Duress code entered at the alarm keypad'],
};
