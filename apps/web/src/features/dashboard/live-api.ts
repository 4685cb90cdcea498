/**
 * Console actions of the live dashboard: branch mode (POST /api/client/setbranchmode) and the
 * alarm workflow (POST /api/client/managealarms ACKNOWLEDGE / ADD-NOTE); the alarm list read
 * from the query cache ['alarms'] that the socket handlers fill.
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SocketEventType, type GetOfficesV2Body } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { getSession } from '../../shared/session/session-store';
import { applyEventToBoard } from '../../realtime/board-events';
import { acknowledgeAlarm, alarmKeys, type Alarm } from '../../realtime/alarm-events';
import { alarmHistoryKey, fetchAlarmHistory, mergeAlarmHistory } from '../../realtime/alarm-history';
import { branchKeys } from './api';

/** Modes of ZSetBranchModeRequest (contract mobile.ts). */
export type BranchMode = 'OPEN' | 'CLOSE' | 'SERVICE';
export const BRANCH_MODES: readonly BranchMode[] = ['OPEN', 'CLOSE', 'SERVICE'];

export interface SetBranchModeBody {
  NotificationId: number;
  BranchOfficeId: number;
  BranchAction: string;
  At: string;
}
export interface AcknowledgeBody {
  acknowledged: boolean;
  AcknowledgedBy: number;
  AcknowledgedAtUTC: string;
}

/**
 * The alarm list: live events since this page load, merged once with the not-done alarms raised
 * before it (history loads no sound; live ACK/NOTE events keep applying to both).
 */
export function useAlarms() {
  const qc = useQueryClient();
  const history = useQuery({
    queryKey: alarmHistoryKey,
    queryFn: fetchAlarmHistory,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    const h = history.data;
    if (h) qc.setQueryData<Alarm[]>(alarmKeys.all, (list) => mergeAlarmHistory(list, h));
  }, [qc, history.data]);
  return useQuery<Alarm[]>({
    queryKey: alarmKeys.all,
    queryFn: () => qc.getQueryData<Alarm[]>(alarmKeys.all) ?? [],
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useSetBranchMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { branchOfficeId: number; mode: BranchMode }) =>
      apiPost<SetBranchModeBody>('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: v.branchOfficeId, mode: v.mode }),
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

/** Bodies of ZManageAlarmsRequest (contract mobile.ts). */
type ManageAlarms = { case: 'ACKNOWLEDGE'; notificationId: number } | { case: 'ADD-NOTE'; notificationId: number; note: string };

export function useAcknowledgeAlarm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) =>
      apiPost<AcknowledgeBody>('/api/client/managealarms', { case: 'ACKNOWLEDGE', notificationId } satisfies ManageAlarms),
    onSuccess: (b, notificationId) => {
      if (!b.acknowledged) return; // someone else was first: their ALARM-ACK event names them
      const s = getSession();
      const ack = { UserId: b.AcknowledgedBy, Name: s ? `${s.Name} ${s.Surname}` : '', AtUTC: b.AcknowledgedAtUTC };
      qc.setQueryData<Alarm[]>(alarmKeys.all, (list) => acknowledgeAlarm(list, notificationId, ack));
    },
  });
}

export function useAddAlarmNote() {
  return useMutation({
    mutationFn: (v: { notificationId: number; note: string }) =>
      apiPost<{ NoteId: number }>('/api/client/managealarms', { case: 'ADD-NOTE', ...v } satisfies ManageAlarms),
  });
}
