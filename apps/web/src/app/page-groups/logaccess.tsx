/** Page group "log access" (lazy, spec §2): the VaultTrak report and one vault access. */
export { pages } from '../../features/reports/pages/LogAccessPage';
