/** Durations of the task lists as the console shows them: hh:mm:ss (spec §9), the contract's formatDuration. */
export { formatDuration as formatHms } from '@vigil/contract';

/** The AssignedToBranches cell (spec §3): the one branch's name, 'Multiple' (the `multiple` text) for more, '' for none. */
export function assignedLabel(branches: readonly { BranchOfficeName: string }[], multiple: string): string {
  if (branches.length === 0) return '';
  return branches.length === 1 ? branches[0]!.BranchOfficeName : multiple;
}
