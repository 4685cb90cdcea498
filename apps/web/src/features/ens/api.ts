/**
 * The ENS feature's client (docs/API.md "ENS"): the branches in scope (for the client → region →
 * location cascade, spec §6), a branch's templates and employees, the send (NOTIFY-EMEGREGENCY),
 * and the organisation admins' template management.
 */
import { refetchAfterEvent } from '../../shared/api/refetch-after-event';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BranchEmployeeRow,
  BranchOfficeRow,
  EnsMessageTemplate,
  EnsNotification,
  GetOfficesV2Request,
  NotifyEmergencyResult,
  SocketEvent,
  ZManageEnsMessageTemplatesRequest,
} from '@vigil/contract';
import { SocketEventType } from '@vigil/contract';
import { ApiError, apiPost, postEnvelope } from '../../shared/api/client';

const TEMPLATES_PATH = '/api/client/manageensmessagetemplates';
type TemplatesRequest = z.input<typeof ZManageEnsMessageTemplatesRequest>;

export const ensKeys = {
  all: ['ens'] as const,
  branches: () => [...ensKeys.all, 'branches'] as const,
  employees: (branchId: number) => [...ensKeys.all, 'employees', branchId] as const,
  templates: (branchId: number) => [...ensKeys.all, 'templates', branchId] as const,
  orgTemplates: (organizationId: number | undefined) => [...ensKeys.all, 'org-templates', organizationId ?? 0] as const,
};

/** Every branch in the caller's scope (getofficesv2), for the dialog's cascade. */
export function useEnsBranches(enabled: boolean) {
  return useQuery({
    queryKey: ensKeys.branches(),
    queryFn: ({ signal }) =>
      apiPost<{ organizationobject: BranchOfficeRow[] }>(
        '/api/client/getofficesv2',
        { case: 'GET-ALL-BRANCH-OFFICES', offset: 0, limit: 10_000 } satisfies GetOfficesV2Request,
        { signal },
      ).then((b) => b.organizationobject),
    enabled,
  });
}

/** The people who work at a branch (getbranchemployees). */
export function useBranchEmployees(branchId: number | null) {
  return useQuery({
    queryKey: ensKeys.employees(branchId ?? 0),
    queryFn: ({ signal }) =>
      apiPost<{ userobject: BranchEmployeeRow[] }>('/api/client/getbranchemployees', { param_branchid: branchId }, { signal }).then(
        (b) => b.userobject,
      ),
    enabled: branchId !== null,
  });
}

/** The templates usable at a branch (GET-ENS-MESSAGE-TEMPLATES). */
export function useBranchTemplates(branchId: number | null) {
  return useQuery({
    queryKey: ensKeys.templates(branchId ?? 0),
    queryFn: ({ signal }) =>
      apiPost<{ templates: EnsMessageTemplate[] }>(
        TEMPLATES_PATH,
        { case: 'GET-ENS-MESSAGE-TEMPLATES', branchId: branchId ?? 0 } satisfies TemplatesRequest,
        { signal },
      ).then((b) => b.templates),
    enabled: branchId !== null,
  });
}

/** NOTIFY-EMEGREGENCY: resolves with the result and the server's description (the success text). */
export function useSendEmergency() {
  return useMutation({
    mutationFn: async (input: Extract<TemplatesRequest, { case: 'NOTIFY-EMEGREGENCY' }>) => {
      const env = await postEnvelope<NotifyEmergencyResult>(TEMPLATES_PATH, input);
      // success:false: the server's description is the text of the error snackbar (spec §8).
      if (!env.success) throw new ApiError(200, { code: env.code, description: env.description });
      return { result: env.body!, description: env.description ?? '' };
    },
  });
}

/** The organisation's templates (GET-ALL-ENS-MESSAGE-TEMPLATES; roles 2 and 12). */
export function useOrganizationTemplates(organizationId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ensKeys.orgTemplates(organizationId),
    queryFn: ({ signal }) =>
      apiPost<{ templates: EnsMessageTemplate[] }>(
        TEMPLATES_PATH,
        { case: 'GET-ALL-ENS-MESSAGE-TEMPLATES', organizationId } satisfies TemplatesRequest,
        { signal },
      ).then((b) => b.templates),
    enabled,
  });
}

/** Add, update or delete a template; refetches every template list. */
export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      input: Extract<
        TemplatesRequest,
        { case: 'ADD-ENS-MESSAGE-TEMPLATE' | 'UPDATE-ENS-MESSAGE-TEMPLATE' | 'DELETE-ENS-MESSAGE-TEMPLATE' }
      >,
    ) => apiPost<unknown>(TEMPLATES_PATH, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ensKeys.all }),
  });
}

/** Query keys of the ENS list and details (fed live by ensEventHandler). */
export const ensListKeys = {
  list: () => [...ensKeys.all, 'list'] as const,
  detail: (id: number) => [...ensKeys.all, 'detail', id] as const,
};

/** The ENS list (getnotifications GET-ENS-NOTIFICATIONS): newest first, with counts. */
export function useEnsList(enabled = true) {
  return useQuery({
    queryKey: ensListKeys.list(),
    queryFn: ({ signal }) =>
      apiPost<{ temp_ens_notificationobject: EnsNotification[] }>(
        '/api/client/getnotifications',
        { case: 'GET-ENS-NOTIFICATIONS', offset: 0, limit: 100 },
        { signal },
      ).then((b) => b.temp_ens_notificationobject),
    enabled,
  });
}

/** One ENS notification with every recipient's per-channel state (GET-ENS-NOTIFICATION-DETAILS). */
export function useEnsDetail(id: number | null) {
  return useQuery({
    queryKey: ensListKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      apiPost<{ temp_ens_notificationobject: EnsNotification }>(
        '/api/client/getnotifications',
        { case: 'GET-ENS-NOTIFICATION-DETAILS', ensId: id ?? 0 },
        { signal },
      ).then((b) => b.temp_ens_notificationobject),
    enabled: id !== null,
  });
}

/**
 * Live ENS: EMERGENCY-NOTIFICATION refetches the list; ENS-STATUS refetches the list and that
 * notification's detail (the server's presenter stays the one shape of a row).
 */
export function applyEnsEvent(qc: QueryClient, e: SocketEvent): void {
  // refetchAfterEvent, not invalidateQueries: a first read on its way (read before the event) would be joined, not made again.
  if (e.type === SocketEventType.EmergencyNotification) void refetchAfterEvent(qc, ensListKeys.list());
  if (e.type === SocketEventType.EnsStatus) {
    void refetchAfterEvent(qc, ensListKeys.list());
    void refetchAfterEvent(qc, ensListKeys.detail(e.Payload.EnsId));
  }
}
