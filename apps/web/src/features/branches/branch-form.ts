/** The branch form (spec §3 Branch office): its select options and its fields, for the add dialog and the editor. */
import type { TFunction } from 'i18next';
import type { FieldDef } from '../../shared/crud/EntityForm';
import { addressFields, identityFields, statusOptions } from '../../shared/crud/fields';
import { useRegionOptions, useSecurityOfficeOptions, type Option } from '../../shared/lookups/api';
import type { OrgScope } from '../../shared/organization/org-scope';
import { useBranchTypes } from './api';

/** The branch form's select options: branch types, regions and security offices. */
export interface BranchOptions {
  types: Option[];
  regions: Option[];
  securityOffices: Option[];
  /** The branch types could not be read (spec §8 'Error retrieving Branch Types'). */
  typesFailed: boolean;
}

/** The options for the organisation in `scope`; nothing is asked while `enabled` is false. */
export function useBranchOptions(scope: OrgScope, enabled: boolean): BranchOptions {
  const types = useBranchTypes(enabled);
  return {
    types: (types.data ?? []).map((x) => ({ value: x.BranchOfficeTypeId, label: x.BranchOfficeTypeDisplay })),
    regions: useRegionOptions(scope, enabled),
    securityOffices: useSecurityOfficeOptions(scope, enabled),
    typesFailed: types.isError,
  };
}

/** The branch form fields (ZBranchDetails). */
export function branchFields(t: TFunction, o: BranchOptions): FieldDef[] {
  return [
    ...identityFields(t),
    { name: 'branchOfficeTypeId', label: t('management.fields.branchType'), kind: 'select', options: o.types },
    { name: 'regionalOfficeId', label: t('management.fields.region'), kind: 'select', options: o.regions },
    { name: 'securityOfficeId', label: t('management.fields.securityOffice'), kind: 'select', options: o.securityOffices },
    { name: 'statusId', label: t('management.fields.status'), kind: 'select', options: statusOptions(t) },
    ...addressFields(t),
    { name: 'geofenceRadius', label: t('management.fields.geofenceRadius'), kind: 'number', helper: t('management.fields.geofenceHelp') },
    { name: 'testMode', label: t('management.fields.testMode'), kind: 'switch' },
    {
      name: 'testNote',
      label: t('management.fields.testNote'),
      kind: 'textarea',
      wide: true,
      maxLength: 500,
      visible: (v) => !!v.testMode,
    },
  ];
}
