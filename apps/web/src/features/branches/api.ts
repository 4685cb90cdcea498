/** The branch board's data: POST /api/client/getofficesv2 GET-ALL-BRANCH-OFFICES (spec §7 Offices). */
import { useQuery } from '@tanstack/react-query';
import type { GetOfficesV2Body, GetOfficesV2Request } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';

export const branchKeys = {
  all: ['branches'] as const,
  board: (organizationId: number | null) => [...branchKeys.all, 'board', organizationId] as const,
};

export function fetchBranchBoard(organizationId: number | null): Promise<GetOfficesV2Body> {
  const req: GetOfficesV2Request = { case: 'GET-ALL-BRANCH-OFFICES', ...(organizationId ? { organizationId } : {}) };
  return apiPost<GetOfficesV2Body>('/api/client/getofficesv2', req);
}

/** The board rows; `enabled` false while a dealer's organisation is not known yet. */
export function useBranchBoard(organizationId: number | null, enabled: boolean) {
  return useQuery({ queryKey: branchKeys.board(organizationId), queryFn: () => fetchBranchBoard(organizationId), enabled });
}
