/**
 * Field lists, option lists and value mapping shared by the management screens of several features
 * (organisations, security offices, regions, head office, branches, employees): the generic
 * scaffold gets these; screens only choose which to use.
 */
import type { TFunction } from 'i18next';
import type { FieldValues } from 'react-hook-form';
import { StatusId, formatPhoneInternational, type Contact } from '@vigil/contract';
import type { GeocodeArea } from '../geocoding/api';
import type { FieldDef } from './EntityForm';

/** Status options (spec §4: Active, Pending, Inactive). */
export const statusOptions = (t: TFunction) => [
  { value: StatusId.Active, label: t('management.status.Active') },
  { value: StatusId.Pending, label: t('management.status.Pending') },
  { value: StatusId.Inactive, label: t('management.status.Inactive') },
];

/** Name, code, phone and email. */
export const identityFields = (t: TFunction, withCode = true): FieldDef[] => [
  { name: 'name', label: t('management.fields.name'), maxLength: 200 },
  ...(withCode ? [{ name: 'code', label: t('management.fields.code'), maxLength: 50 }] : []),
  { name: 'phoneNumber', label: t('management.fields.phoneNumber'), kind: 'phone' },
  { name: 'email', label: t('management.fields.email') },
];

/**
 * Address, coordinates (typed, or picked on the map below them, or found from the address through
 * the `geocode` area's lookup when the server has a geocoder) and time zone.
 */
export const addressFields = (t: TFunction, withZone = true, geocode: GeocodeArea = 'client'): FieldDef[] => [
  { name: 'address', label: t('management.fields.address'), wide: true, maxLength: 300 },
  { name: 'city', label: t('management.fields.city') },
  { name: 'state', label: t('management.fields.state') },
  { name: 'zipCode', label: t('management.fields.zipCode'), maxLength: 20 },
  { name: 'country', label: t('management.fields.country') },
  { name: 'latitude', label: t('management.fields.latitude'), kind: 'number' },
  { name: 'longitude', label: t('management.fields.longitude'), kind: 'number' },
  { name: 'coordinates', label: t('management.map.label'), kind: 'coordinates', geocode },
  ...(withZone ? [{ name: 'timeZone', label: t('management.fields.timeZone'), helper: t('management.fields.timeZoneHelp') }] : []),
];

/** Primary and secondary contact fields. */
export const contactFields = (t: TFunction): FieldDef[] =>
  (['primary', 'secondary'] as const).flatMap((p) => [
    { name: `${p}ContactName`, label: t(`management.fields.${p}ContactName`) },
    { name: `${p}ContactSurname`, label: t(`management.fields.${p}ContactSurname`) },
    { name: `${p}ContactEmail`, label: t(`management.fields.${p}ContactEmail`) },
    { name: `${p}ContactPhone`, label: t(`management.fields.${p}ContactPhone`), kind: 'phone' },
  ]);

/** Form values of a contact. */
export const contactValues = (prefix: 'primary' | 'secondary', c: Contact): FieldValues => ({
  [`${prefix}ContactName`]: c.Name ?? '',
  [`${prefix}ContactSurname`]: c.Surname ?? '',
  [`${prefix}ContactEmail`]: c.Email ?? '',
  [`${prefix}ContactPhone`]: c.PhoneNumber ? formatPhoneInternational(c.PhoneNumber) : '',
});

/** Address-like values of a row (nulls as ''), phone shown international. */
export function addressValues(r: {
  Name: string;
  PhoneNumber: string | null;
  Email: string | null;
  Address: string | null;
  City: string | null;
  State: string | null;
  ZipCode: string | null;
  Country: string | null;
  Latitude: number | null;
  Longitude: number | null;
}): FieldValues {
  return {
    name: r.Name,
    phoneNumber: formatPhoneInternational(r.PhoneNumber),
    email: r.Email ?? '',
    address: r.Address ?? '',
    city: r.City ?? '',
    state: r.State ?? '',
    zipCode: r.ZipCode ?? '',
    country: r.Country ?? '',
    latitude: r.Latitude ?? '',
    longitude: r.Longitude ?? '',
  };
}

/** The browser's time zone, the default for new offices. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
