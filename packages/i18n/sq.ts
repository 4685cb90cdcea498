/**
 * The Albanian catalogue alone (the first-page catalogue sq.json, the signed-in console's
 * console.sq.json and every feature's `<feature>.sq.json` merged in), so a client can load only
 * the language it shows (the web console imports this module dynamically). index.ts serves both
 * languages from here and ./en.ts.
 */
import sqMain from './sq.json' with { type: 'json' };
import sqConsole from './console.sq.json' with { type: 'json' };
import sqAccount from './account.sq.json' with { type: 'json' };
import sqReports from './reports.sq.json' with { type: 'json' };
import sqManagement from './management.sq.json' with { type: 'json' };
import sqChat from './chat.sq.json' with { type: 'json' };
import sqCalls from './calls.sq.json' with { type: 'json' };
import sqTaskLists from './task-lists.sq.json' with { type: 'json' };
import sqSurveys from './surveys.sq.json' with { type: 'json' };
import sqEns from './ens.sq.json' with { type: 'json' };
import sqTimers from './timers.sq.json' with { type: 'json' };
import sqBranchActivities from './branch-activities.sq.json' with { type: 'json' };
import sqPhrases from './phrases.sq.json' with { type: 'json' };
import sqSessions from './sessions.sq.json' with { type: 'json' };
import sqAlerting from './notification-settings.sq.json' with { type: 'json' };
import sqAdminConsole from './admin-console.sq.json' with { type: 'json' };
import sqAlarms from './alarms.sq.json' with { type: 'json' };
import sqWorkspace from './workspace.sq.json' with { type: 'json' };
import { merge, type Catalogue } from './merge.js';

/** The merged Albanian catalogue: nested keys, i18next `{{name}}` interpolation. */
export const sq = merge(
  sqMain as Catalogue,
  sqConsole as Catalogue,
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
  typeof sqConsole &
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
