/**
 * Console actions of the live dashboard: branch mode (POST /api/client/setbranchmode) and the
 * alarm workflow (POST /api/client/managealarms ACKNOWLEDGE / ADD-NOTE); the alarm list read
 * from the query cache ['alarms'] that the socket handlers fill.
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SocketEventType, type GetOfficesV2Body, type SocketEvent } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { getSession } from '../../shared/session/session-store';
import { applyEventToBoard } from '../../realtime/board-events';
import { alarmKeys, applyEventToAlarms, type Alarm } from '../../realtime/alarm-events';
import { mergeAlarmHistory } from '../../realtime/alarm-history';
import { fetchAlarmHistory, notificationKeys } from '../notifications/api';
import { branchKeys } from '../branches/api';

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
    queryKey: notificationKeys.alarmHistory,
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

/** A synthetic event with the fields an HTTP answer gives, to update the cache before the socket echo. */
function localEvent(type: SocketEvent['type'], fields: Partial<SocketEvent>): SocketEvent {
  return {
    type,
    id: 0,
    BranchOfficeId: null,
    OrganizationId: null,
    RegionalOfficeId: null,
    BranchOfficeName: null,
    BranchTimeZone: null,
    BranchAction: null,
    NotificationType: null,
    IsTestNotification: false,
    IsClosedBySystemData: false,
    SecurityAlert: false,
    UserId: null,
    Name: null,
    Surname: null,
    Latitude: null,
    Longitude: null,
    MessageContent: null,
    NotificationTimeAddedUTC: new Date().toISOString(),
    LoggedAtUTC: new Date().toISOString(),
    Payload: {},
    ...fields,
  };
}

export function useSetBranchMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { branchOfficeId: number; mode: BranchMode }) =>
      apiPost<SetBranchModeBody>('/api/client/setbranchmode', { case: 'SET-BRANCH-MODE', branchOfficeId: v.branchOfficeId, mode: v.mode }),
    onSuccess: (b) => {
      const e = localEvent(SocketEventType.BranchAction, {
        BranchOfficeId: b.BranchOfficeId,
        BranchAction: b.BranchAction,
        NotificationTimeAddedUTC: b.At,
      });
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
      const byName = s ? `${s.Name} ${s.Surname}` : '';
      const e = localEvent(SocketEventType.AlarmAcknowledged, {
        Payload: { notificationId, acknowledgedBy: b.AcknowledgedBy, acknowledgedByName: byName, acknowledgedAt: b.AcknowledgedAtUTC },
      });
      qc.setQueryData<Alarm[]>(alarmKeys.all, (list) => applyEventToAlarms(list, e));
    },
  });
}

export function useAddAlarmNote() {
  return useMutation({
    mutationFn: (v: { notificationId: number; note: string }) =>
      apiPost<{ NoteId: number }>('/api/client/managealarms', { case: 'ADD-NOTE', ...v } satisfies ManageAlarms),
  });
}
