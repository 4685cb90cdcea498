/**
 * The login pages' alert area: starts with the flash message (logout text, session expired,
 * security token failure) and then shows login / forgot-password results.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translator';
import { clearFlash, peekFlash, type FlashSeverity } from '../../../shared/session/flash';

export interface AuthAlert {
  severity: FlashSeverity;
  text: string;
}

type AlertState = { severity: FlashSeverity; key: string } | { severity: FlashSeverity; text: string } | null;

export function useAuthAlert() {
  const { t } = useTranslation();
  const [state, setState] = useState<AlertState>(() => peekFlash());
  useEffect(() => clearFlash(), []);
  const alert: AuthAlert | null = state ? { severity: state.severity, text: 'key' in state ? t(state.key) : state.text } : null;
  return {
    alert,
    showText: (severity: FlashSeverity, text: string) => setState({ severity, text }),
    showKey: (severity: FlashSeverity, key: string) => setState({ severity, key }),
    clear: () => setState(null),
  };
}
