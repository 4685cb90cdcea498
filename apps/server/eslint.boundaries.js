/**
 * The server's layout as lint rules (docs/ARCHITECTURE.md "Server"): which part of
 * apps/server/src may import which. eslint-plugin-boundaries reports any other import as
 * `boundaries/dependencies`. Dependencies point one way: a module may import only the modules
 * listed for it below, and the foundation (config, db, plugins, lib) never imports a module.
 * Route files (*.routes.ts) are imported by the composition root (app.ts) only.
 *
 * Tests (*.test.ts, apps/server/test) may import anything and are not checked.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = 'apps/server/src';

/**
 * Each module of apps/server/src/modules and the modules it may import (besides the foundation).
 * Keep in step with the table in docs/ARCHITECTURE.md.
 */
export const MODULE_DEPENDENCIES = {
  audit: [],
  realtime: [],
  health: [],
  geocoding: [],
  auth: ['audit'],
  supervision: ['realtime'],
  account: ['audit', 'auth'],
  profile: ['audit', 'auth'],
  organizations: ['audit', 'auth'],
  'security-offices': ['audit', 'organizations'],
  regions: ['audit', 'organizations'],
  'head-office': ['audit', 'organizations', 'regions'],
  branches: ['audit', 'auth', 'organizations', 'regions', 'security-offices', 'realtime', 'supervision'],
  employees: ['audit', 'account', 'organizations', 'regions', 'security-offices', 'branches'],
  alarms: ['audit', 'realtime', 'branches', 'notifications', 'reports', 'security-phrases'],
  'task-lists': ['audit', 'realtime', 'branches'],
  mobile: ['audit', 'auth', 'profile', 'realtime', 'branches', 'task-lists'],
  notifications: ['realtime', 'branches'],
  reports: ['realtime', 'branches', 'supervision', 'notifications'],
  chat: ['audit', 'realtime', 'branches', 'reports'],
  calls: ['audit', 'realtime', 'branches', 'reports'],
  surveys: ['audit', 'account', 'realtime', 'branches'],
  ens: ['audit', 'account', 'realtime', 'branches', 'employees'],
  timers: [],
  'security-phrases': ['audit'],
  'active-sessions': ['audit'],
  'notification-settings': ['audit'],
};

/** The foundation every module may import, and what each part of it may import. */
const FOUNDATION = {
  config: [],
  db: ['config'],
  plugins: ['config', 'db'],
  lib: ['config', 'db', 'plugins'],
};

const modules = Object.keys(MODULE_DEPENDENCIES);
const foundation = Object.keys(FOUNDATION);

/** Element types: the composition root, the demo seed, the foundation and one per module. */
const elements = [
  // app.ts, server.ts, background-jobs.ts: the composition root wires everything together.
  { type: 'app', pattern: `${SRC}/{app,server,background-jobs}.ts`, mode: 'file' },
  { type: 'seed', pattern: `${SRC}/db/seed`, partialMatch: false },
  { type: 'config', pattern: `${SRC}/config.ts`, mode: 'file' },
  { type: 'db', pattern: `${SRC}/db`, partialMatch: false },
  { type: 'plugins', pattern: `${SRC}/plugins`, partialMatch: false },
  { type: 'lib', pattern: `${SRC}/lib`, partialMatch: false },
  ...modules.map((name) => ({ type: name, pattern: `${SRC}/modules/${name}`, partialMatch: false })),
];

/** `from` may import `to` (element types). */
const allow = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { type: to } } } });

/** The flat-config entries to spread into eslint.config.js. */
export default [
  {
    files: [`${SRC}/**/*.ts`],
    ignores: [`${SRC}/**/*.test.ts`],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': repoRoot,
      'boundaries/elements': elements,
      // Route files register routes; nothing but the composition root may import one.
      'boundaries/files': [{ category: 'routes', pattern: '**/*.routes.ts' }],
      'boundaries/ignore': [`${SRC}/**/*.test.ts`, 'apps/server/test/**'],
      'boundaries/legacy-warnings': false,
      'import/resolver': { [path.join(repoRoot, 'apps/server/eslint-ts-resolver.cjs')]: {} },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.element.type}} may not import {{to.element.type}}: the server layout (apps/server/eslint.boundaries.js, docs/ARCHITECTURE.md) allows it only {{from.element.type}}’s listed dependencies',
          policies: [
            allow('app', ['app', 'seed', ...foundation, ...modules]),
            allow('seed', ['seed', 'config', 'db', 'lib', 'auth']),
            ...foundation.map((name) => allow(name, [name, ...FOUNDATION[name]])),
            ...modules.map((name) => allow(name, [name, ...foundation, ...MODULE_DEPENDENCIES[name]])),
            {
              from: { element: { type: '!app' } },
              disallow: { to: { file: { categories: 'routes' } } },
              message: 'routes never import routes: move what {{to.file.path}} shares into a service (apps/server/eslint.boundaries.js)',
            },
          ],
        },
      ],
    },
  },
];
