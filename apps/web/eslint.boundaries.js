// The web console's layout as lint rules (eslint-plugin-boundaries; written out as a tree with each
// folder's purpose in docs/ARCHITECTURE.web.md). Direction: app → features → shared / realtime.
// A feature imports only shared/, realtime/ and the features listed for it in FEATURE_IMPORTS;
// shared/ imports only shared/. Imports inside one feature (or one layer) are not checked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

/** The repository root: element patterns below are relative to it, wherever ESLint runs from. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = 'apps/web/src';

/** The features a feature may import besides shared/ and realtime/ (every other pair is refused). */
export const FEATURE_IMPORTS = {
  // The dashboard page composes the alarm panel, the branch board and map, and the notifications.
  dashboard: ['alarms', 'branches', 'notifications', 'task-lists', 'timers'],
  // The alarm panel merges the live alarms with the alarm history of the notifications list; the
  // acknowledge dialog shows the organisation's security phrases (the branch is called back).
  alarms: ['notifications', 'security-phrases', 'ens'],
  // The shell shows the notifications bell and the profile dialog, and loads the user's notification settings.
  shell: ['notifications', 'profile', 'chat', 'calls', 'ens', 'notification-settings'],
  // The chat recordings screen is a report screen (the shared report scaffold); the chat screen
  // shows the caller organisation's security phrases.
  chat: ['reports', 'security-phrases'],
  // The video screen reuses chat's caller map, clock and the officers online (transfer) and shows
  // the caller organisation's security phrases; the video recordings screen is a report screen.
  calls: ['chat', 'reports', 'security-phrases'],
  // The login page completes single sign-on through the account side (POST /api/client/sso).
  auth: ['account'],
  // The notifications page's ENS tab is the ens feature's list.
  notifications: ['ens'],
};

/**
 * What realtime/ may import besides shared/: its per-feature event handlers write into the query
 * caches of the board (branches), of the notification lists (notifications), of the chat sessions
 * (chat), of the running tasks (task-lists) and of the running timers (timers).
 */
export const REALTIME_IMPORTS = ['branches', 'notifications', 'chat', 'calls', 'task-lists', 'ens', 'timers'];

const element = (type) => ({ element: { type } });
const features = (names) => ({ element: { type: 'feature', captured: { feature: names } } });

/** Flat-config entries of the web layout rules; spread into the root eslint.config.js. */
export default [
  {
    files: [`${SRC}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': ROOT,
      // Each element is a folder matched from the repository root: every file below it belongs to it.
      'boundaries/elements': [
        { type: 'app', pattern: `${SRC}/app`, partialMatch: false },
        { type: 'feature', pattern: `${SRC}/features/*`, partialMatch: false, capture: ['feature'] },
        { type: 'realtime', pattern: `${SRC}/realtime`, partialMatch: false },
        { type: 'shared', pattern: `${SRC}/shared`, partialMatch: false },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'disallow',
          policies: [
            { from: element('app'), allow: { to: { element: { types: { anyOf: ['app', 'feature', 'realtime', 'shared'] } } } } },
            { from: element('feature'), allow: { to: { element: { types: { anyOf: ['realtime', 'shared'] } } } } },
            ...Object.entries(FEATURE_IMPORTS).map(([from, to]) => ({
              from: features([from]),
              allow: { to: features(to) },
            })),
            { from: element('realtime'), allow: { to: { element: { types: { anyOf: ['realtime', 'shared'] } } } } },
            { from: element('realtime'), allow: { to: features(REALTIME_IMPORTS) } },
            { from: element('shared'), allow: { to: element('shared') } },
          ],
        },
      ],
    },
  },
];
