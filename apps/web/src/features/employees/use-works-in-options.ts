/** The select options of the employee form: the organisation's regions, branches and security offices (WorksIn), and the SMS operators (CarrierInfo). */
import { useRegionOptions, useSecurityOfficeOptions } from '../../shared/lookups/api';
import type { OrgScope } from '../../shared/organization/org-scope';
import { useBranchOptions, useOperatorOptions } from './api';
import type { WorksInOptions } from './employee-form';

/** The options for the organisation in `scope`; nothing is asked while `enabled` is false. */
export function useWorksInOptions(scope: OrgScope, enabled: boolean): WorksInOptions {
  return {
    regions: useRegionOptions(scope, enabled),
    branches: useBranchOptions(scope, enabled),
    securityOffices: useSecurityOfficeOptions(scope, enabled),
    operators: useOperatorOptions(enabled),
  };
}
