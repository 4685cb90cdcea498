/**
 * Organisations in the caller's scope (POST /api/client/getorganizations, spec §6: the dealer,
 * role 12, loads organisations and acts on the selected one). Used by the shell's org card and
 * by the dashboard, so it lives in shared/.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RoleId, type OrganizationSummary } from '@vigil/contract';
import { apiPost } from '../api/client';
import { useSession } from '../session/use-session';

export const SELECTED_ORG_STORAGE_KEY = 'vigil.selectedOrganizationId';

export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
};

export function fetchOrganizations(): Promise<OrganizationSummary[]> {
  return apiPost<{ organizationobject: OrganizationSummary[] }>('/api/client/getorganizations', {}).then((b) => b.organizationobject ?? []);
}

export function useOrganizations(enabled: boolean) {
  return useQuery({ queryKey: organizationKeys.list(), queryFn: fetchOrganizations, enabled });
}

const listeners = new Set<() => void>();
function readStoredOrgId(): number | null {
  try {
    const v = Number(localStorage.getItem(SELECTED_ORG_STORAGE_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
function storeOrgId(id: number) {
  try {
    localStorage.setItem(SELECTED_ORG_STORAGE_KEY, String(id));
  } catch {
    // ignore
  }
  listeners.forEach((l) => l());
}

/** Pick the stored id when it is in the list, else the first organisation. */
export function pickOrganization(orgs: readonly OrganizationSummary[], storedId: number | null): OrganizationSummary | null {
  return orgs.find((o) => o.OrganizationId === storedId) ?? orgs[0] ?? null;
}

export interface SelectedOrganization {
  /** True when the user acts on one selected organisation (role 12). */
  applies: boolean;
  organizations: OrganizationSummary[];
  selected: OrganizationSummary | null;
  select: (id: number) => void;
  isLoading: boolean;
  isError: boolean;
}

/** The dealer's selected organisation (localStorage 'vigil.selectedOrganizationId', default first). */
export function useSelectedOrganization(): SelectedOrganization {
  const session = useSession();
  const applies = session?.RoleId === RoleId.Dealer && !session.IsAdmin;
  const q = useOrganizations(applies);
  const storedId = useSyncExternalStore(subscribe, readStoredOrgId, readStoredOrgId);
  const organizations = useMemo(() => q.data ?? [], [q.data]);
  const selected = useMemo(() => pickOrganization(organizations, storedId), [organizations, storedId]);
  const select = useCallback((id: number) => storeOrgId(id), []);
  return { applies, organizations, selected, select, isLoading: q.isLoading, isError: q.isError };
}

/**
 * The Country text of the organisation the signed-in client user works for (the dealer: the
 * selected one; others: their organisation when the scope has exactly one), for phone fields'
 * default country (issue 19). Null for the platform admin (no client call is made) or when unknown.
 */
export function useOrganizationCountry(): string | null {
  const session = useSession();
  const client = !!session && !session.IsAdmin;
  const q = useOrganizations(client);
  const selected = useSelectedOrganization();
  if (!client) return null;
  if (selected.applies) return selected.selected?.Country ?? null;
  const list = q.data ?? [];
  return list.length === 1 ? (list[0]!.Country ?? null) : null;
}
