/**
 * Every catalogue key the console uses exists in English and Albanian (ARCHITECTURE.md house
 * habits): literal t('…') keys found in the sources, and the key families built at run time.
 */
import { describe, expect, it } from 'vitest';
import { DATE_RANGE_PRESETS, ErrorCode, ROLES, ValidationKey, menuForRole, type MenuItem } from '@vigil/contract';
import { catalogues, flattenKeys } from '@vigil/i18n';
import { REQUIRED_FEATURES } from '../shared/browser/browser-features';
import { BRANCH_STATUSES } from '../features/dashboard/branch-board';
import { branchActionKey } from '../shared/i18n/branch-action';
import { NOTIFICATION_TABS } from '../features/notifications/notification-list';

const sources = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const en = new Set(flattenKeys(catalogues.en));
const sq = new Set(flattenKeys(catalogues.sq));

function keysOfMenu(items: MenuItem[]): string[] {
  return items.flatMap((i) => [`menu.${i.key}`, ...keysOfMenu(i.children ?? [])]);
}

function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/\b(?:key|showKey\([^,]+,)\s*:?\s*'((?:errors|messages)\.[a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/(?:notAvailablePage\(|screen=)["']([a-zA-Z0-9_]+)["']/g)) keys.add(`screens.${m[1]!}`);
  }
  return [...keys];
}

describe('catalogue coverage', () => {
  it('has the same keys in en and sq', () => {
    expect([...en].filter((k) => !sq.has(k))).toEqual([]);
    expect([...sq].filter((k) => !en.has(k))).toEqual([]);
  });

  it('has every key the sources use', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((k) => !en.has(k))).toEqual([]);
  });

  it('has every run-time key family', () => {
    const families = [
      ...[1, 2, 5, 6, 8, 9, 12, 99].flatMap((r) => keysOfMenu(menuForRole(r))),
      ...ROLES.map((r) => `roles.${r.Id}`),
      ...DATE_RANGE_PRESETS.map((p) => `dateRange.presets.${p}`),
      ...REQUIRED_FEATURES.map((f) => `browser.features.${f}`),
      ...BRANCH_STATUSES.map((s) => `branchStatus.${s}`),
      ...['Open', 'Close', 'Service', 'Panic', 'Duress', 'Trouble', 'Alarm', 'Emergency', 'Not Opened', 'Not Closed'].map(
        (a) => `branchActions.${branchActionKey(a)}`,
      ),
      ...Object.values(ErrorCode),
      ...Object.values(ValidationKey),
      ...NOTIFICATION_TABS.map((tab) => `notifications.tabs.${tab}`),
      ...['anomaly', 'alarm', 'emergency', 'panic', 'other'].map((c) => `notifications.category.${c}`),
      'app.languages.en',
      'app.languages.sq',
    ];
    expect(families.filter((k) => !en.has(k))).toEqual([]);
  });
});
