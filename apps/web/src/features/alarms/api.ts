/**
 * The alarm panel's data (spec §4 alarms; §7 managealarms): the alarm list in the query cache
 * ['alarms'] that the socket handlers fill, merged once with the not-done alarms raised before the
 * page load, and the acknowledgement and note writes (ACKNOWLEDGE / ADD-NOTE). The incident view
 * (issue 13, getalarmincident): one alarm's incident in ['alarm-incident', id], kept live by the
 * socket handlers (realtime/incident-events.ts), and its timeline as CSV or PDF.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AlarmDispositions, AlarmIncident, AlarmIncidentRequest, ZManageAlarmsRequest } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { downloadFile, type DownloadedFile } from '../../shared/api/download';
import { finishIncidentRead, incidentKeys, startIncidentRead } from '../../realtime/incident-events';
import { getSession } from '../../shared/session/session-store';
import { acknowledgeAlarm, alarmKeys, type Alarm } from '../../realtime/alarm-events';
import { useAlarmList } from '../../realtime/alarm-counts';

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

/** The alarm list (one cache entry shared with the bell and the board: realtime/alarm-counts.ts). */
export const useAlarms = useAlarmList;

/** What ACKNOWLEDGE sends: the alarm, and for panic, duress and emergency a disposition and a note. */
export interface AcknowledgeInput {
  notificationId: number;
  disposition?: string;
  note?: string;
}

/**
 * Acknowledges an alarm; the panel shows it at once, as the ALARM-ACK event will. Panic, duress
 * and emergency without a disposition and a note are refused by the server (400, shown as sent).
 */
export function useAcknowledgeAlarm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: AcknowledgeInput) => apiPost<AcknowledgeBody>(PATH, { case: 'ACKNOWLEDGE', ...v } satisfies ManageAlarmsRequest),
    onSuccess: (b, v) => {
      if (!b.acknowledged) return; // someone else was first: their ALARM-ACK event names them
      const s = getSession();
      const ack = {
        UserId: b.AcknowledgedBy,
        Name: s ? `${s.Name} ${s.Surname}` : '',
        AtUTC: b.AcknowledgedAtUTC,
        Disposition: v.disposition?.trim() || null,
        Note: v.note?.trim() || null,
      };
      qc.setQueryData<Alarm[]>(alarmKeys.all, (list) => acknowledgeAlarm(list, v.notificationId, ack));
    },
  });
}

/** Query key of an organisation's disposition list. */
export const dispositionKeys = { of: (organizationId: number) => ['alarm-dispositions', organizationId] as const };

/** The organisation's dispositions (GET-DISPOSITIONS), for the acknowledgement dialog and the editor. */
export function useDispositions(organizationId: number | null, enabled = true) {
  return useQuery({
    queryKey: dispositionKeys.of(organizationId ?? 0),
    queryFn: () =>
      apiPost<AlarmDispositions>(PATH, { case: 'GET-DISPOSITIONS', organizationId: organizationId! } satisfies ManageAlarmsRequest),
    enabled: enabled && organizationId != null,
    staleTime: 60_000,
  });
}

/** Replaces the organisation's list (UPDATE-DISPOSITIONS; organisation admins). */
export function useUpdateDispositions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { organizationId: number; dispositions: string[] }) =>
      apiPost<AlarmDispositions>(PATH, { case: 'UPDATE-DISPOSITIONS', ...v } satisfies ManageAlarmsRequest),
    onSuccess: (b) => qc.setQueryData(dispositionKeys.of(b.OrganizationId), b),
  });
}

/** Adds a note to an alarm (the ALARM-NOTE event shows it). */
export function useAddAlarmNote() {
  return useMutation({
    mutationFn: (v: { notificationId: number; note: string }) =>
      apiPost<AddNoteBody>(PATH, { case: 'ADD-NOTE', ...v } satisfies ManageAlarmsRequest),
  });
}

const INCIDENT_PATH = '/api/client/getalarmincident';

/** The incident of alarm `alarmId` (getalarmincident); socket events at its branch keep it live. */
export function useAlarmIncident(alarmId: number) {
  return useQuery({
    queryKey: incidentKeys.of(alarmId),
    queryFn: async ({ signal }) => {
      // Events arriving while the answer is on its way are applied to it (it may predate them).
      startIncidentRead(alarmId);
      const answer = await apiPost<AlarmIncident>(INCIDENT_PATH, { alarmId } satisfies AlarmIncidentRequest, { signal });
      return finishIncidentRead(alarmId, answer);
    },
    enabled: Number.isInteger(alarmId) && alarmId > 0,
    retry: false,
    // Live from the socket; read again when the page is opened again.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Downloads the incident's timeline as CSV or PDF (the one download helper), named by the server. */
export function downloadIncident(alarmId: number, format: 'csv' | 'pdf', signal?: AbortSignal): Promise<DownloadedFile> {
  return downloadFile(INCIDENT_PATH, { alarmId } satisfies AlarmIncidentRequest, {
    format,
    fallbackName: `incident-${alarmId}.${format}`,
    ...(signal ? { signal } : {}),
  });
}
