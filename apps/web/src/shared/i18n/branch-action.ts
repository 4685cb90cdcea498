/**
 * Catalogue keys of BranchAction values (spec §4 branch actions, §9 notification types), under
 * `branchActions.`: used wherever an action is shown (the branch board, the alarm panel, the
 * notification lists and details).
 */

const ACTION_KEYS: Record<string, string> = {
  open: 'open',
  close: 'close',
  service: 'service',
  panic: 'panic',
  duress: 'duress',
  trouble: 'trouble',
  alarm: 'alarm',
  emergency: 'emergency',
  'not opened': 'notOpened',
  'not closed': 'notClosed',
};

/** Catalogue key (under branchActions.) of a BranchAction, or null to show the raw text. */
export function branchActionKey(action: string | null | undefined): string | null {
  if (!action) return null;
  return ACTION_KEYS[action.trim().toLowerCase()] ?? null;
}
