/** Labels of dispositions: the default codes translated (alarms.dispositions.*), an organisation's own entries as written. */
import type { TFunction } from 'i18next';
import { DEFAULT_DISPOSITIONS } from '@vigil/contract';

const CODES: readonly string[] = DEFAULT_DISPOSITIONS;

/** The text shown for disposition `d` (a default code or free text). */
export function dispositionLabel(t: TFunction, d: string): string {
  return CODES.includes(d) ? t(`alarms.dispositions.${d}`) : d;
}
