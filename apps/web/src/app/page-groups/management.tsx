/** Page group "management" (lazy, spec §2): regions, locations (branches), security offices, task lists and surveys. */
export { pages } from '../../features/branches/pages/BranchesPage';
