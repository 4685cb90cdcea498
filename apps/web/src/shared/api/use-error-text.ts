import { useCallback } from 'react';
import { useTranslation } from '../i18n/translator';
import { describeError } from './error-text';

/** Hook: turns any thrown value into the text an alert shows (see describeError; `fallbackKey`: the screen's §8 failure text). */
export function useErrorText(): (err: unknown, fallbackKey?: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (err: unknown, fallbackKey?: string) => {
      const d = describeError(err, (k) => i18n.exists(k), fallbackKey);
      return 'text' in d ? d.text : t(d.key, d.vars);
    },
    [t, i18n],
  );
}
