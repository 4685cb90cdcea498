/** The employee form (spec §3 User data fields and WorksIn; contract ZEmployeeDetails): fields, empty values and a row's values. */
import type { TFunction } from 'i18next';
import type { FieldValues } from 'react-hook-form';
import {
  KNOWN_OPERATORS,
  ORGANIZATION_ROLES,
  ROLES,
  RoleId,
  formatPhoneInternational,
  inRoleGroup,
  type EmployeeRow,
} from '@vigil/contract';
import type { FieldDef } from '../../shared/crud/EntityForm';
import type { Option } from '../../shared/lookups/api';

/** A select option with a text value (an operator's Brand). */
export interface TextOption {
  value: string;
  label: string;
}

/** The WorksIn select options: the organisation's regions, branches and security offices. */
export interface WorksInOptions {
  regions: Option[];
  branches: Option[];
  securityOffices: Option[];
  /** CarrierInfo choices (getknownoperators' operators; the admin: the contract's KNOWN_OPERATORS). */
  operators?: TextOption[];
}

/** The contract's operator list as options (the same list getknownoperators answers). */
export const KNOWN_OPERATOR_OPTIONS: TextOption[] = KNOWN_OPERATORS.map((o) => ({ value: o.Brand, label: `${o.Brand} (${o.SmsDomain})` }));

/** The form fields; `adding` adds the send-activation switch and leaves out the e-mail change hint. */
export function employeeFields(t: TFunction, o: WorksInOptions, adding: boolean): FieldDef[] {
  return [
    { name: 'name', label: t('management.fields.name'), maxLength: 100 },
    { name: 'surname', label: t('management.employee.surname'), maxLength: 100 },
    { name: 'email', label: t('management.fields.email'), helper: adding ? undefined : t('management.employee.emailChangeHelp') },
    { name: 'phoneNumber', label: t('management.fields.phoneNumber'), kind: 'phone' },
    { name: 'number', label: t('management.employee.number'), maxLength: 50 },
    {
      name: 'carrierName',
      label: t('management.carrier.label'),
      kind: 'select',
      options: o.operators ?? KNOWN_OPERATOR_OPTIONS,
    },
    {
      name: 'roleId',
      label: t('management.fields.role'),
      kind: 'select',
      options: ROLES.filter((r) => inRoleGroup(ORGANIZATION_ROLES, r.Id)).map((r) => ({ value: r.Id, label: r.RoleNameDisplay })),
    },
    {
      name: 'langId',
      label: t('management.employee.language'),
      kind: 'select',
      options: [
        { value: 'en', label: 'English' },
        { value: 'sq', label: 'Shqip' },
      ],
    },
    { name: 'geofenceValidation', label: t('management.employee.geofenceValidation'), kind: 'switch' },
    { name: 'regionalOfficeIds', label: t('management.employee.regions'), kind: 'multiselect', options: o.regions },
    { name: 'branchOfficeIds', label: t('management.employee.branches'), kind: 'multiselect', options: o.branches },
    { name: 'securityOfficeIds', label: t('management.employee.securityOffices'), kind: 'multiselect', options: o.securityOffices },
    { name: 'address', label: t('management.fields.address'), wide: true, maxLength: 300 },
    { name: 'city', label: t('management.fields.city') },
    { name: 'state', label: t('management.fields.state') },
    { name: 'zipCode', label: t('management.employee.zipCode'), maxLength: 20 },
    { name: 'country', label: t('management.fields.country') },
    ...(adding ? [{ name: 'sendEmail', label: t('management.employee.sendEmail'), kind: 'switch' as const }] : []),
  ];
}

/** Values of the add form: a branch staff member (role 7) in English, activation e-mail on. */
export const EMPTY_EMPLOYEE: FieldValues = {
  name: '',
  surname: '',
  email: '',
  phoneNumber: '',
  number: '',
  roleId: RoleId.BranchStaff,
  langId: 'en',
  geofenceValidation: false,
  regionalOfficeIds: [],
  branchOfficeIds: [],
  securityOfficeIds: [],
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  carrierName: '',
  sendEmail: true,
};

/** Form values of an employee (a region counts only where it is not a branch's region). */
export function employeeValues(e: EmployeeRow): FieldValues {
  const ids = (k: 'RegionalOfficeId' | 'BranchOfficeId' | 'SecurityOfficeId') =>
    e.WorksIn.filter((w) => w[k] != null && (k !== 'RegionalOfficeId' || w.BranchOfficeId == null)).map((w) => w[k]!);
  return {
    name: e.Name,
    surname: e.Surname,
    email: e.Email,
    phoneNumber: formatPhoneInternational(e.PhoneNumber),
    number: e.Number ?? '',
    roleId: e.RoleId,
    langId: e.LangId,
    geofenceValidation: e.GeofenceValidation,
    regionalOfficeIds: ids('RegionalOfficeId'),
    branchOfficeIds: ids('BranchOfficeId'),
    securityOfficeIds: ids('SecurityOfficeId'),
    address: e.Address ?? '',
    city: e.City ?? '',
    state: e.State ?? '',
    zipCode: e.ZipCode ?? '',
    country: e.Country ?? '',
    carrierName: e.CarrierInfo?.CarrierName ?? '',
    sendEmail: false,
  };
}
