/**
 * Notification settings client (docs/API.md "Notification settings"; spec §7): reads the user's
 * settings and saves them; every answer is handed to the alert logic (shared/sound/alert-preferences).
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoNotDisturb, NotificationSettings } from '@vigil/contract';
import { apiPost } from '../../shared/api/client';
import { setAlertPreferences } from '../../shared/sound/alert-preferences';

export const settingsKeys = { mine: ['notification-settings'] as const };
type Answer = { NotificationSettings: NotificationSettings };

/** The signed-in user's settings (updatenotificationsallowed GET-SETTINGS); kept in the alert logic. */
export function useNotificationSettings(enabled = true) {
  const q = useQuery({
    queryKey: settingsKeys.mine,
    queryFn: ({ signal }) =>
      apiPost<Answer>('/api/client/updatenotificationsallowed', { case: 'GET-SETTINGS' }, { signal }).then((b) => b.NotificationSettings),
    enabled,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (q.data) setAlertPreferences(q.data);
  }, [q.data]);
  return q;
}

/** Saves popup/sound per category and the allowed categories (two calls), then the cache and alert logic. */
export function useSaveAlertSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (s: Pick<NotificationSettings, 'Web' | 'Allowed'>) => {
      await apiPost<Answer>('/api/client/updatenotificationsettingsweb', {
        case: 'UPDATE-NOTIFICATION-SETTINGS-WEB',
        settingsObject: JSON.stringify(s.Web),
      });
      return apiPost<Answer>('/api/client/updatenotificationsallowed', { case: 'UPDATE-ALLOWED', allowed: s.Allowed }).then(
        (b) => b.NotificationSettings,
      );
    },
    onSuccess: (s) => {
      qc.setQueryData(settingsKeys.mine, s);
      setAlertPreferences(s);
    },
  });
}

/** updateDndNotifications (settingsObject as JSON text, spec §7). */
export function useSaveDnd() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dnd: DoNotDisturb) =>
      apiPost<Answer>('/api/client/updateDndNotifications', {
        case: 'UPDATE-DND-NOTIFICATIONS',
        settingsObject: JSON.stringify(dnd),
      }).then((b) => b.NotificationSettings),
    onSuccess: (s) => {
      qc.setQueryData(settingsKeys.mine, s);
      setAlertPreferences(s);
    },
  });
}

/** Loads the settings once a console session exists, so the alert logic honours them everywhere. */
export function useAlertPreferencesLoader(enabled: boolean): void {
  useNotificationSettings(enabled);
}
