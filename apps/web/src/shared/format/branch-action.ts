/**
 * The catalogue label of a BranchAction (spec §3 Branch office BranchAction; catalogue
 * branchActions.*): shown by the branch board, the alarm panel and the notification lists, so it
 * lives in shared/.
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
  survey: 'survey',
};

/** Catalogue key (under branchActions.) of a BranchAction, or null to show the raw text. */
export function branchActionKey(action: string | null | undefined): string | null {
  if (!action) return null;
  return ACTION_KEYS[action.trim().toLowerCase()] ?? null;
}
