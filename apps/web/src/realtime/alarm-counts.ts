/**
 * One source for every alarm count (issue 13): the alarm list in the query cache ['alarms'] (live
 * events merged once with the not-done history). The panel's badge, the bell and the board's alarm
 * chip all read `alarmCounts` of that list. Test alarms (raised at a branch in test mode) are never
 * counted as waiting; they are counted apart.
 */
import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { alarmKeys, type Alarm } from './alarm-events';
import { alarmHistoryKey, fetchAlarmHistory, mergeAlarmHistory } from './alarm-history';

/** Counts of an alarm list. */
export interface AlarmCounts {
  /** Unacknowledged real alarms: the badge, the bell. */
  waiting: number;
  /** Unacknowledged test alarms, shown apart. */
  waitingTest: number;
  /** Branches with at least one waiting real alarm: the board's alarm chip. */
  alarmBranchIds: ReadonlySet<number>;
}

/** The counts of `list` (see AlarmCounts). */
export function alarmCounts(list: readonly Alarm[]): AlarmCounts {
  let waiting = 0;
  let waitingTest = 0;
  const alarmBranchIds = new Set<number>();
  for (const a of list) {
    if (a.acknowledged) continue;
    if (a.isTest) {
      waitingTest += 1;
      continue;
    }
    waiting += 1;
    if (a.branchOfficeId != null) alarmBranchIds.add(a.branchOfficeId);
  }
  return { waiting, waitingTest, alarmBranchIds };
}

/**
 * The alarm list: live events since this page load, merged once with the not-done alarms raised
 * before it (history loads no sound; live ACK/NOTE events keep applying to both). Any component
 * (panel, bell, board) may call it; they share the one cache entry.
 */
export function useAlarmList() {
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

const EMPTY: Alarm[] = [];

/** The counts of the shared alarm list (useAlarmList), the same object until the list changes. */
export function useAlarmCounts(): AlarmCounts {
  const list = useAlarmList().data ?? EMPTY;
  return useMemo(() => alarmCounts(list), [list]);
}
