/**
 * The alarm panel's data (spec §4 alarms; §7 managealarms): the alarm list in the query cache
 * ['alarms'] that the socket handlers fill, merged once with the not-done alarms raised before the
 * page load, and the acknowledgement and note writes (ACKNOWLEDGE / ADD-NOTE).
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZManageAlarmsRequest } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { getSession } from '../../shared/session/session-store';
import { acknowledgeAlarm, alarmKeys, type Alarm } from '../../realtime/alarm-events';
import { alarmHistoryKey, fetchAlarmHistory, mergeAlarmHistory } from '../../realtime/alarm-history';

const PATH = '/api/client/managealarms';

type ManageAlarmsRequest = z.input<typeof ZManageAlarmsRequest>;

/** Answer body of ACKNOWLEDGE: false when someone else acknowledged first. */
export interface AcknowledgeBody {
  acknowledged: boolean;
  AcknowledgedBy: number;
  AcknowledgedAtUTC: string;
}
/** Answer body of ADD-NOTE. */
export interface AddNoteBody {
  NoteId: number;
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

/** Acknowledges an alarm; the panel shows it at once, as the ALARM-ACK event will. */
export function useAcknowledgeAlarm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) =>
      apiPost<AcknowledgeBody>(PATH, { case: 'ACKNOWLEDGE', notificationId } satisfies ManageAlarmsRequest),
    onSuccess: (b, notificationId) => {
      if (!b.acknowledged) return; // someone else was first: their ALARM-ACK event names them
      const s = getSession();
      const ack = { UserId: b.AcknowledgedBy, Name: s ? `${s.Name} ${s.Surname}` : '', AtUTC: b.AcknowledgedAtUTC };
      qc.setQueryData<Alarm[]>(alarmKeys.all, (list) => acknowledgeAlarm(list, notificationId, ack));
    },
  });
}

/** Adds a note to an alarm (the ALARM-NOTE event shows it). */
export function useAddAlarmNote() {
  return useMutation({
    mutationFn: (v: { notificationId: number; note: string }) =>
      apiPost<AddNoteBody>(PATH, { case: 'ADD-NOTE', ...v } satisfies ManageAlarmsRequest),
  });
}
