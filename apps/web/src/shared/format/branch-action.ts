/**
 * The catalogue label of a BranchAction (spec §3 Branch office BranchAction; catalogue
 * branchActions.*): shown by the branch board, the alarm panel, the notification lists and the
 * incident timeline. The key map lives in the contract (alarms.ts), which the server's incident
 * exports use too.
 */
export { branchActionKey } from '@vigil/contract';
