/**
 * Branch offices (locations; spec §3 Branch office, §7 Offices and organisations): the live board
 * (getofficesv2 GET-ALL-BRANCH-OFFICES, recoloured by socket events under branchKeys), branch mode
 * (setbranchmode), and branch management: the list, one branch with its schedule and employees,
 * branch types, add (addbranchoffice) and the UPDATE-BRANCH-OFFICE-* writes (managebranchoffices).
 */
import { replaceEqualDeep, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ActivityReportRow,
  type ZBranchActivitiesRequest,
  SocketEventType,
  type BranchOfficeRow,
  type BranchTaskFields,
  type BranchOfficeType,
  type GetOfficesV2Body,
  type GetOfficesV2Request,
  type OfficeSchedule,
  type ZAddBranchOfficeRequest,
  type ZGetBranchByIdRequest,
  type ZGetKnownOperatorsRequest,
  type ZManageBranchOfficesRequest,
  type ZSetBranchModeRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/download';
import { crudKeys, listFilterFields, useCrudMutation, type ListFilter, type ListSource } from '../../shared/crud/api';
import type { OfficeScheduleSavers } from '../../shared/crud/OfficeTabs';
import type { OrgScope } from '../../shared/organization/org-scope';
import { applyEventToBoard, isEventBody } from '../../realtime/board-events';
import { BOARD_PATH, readBranchBoard, takeEarlyBoardRead } from '../../realtime/board-read';

const PATHS = {
  list: BOARD_PATH,
  detail: '/api/client/getbranchbyidv2',
  employees: '/api/client/getbranchemployees',
  types: '/api/client/getknownoperators',
  add: '/api/client/addbranchoffice',
  manage: '/api/client/managebranchoffices',
  setMode: '/api/client/setbranchmode',
} as const;

export type AddBranchRequest = Extract<z.input<typeof ZAddBranchOfficeRequest>, { case: 'ADD-BRANCH-OFFICE' }>;
type ManageRequest = z.input<typeof ZManageBranchOfficesRequest>;
/** The details form's fields (UPDATE-BRANCH-OFFICE-DETAILS without case and id). */
export type BranchDetailsValues = Omit<Extract<ManageRequest, { case: 'UPDATE-BRANCH-OFFICE-DETAILS' }>, 'case' | 'branchOfficeId'>;
type SetBranchModeRequest = z.input<typeof ZSetBranchModeRequest>;

/** A branch with its week schedule, holidays and timers (getbranchbyidv2). */
/** A branch with its schedule and task lists (spec §3 ChecklistTemplatesData, LastTask). */
export type BranchDetail = BranchOfficeRow & OfficeSchedule & BranchTaskFields;
/** One person working at a branch (getbranchemployees; spec §7 Offices and organisations). */
export interface BranchEmployee {
  UserId: number;
  Name: string;
  Surname: string;
  Email: string;
  PhoneNumber: string | null;
  RoleId: number;
  RoleNameDisplay: string;
  StatusId: number;
  Status: string;
}
/** Modes of ZSetBranchModeRequest. */
export type BranchMode = SetBranchModeRequest['mode'];
export const BRANCH_MODES: readonly BranchMode[] = ['OPEN', 'CLOSE', 'SERVICE'];
/** Answer body of setbranchmode: the action recorded and its time (UTC ISO). */
export interface SetBranchModeBody {
  NotificationId: number;
  BranchOfficeId: number;
  BranchAction: string;
  At: string;
}
/** Answer body of getbranchbyidv2, addbranchoffice and managebranchoffices. */
interface DetailBody {
  branchofficeobject: BranchDetail;
}

/** The live board: rows recoloured by socket events (realtime/handlers writes under branchKeys.all). */
export const branchKeys = {
  all: ['branches'] as const,
  board: (organizationId: number | null) => [...branchKeys.all, 'board', organizationId] as const,
};

/** Branch management lists and details (under crudKeys.all: a management write refetches them). */
export const branchManagementKeys = {
  all: [...crudKeys.all, 'branches'] as const,
  list: (scope: OrgScope) => [...branchManagementKeys.all, 'list', scope] as const,
  detail: (id: number) => [...branchManagementKeys.all, 'detail', id] as const,
  employees: (id: number) => [...branchManagementKeys.all, 'employees', id] as const,
  activities: (id: number, from: string, to: string) => [...branchManagementKeys.all, 'activities', id, from, to] as const,
  types: () => [...branchManagementKeys.all, 'types'] as const,
};

/**
 * The board rows of the user's scope, or of the dealer's selected organisation: the read started
 * at sign-in when there is one (realtime/board-read.ts takeEarlyBoardRead), else a new read; either keeps
 * the live events dispatched while it was on its way.
 */
export function fetchBranchBoard(organizationId: number | null): Promise<GetOfficesV2Body> {
  return takeEarlyBoardRead(organizationId) ?? readBranchBoard(organizationId);
}

/** The board rows; `enabled` false while a dealer's organisation is not known yet. */
/**
 * Structural sharing of the board query: an answer from the server is compared deeply with the
 * rows before (unchanged rows keep their objects, so memoised rows do not redraw); a body made
 * from live events (board-events.ts isEventBody) already keeps every unchanged row's object and is
 * taken as it is — a deep comparison of 5,000 rows on every frame of events was the console's
 * largest cost under 200 events/s (issue 20).
 */
export function boardSharing(before: unknown, after: unknown): unknown {
  return isEventBody(after) ? after : replaceEqualDeep(before, after);
}

export function useBranchBoard(organizationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: branchKeys.board(organizationId),
    queryFn: () => fetchBranchBoard(organizationId),
    enabled,
    structuralSharing: boardSharing,
  });
}

/**
 * Sets a branch open, closed or in service (spec §4 branch actions); the board recolours from the
 * answer at once, as the BRANCH-ACTION event will.
 */
export function useSetBranchMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { branchOfficeId: number; mode: BranchMode }) =>
      apiPost<SetBranchModeBody>(PATHS.setMode, { case: 'SET-BRANCH-MODE', ...v } satisfies SetBranchModeRequest),
    onSuccess: (b) => {
      // The board moves at once, before the socket's BRANCH-ACTION message.
      const e = {
        type: SocketEventType.BranchAction,
        BranchOfficeId: b.BranchOfficeId,
        BranchAction: b.BranchAction,
        NotificationTimeAddedUTC: b.At,
      };
      qc.setQueriesData<GetOfficesV2Body>({ queryKey: branchKeys.all }, (body) => applyEventToBoard(body, e));
    },
  });
}

type ListFilterName = 'regionalOfficeId' | 'branchOfficeTypeId' | 'statusId';

/** The branches of the organisation in `scope`, filtered by region, type and status (management list). */
export function branchList(scope: OrgScope): ListSource<BranchOfficeRow, ListFilterName> {
  const request = (q: ListFilter<ListFilterName>) =>
    ({ case: 'GET-ALL-BRANCH-OFFICES', ...scope, ...listFilterFields(q) }) satisfies GetOfficesV2Request;
  return {
    key: branchManagementKeys.list(scope),
    page: (q, signal) =>
      apiPost<GetOfficesV2Body>(PATHS.list, { ...request(q), offset: q.offset, limit: q.limit } satisfies GetOfficesV2Request, {
        signal,
      }).then((b) => ({ rows: b.organizationobject, total: b.total })),
    exportCsv: (q) => downloadFile(PATHS.list, request(q), { format: 'csv' }),
  };
}

/** One branch with its schedule. */
export function useBranch(id: number) {
  return useQuery({
    queryKey: branchManagementKeys.detail(id),
    queryFn: ({ signal }) =>
      apiPost<DetailBody>(
        PATHS.detail,
        { case: 'GET-BRANCH-OFFICE-BY-BRANCHOFFICEID', branchOfficeId: id } satisfies z.input<typeof ZGetBranchByIdRequest>,
        { signal },
      ).then((b) => b.branchofficeobject),
  });
}

/** The people working at a branch or its region. */
export function useBranchEmployees(id: number) {
  return useQuery({
    queryKey: branchManagementKeys.employees(id),
    queryFn: ({ signal }) =>
      apiPost<{ userobject: BranchEmployee[] }>(PATHS.employees, { param_branchid: id }, { signal }).then((b) => b.userobject),
  });
}

/**
 * The branch's activity between two branch-local days (managebranchoffices GET-ACTIVITIES-BY-BRANCH-ID,
 * spec §7 Reports: body.organizationobject), newest first, first `limit` rows. Fails with the §8
 * 'Error retrieving Branch Activities'.
 */
export function useBranchActivities(id: number, fromDate: string, toDate: string, limit = 200) {
  return useQuery({
    queryKey: branchManagementKeys.activities(id, fromDate, toDate),
    queryFn: ({ signal }) =>
      apiPost<{ organizationobject: ActivityReportRow[]; total: number }>(
        PATHS.manage,
        { case: 'GET-ACTIVITIES-BY-BRANCH-ID', branchOfficeId: id, fromDate, toDate, limit, sortDir: 'desc' } satisfies z.input<
          typeof ZBranchActivitiesRequest
        >,
        { signal },
      ),
  });
}

/** Branch types for the branch form (getknownoperators GET-BRANCH-OFFICE-TYPES). */
export function useBranchTypes(enabled: boolean) {
  return useQuery({
    queryKey: branchManagementKeys.types(),
    queryFn: ({ signal }) =>
      apiPost<{ branchofficetypes: BranchOfficeType[] }>(
        PATHS.types,
        { case: 'GET-BRANCH-OFFICE-TYPES' } satisfies z.input<typeof ZGetKnownOperatorsRequest>,
        { signal },
      ).then((b) => b.branchofficetypes),
    enabled,
  });
}

/** Add a branch to the organisation in scope. */
export function useAddBranch() {
  return useCrudMutation((req: AddBranchRequest) => apiPost<DetailBody>(PATHS.add, req));
}

/** The writes of one branch: details, and the schedule savers of OfficeTabs. */
export function useBranchSavers(id: number): OfficeScheduleSavers & { details: (v: BranchDetailsValues) => Promise<unknown> } {
  const save = useCrudMutation((req: ManageRequest) => apiPost<DetailBody>(PATHS.manage, req));
  return {
    details: (v) => save.mutateAsync({ case: 'UPDATE-BRANCH-OFFICE-DETAILS', branchOfficeId: id, ...v }),
    week: (v) => save.mutateAsync({ case: 'UPDATE-BRANCH-OFFICE-WEEKSCHEDULE', branchOfficeId: id, ...v }),
    holidays: (v) => save.mutateAsync({ case: 'UPDATE-BRANCH-OFFICE-HOLIDAYS', branchOfficeId: id, ...v }),
    timers: (v) => save.mutateAsync({ case: 'UPDATE-BRANCH-OFFICE-TIMERS', branchOfficeId: id, ...v }),
  };
}
