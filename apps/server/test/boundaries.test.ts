/**
 * The server layout is enforced by lint (apps/server/eslint.boundaries.js): ESLint's Node API
 * lints small sources placed at module paths, and a forbidden import must be reported as
 * boundaries/dependencies while an allowed one must not. Also: the root config applies the rule
 * to server files, the allowed dependencies form no cycle, and
 * docs/ARCHITECTURE.md lists the same modules and dependencies as the lint rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import serverBoundaries, { MODULE_DEPENDENCIES } from '../eslint.boundaries.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Only the layout rules (and the TypeScript parser), so the test does not depend on the other rules. */
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...serverBoundaries],
});

/** The boundaries messages of `code` as if it were the file `file` (relative to the repository). */
async function boundaryMessages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => `${m.line}: ${m.message}`);
}

describe('server layout lint (eslint-plugin-boundaries)', () => {
  it('reports a module importing a module it may not (audit → branches)', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/audit/probe.ts',
      "import { branchTypeDisplay } from '../branches/branches.presenter.js';\nexport const x = branchTypeDisplay;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^1: audit may not import branches/);
  });

  it('reports a backward import: branches → mobile, account → employees, organizations → branches', async () => {
    for (const [file, target] of [
      ['branches', '../mobile/mobile.service.js'],
      ['account', '../employees/employees.service.js'],
      ['organizations', '../branches/branches.repository.js'],
    ] as const) {
      const messages = await boundaryMessages(
        `apps/server/src/modules/${file}/probe.ts`,
        `import * as m from '${target}';\nexport const x = m;\n`,
      );
      expect(messages, `${file} → ${target}`).toHaveLength(1);
    }
  });

  it('reports the foundation importing a module (lib → audit, plugins → auth)', async () => {
    expect(
      await boundaryMessages(
        'apps/server/src/lib/probe.ts',
        "import { writeAudit } from '../modules/audit/audit.service.js';\nexport const x = writeAudit;\n",
      ),
    ).toEqual([expect.stringMatching(/^1: lib may not import audit/)]);
    expect(
      await boundaryMessages(
        'apps/server/src/plugins/probe.ts',
        "import { checkPin } from '../modules/auth/pin.service.js';\nexport const x = checkPin;\n",
      ),
    ).toEqual([expect.stringMatching(/^1: plugins may not import auth/)]);
  });

  it('reports a route file imported by anything but app.ts', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/head-office/probe.ts',
      "import { regionsRoutes } from '../regions/regions.routes.js';\nexport const x = regionsRoutes;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^1: routes never import routes/)]);
  });

  it('accepts the allowed direction: a module using its listed modules, the foundation and itself; app.ts using anything', async () => {
    expect(
      await boundaryMessages(
        'apps/server/src/modules/mobile/probe.ts',
        [
          "import { branchInScope } from '../branches/branches.repository.js';",
          "import { checkPin } from '../auth/pin.service.js';",
          "import { withEvents } from '../realtime/event-log.js';",
          "import { csvPage } from '../../lib/csv.js';",
          "import { authOf } from '../../plugins/session.js';",
          "import { rows } from '../../db/client.js';",
          "import { recordVaultAccess } from './vault-access.service.js';",
          'export const x = [branchInScope, checkPin, withEvents, csvPage, authOf, rows, recordVaultAccess];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        'apps/server/src/app.ts',
        "import { regionsRoutes } from './modules/regions/regions.routes.js';\nimport { seedDemo } from './db/seed/demo.js';\nexport const x = [regionsRoutes, seedDemo];\n",
      ),
    ).toEqual([]);
  });

  it('is applied by the root eslint.config.js to every server source', async () => {
    const config = (await new ESLint({ cwd: repoRoot }).calculateConfigForFile(
      path.join(repoRoot, 'apps/server/src/modules/branches/branches.service.ts'),
    )) as { rules?: Record<string, unknown> };
    expect(config.rules?.['boundaries/dependencies']).toBeDefined();
  });

  it('allows no dependency cycle', () => {
    const cycles: string[] = [];
    const visit = (name: string, trail: string[]) => {
      if (trail.includes(name)) {
        cycles.push([...trail.slice(trail.indexOf(name)), name].join(' → '));
        return;
      }
      for (const next of MODULE_DEPENDENCIES[name] ?? []) visit(next, [...trail, name]);
    };
    for (const name of Object.keys(MODULE_DEPENDENCIES)) visit(name, []);
    expect(cycles).toEqual([]);
    for (const deps of Object.values(MODULE_DEPENDENCIES)) for (const d of deps) expect(Object.keys(MODULE_DEPENDENCIES)).toContain(d);
  });

  it('matches the module tree of docs/ARCHITECTURE.md', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/ARCHITECTURE.md'), 'utf8');
    const documented: Record<string, string[]> = {};
    for (const [, name, uses] of doc.matchAll(/^ {4}[├└]── ([a-z-]+)\/ .*?uses: ([^\n]*)$/gm)) {
      documented[name!] = uses!.trim() === '—' ? [] : uses!.split(',').map((d) => d.trim().replace(/ \(.*$/, ''));
    }
    expect(documented).toEqual(Object.fromEntries(Object.entries(MODULE_DEPENDENCIES).map(([k, v]) => [k, [...v]])));
  });
});
