// @vitest-environment node
/// <reference types="node" />
/**
 * The web layout is enforced by lint (apps/web/eslint.boundaries.js, docs/ARCHITECTURE.web.md):
 * `npm run lint` fails on an import against the allowed direction app → features → shared /
 * realtime, and on a feature importing a feature it is not allowed to. Runs the repository's own
 * ESLint config through ESLint's Node API on probe files placed inside the source tree.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
// The probes are not files of a tsconfig project: parse them without type information (the
// layout rules need none), so the type-aware config does not refuse them as unknown files.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

/** The boundaries messages ESLint gives `code` as the file `filePath` (relative to the repository root). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('web layout boundaries', () => {
  it('refuses a feature importing a feature it may not (employees → branches)', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/employees/pages/Probe.tsx',
      "import { branchList } from '../../branches/api';\nexport const probe = branchList;\n",
    );
    expect(errors).toEqual([
      'There is no policy allowing dependencies from elements of type "feature" and captured values: feature="employees" to elements of type "feature" and captured values: feature="branches"',
    ]);
  });

  it('refuses a type-only import across features too, and shared/ importing a feature', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/branches/Probe.ts',
        "import type { Alarm } from '../alarms/api';\nexport type Probe = Alarm;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/shared/crud/Probe.ts',
        "import { branchKeys } from '../../features/branches/api';\nexport const probe = branchKeys;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses realtime/ importing app/', async () => {
    expect(
      await boundaryErrors('apps/web/src/realtime/Probe.ts', "import { routes } from '../app/router';\nexport const probe = routes;\n"),
    ).toHaveLength(1);
  });

  it('allows a listed feature import (dashboard → branches), shared/ and realtime/ from a feature, and its own files', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/dashboard/pages/Probe.tsx',
        "import { useBranchBoard } from '../../branches/api';\nexport const probe = useBranchBoard;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/employees/pages/Probe.tsx',
        [
          "import { employeeList } from '../api';",
          "import { crudKeys } from '../../../shared/crud/api';",
          "import { alarmKeys } from '../../../realtime/alarm-events';",
          'export const probe = [employeeList, crudKeys, alarmKeys];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('allows app/ to import any feature', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/app/page-groups/Probe.tsx',
        "import EmployeesPage from '../../features/employees/pages/EmployeesPage';\nexport const probe = EmployeesPage;\n",
      ),
    ).toEqual([]);
  });
});
