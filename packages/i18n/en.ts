/**
 * The English catalogue alone (the first-page catalogue en.json, the signed-in console's
 * console.en.json and every feature's `<feature>.en.json` merged in), so a client can load only
 * the language it shows (the web console imports this module dynamically). index.ts serves both
 * languages from here and ./sq.ts.
 */
import enMain from './en.json' with { type: 'json' };
import enConsole from './console.en.json' with { type: 'json' };
import enAccount from './account.en.json' with { type: 'json' };
import enReports from './reports.en.json' with { type: 'json' };
import enManagement from './management.en.json' with { type: 'json' };
import enChat from './chat.en.json' with { type: 'json' };
import enCalls from './calls.en.json' with { type: 'json' };
import enTaskLists from './task-lists.en.json' with { type: 'json' };
import enSurveys from './surveys.en.json' with { type: 'json' };
import enEns from './ens.en.json' with { type: 'json' };
import enTimers from './timers.en.json' with { type: 'json' };
import enBranchActivities from './branch-activities.en.json' with { type: 'json' };
import enPhrases from './phrases.en.json' with { type: 'json' };
import enSessions from './sessions.en.json' with { type: 'json' };
import enAlerting from './notification-settings.en.json' with { type: 'json' };
import enAdminConsole from './admin-console.en.json' with { type: 'json' };
import enAlarms from './alarms.en.json' with { type: 'json' };
import enWorkspace from './workspace.en.json' with { type: 'json' };
import { merge, type Catalogue } from './merge.js';

/** The merged English catalogue: nested keys, i18next `{{name}}` interpolation. */
export const en = merge(
  enMain as Catalogue,
  enConsole as Catalogue,
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
  typeof enConsole &
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
