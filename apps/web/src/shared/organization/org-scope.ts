/**
 * Which organisation a management call acts on, and whether the user may change it (spec §6: the
 * organisation admin, role 2, manages its organisation; the dealer, role 12, the one selected).
 * Read by the screens of several features (head office, regions, branches, security offices,
 * employees), so it lives in shared/.
 */
import { RoleGroup, inRoleGroup } from '@vigil/contract';
import { useSession } from '../session/use-session';
import { useSelectedOrganization } from './api';

/** The organisation fields of a scoped request: the dealer's selected organisation, else none (the server uses the user's own). */
export interface OrgScope {
  organizationId?: number;
}

/**
 * The scope of the management calls: `{ organizationId }` of a dealer's selection, else `{}`;
 * `ready` is false while a dealer's organisations are still loading (calls wait for it).
 */
export function useOrgScope(): { scope: OrgScope; ready: boolean } {
  const org = useSelectedOrganization();
  if (!org.applies) return { scope: {}, ready: true };
  return { scope: org.selected ? { organizationId: org.selected.OrganizationId } : {}, ready: !!org.selected };
}

/** True for the roles that add and edit offices and employees (RoleGroup.OrganizationAdmins: 2 and 12). */
export function useCanManage(): boolean {
  const s = useSession();
  return !!s && inRoleGroup(RoleGroup.OrganizationAdmins, s.RoleId);
}
