/**
 * Video call data for the console (spec §4 Phone call status; docs/API.md "Video calls and
 * incidents"): the open calls behind the drawer list, one incident with the caller's profile, and
 * the answer / transfer / end / close-out calls. Socket VIDEO-CALL events write into these caches
 * (live.ts); the status each console shows is computed here with the contract's callStatusFor.
 * Also the video recordings report (getvideorecordings) and the recording's address.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  callStatusFor,
  type Call,
  type Incident,
  type VIDEO_RECORDING_SORTS,
  type VideoRecordingRow,
  type ZVideoRecordingsRequest,
} from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile, type DownloadFormat, type DownloadProgress, type DownloadedFile } from '../../shared/api/download';

const PATHS = {
  calls: '/api/client/getcalls',
  call: '/api/client/getcall',
  answer: '/api/client/answercall',
  transfer: '/api/client/transfercall',
  end: '/api/client/endcall',
  closeout: '/api/client/closeoutcall',
  recordings: '/api/client/getvideorecordings',
};

export const callKeys = {
  all: ['calls'] as const,
  open: () => ['calls', 'open'] as const,
  call: (id: number) => ['calls', 'call', id] as const,
  recordings: (filters: object) => ['calls', 'recordings', filters] as const,
};

/** The open calls of the scope (getcalls), kept live by socket events. */
export function useOpenCalls(enabled = true) {
  return useQuery({
    queryKey: callKeys.open(),
    queryFn: ({ signal }) => apiPost<{ callobject: Call[] }>(PATHS.calls, {}, { signal }).then((b) => b.callobject),
    enabled,
  });
}

/** One incident (getcall) with the caller's profile at call time. */
export function useCall(id: number) {
  return useQuery({
    queryKey: callKeys.call(id),
    queryFn: ({ signal }) => apiPost<{ incidentobject: Incident }>(PATHS.call, { callId: id }, { signal }).then((b) => b.incidentobject),
    retry: false,
    enabled: id > 0,
  });
}

/**
 * Rank of a call's server state in its life (ringing → active ⇄ transfer → ended → closed; ringing
 * → missed): a call never goes back from ended, and never leaves closed or missed.
 */
const STATE_RANK: Record<Call['State'], number> = { ringing: 0, active: 1, transfer: 1, ended: 2, closed: 3, missed: 3 };

/**
 * True when `next` is an older state of the call than `known` (the state the caches hold): a state
 * before ended, or ended after closed or missed. Such a state is a late answer — an endcall's
 * answer leaves only after the call's media and recording have stopped, so it may arrive after a
 * close-out made meanwhile (and its event) — and is ignored. States before ended go both ways
 * (a transfer and its answer), so they are never refused.
 */
export function isOlderCallState(known: Pick<Call, 'State'>, next: Pick<Call, 'State'>): boolean {
  return STATE_RANK[known.State] >= 2 && STATE_RANK[next.State] < STATE_RANK[known.State];
}

/**
 * A call's new state into the caches, as user `me` sees it: the open list (a call whose status is
 * none for `me`, or closed out, leaves it; oldest first) and the incident (its profile kept). A
 * state older than the one the caches hold (isOlderCallState) changes nothing; answers whether
 * the state was taken.
 */
export function putCall(qc: QueryClient, call: Call, me: number): boolean {
  const known =
    qc.getQueryData<Incident>(callKeys.call(call.IncidentId)) ??
    qc.getQueryData<Call[]>(callKeys.open())?.find((c) => c.IncidentId === call.IncidentId);
  if (known && isOlderCallState(known, call)) return false;
  const seen: Call = { ...call, Status: callStatusFor(call, me) };
  const listed = seen.Status != null && seen.Status !== 'closeout' && seen.Status !== 'other-closeout';
  qc.setQueryData<Call[]>(callKeys.open(), (list) => {
    if (!list) return list;
    const rest = list.filter((c) => c.IncidentId !== seen.IncidentId);
    return listed ? [...rest, seen].sort((a, b) => a.StartTimeUTC.localeCompare(b.StartTimeUTC) || a.IncidentId - b.IncidentId) : rest;
  });
  qc.setQueryData<Incident>(callKeys.call(seen.IncidentId), (old) => (old ? { ...old, ...seen } : old));
  return true;
}

function useCallMutation(path: string, me: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { callId: number; toUserId?: number }) =>
      apiPost<{ incidentobject: Incident }>(path, body).then((b) => b.incidentobject),
    onSuccess: (inc) => {
      if (putCall(qc, inc, me)) qc.setQueryData(callKeys.call(inc.IncidentId), inc);
    },
  });
}

/** answercall (first-wins; a later answer fails with the server's 'already answered by' text). */
export const useAnswerCall = (me: number) => useCallMutation(PATHS.answer, me);
/** transfercall to an online operator. */
export const useTransferCall = (me: number) => useCallMutation(PATHS.transfer, me);
/** endcall: hang up. */
export const useEndCall = (me: number) => useCallMutation(PATHS.end, me);
/** closeoutcall: close the incident out. */
export const useCloseoutCall = (me: number) => useCallMutation(PATHS.closeout, me);

/** The address of a call's recording (GET, WebM, HTTP ranges; 404 when none is kept). */
export const recordingUrl = (callId: number) => `/api/client/callrecording/${callId}`;

export type VideoRecordingSort = (typeof VIDEO_RECORDING_SORTS)[number];

/** A frame of the video recordings report (the shared filter bar's dates and scope, sort). */
export interface VideoRecordingsFrame {
  fromDate: string;
  toDate: string;
  organizationId?: number | undefined;
  regionalOfficeId?: number | undefined;
  branchOfficeId?: number | undefined;
  sortBy: VideoRecordingSort;
  sortDir: 'asc' | 'desc';
}

const recordingsRequest = (f: VideoRecordingsFrame, search: string | undefined) =>
  ({ case: 'GET-VIDEO-RECORDINGS', ...f, ...(search ? { search } : {}) }) satisfies z.input<typeof ZVideoRecordingsRequest>;

/** The video recordings report as a report source (a page, and the CSV / XLSX of the same filters). */
export function videoRecordingsReport(search: string | undefined) {
  return {
    key: callKeys.recordings({ search }),
    page: (f: VideoRecordingsFrame & { offset: number; limit: number }, signal: AbortSignal) => {
      const { offset, limit, ...frame } = f;
      return apiPost<{ resultobject: VideoRecordingRow[]; total: number }>(
        PATHS.recordings,
        { ...recordingsRequest(frame, search), offset, limit },
        { signal },
      ).then((b) => ({ rows: b.resultobject, total: Number(b.total ?? 0) }));
    },
    download: (
      f: VideoRecordingsFrame,
      opts: { format: DownloadFormat; signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void },
    ): Promise<DownloadedFile> => downloadFile(PATHS.recordings, recordingsRequest(f, search), opts),
  };
}
