/**
 * The message catalogues (English and Albanian) shared by the web console and the server
 * (server descriptions and e-mails). Keys are nested objects; values use i18next interpolation
 * `{{name}}`. The main catalogue is en.json / sq.json; a feature may keep its own pair
 * `<feature>.en.json` / `<feature>.sq.json`, merged in here, with keys under its own top-level
 * section.
 */
import enMain from './en.json' with { type: 'json' };
import sqMain from './sq.json' with { type: 'json' };
import enAccount from './account.en.json' with { type: 'json' };
import sqAccount from './account.sq.json' with { type: 'json' };
import enReports from './reports.en.json' with { type: 'json' };
import sqReports from './reports.sq.json' with { type: 'json' };
import enManagement from './management.en.json' with { type: 'json' };
import sqManagement from './management.sq.json' with { type: 'json' };
import enChat from './chat.en.json' with { type: 'json' };
import sqChat from './chat.sq.json' with { type: 'json' };
import enCalls from './calls.en.json' with { type: 'json' };
import sqCalls from './calls.sq.json' with { type: 'json' };
import enTaskLists from './task-lists.en.json' with { type: 'json' };
import sqTaskLists from './task-lists.sq.json' with { type: 'json' };
import enSurveys from './surveys.en.json' with { type: 'json' };
import sqSurveys from './surveys.sq.json' with { type: 'json' };
import enEns from './ens.en.json' with { type: 'json' };
import sqEns from './ens.sq.json' with { type: 'json' };
import enTimers from './timers.en.json' with { type: 'json' };
import sqTimers from './timers.sq.json' with { type: 'json' };
import enBranchActivities from './branch-activities.en.json' with { type: 'json' };
import sqBranchActivities from './branch-activities.sq.json' with { type: 'json' };
import enPhrases from './phrases.en.json' with { type: 'json' };
import sqPhrases from './phrases.sq.json' with { type: 'json' };
import enSessions from './sessions.en.json' with { type: 'json' };
import sqSessions from './sessions.sq.json' with { type: 'json' };
import enAlerting from './notification-settings.en.json' with { type: 'json' };
import sqAlerting from './notification-settings.sq.json' with { type: 'json' };
import enAdminConsole from './admin-console.en.json' with { type: 'json' };
import sqAdminConsole from './admin-console.sq.json' with { type: 'json' };
import enAlarms from './alarms.en.json' with { type: 'json' };
import sqAlarms from './alarms.sq.json' with { type: 'json' };
import enWorkspace from './workspace.en.json' with { type: 'json' };
import sqWorkspace from './workspace.sq.json' with { type: 'json' };

export const LANGUAGES = ['en', 'sq'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

type Catalogue = { [key: string]: string | Catalogue };
/** Merges feature catalogues into the main one (a section present in both is merged key by key). */
function merge(...parts: Catalogue[]): Catalogue {
  const out: Catalogue = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && prev && typeof prev === 'object' ? merge(prev, v) : v;
    }
  }
  return out;
}
const en = merge(
  enMain as Catalogue,
  enAccount as Catalogue,
  enReports as Catalogue,
  enManagement as Catalogue,
  enChat as Catalogue,
  enCalls as Catalogue,
  enTaskLists as Catalogue,
  enSurveys as Catalogue,
  enEns as Catalogue,
  enTimers as Catalogue,
  enBranchActivities as Catalogue,
  enPhrases as Catalogue,
  enSessions as Catalogue,
  enAlerting as Catalogue,
  enAdminConsole as Catalogue,
  enAlarms as Catalogue,
  enWorkspace as Catalogue,
) as typeof enMain &
  typeof enAccount &
  typeof enReports &
  typeof enManagement &
  typeof enChat &
  typeof enCalls &
  typeof enTaskLists &
  typeof enSurveys &
  typeof enEns &
  typeof enTimers &
  typeof enBranchActivities &
  typeof enPhrases &
  typeof enSessions &
  typeof enAlerting &
  typeof enAdminConsole &
  typeof enAlarms &
  typeof enWorkspace;
const sq = merge(
  sqMain as Catalogue,
  sqAccount as Catalogue,
  sqReports as Catalogue,
  sqManagement as Catalogue,
  sqChat as Catalogue,
  sqCalls as Catalogue,
  sqTaskLists as Catalogue,
  sqSurveys as Catalogue,
  sqEns as Catalogue,
  sqTimers as Catalogue,
  sqBranchActivities as Catalogue,
  sqPhrases as Catalogue,
  sqSessions as Catalogue,
  sqAlerting as Catalogue,
  sqAdminConsole as Catalogue,
  sqAlarms as Catalogue,
  sqWorkspace as Catalogue,
) as typeof sqMain &
  typeof sqAccount &
  typeof sqReports &
  typeof sqManagement &
  typeof sqChat &
  typeof sqCalls &
  typeof sqTaskLists &
  typeof sqSurveys &
  typeof sqEns &
  typeof sqTimers &
  typeof sqBranchActivities &
  typeof sqPhrases &
  typeof sqSessions &
  typeof sqAlerting &
  typeof sqAdminConsole &
  typeof sqAlarms &
  typeof sqWorkspace;
export const resources = { en: { translation: en }, sq: { translation: sq } } as const;
export const catalogues: Record<Language, unknown> = { en, sq };

/** The supported language that best matches an Accept-Language header or a stored LangId. */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** Every leaf key of a catalogue, dotted (e.g. "errors.generic"). */
export function flattenKeys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix.slice(0, -1)];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flattenKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lookup(lang: Language, key: string): string | undefined {
  let node: unknown = catalogues[lang];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translate `key` into `lang`, filling `{{name}}` from `vars`. Falls back to English, then to the
 * key itself. Used by the server for `description` texts; the web uses i18next with `resources`.
 */
export function translate(lang: Language, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(lang, key) ?? lookup('en', key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
