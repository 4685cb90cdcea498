/** Page group "log access" (lazy, spec §2): the VaultTrak report and one vault access (reports feature). */
import { LogAccessDetailPage, LogAccessPage } from '../../features/reports/pages/LogAccessPage';

export const pages = {
  logaccess: LogAccessPage,
  logaccessDetail: LogAccessDetailPage,
};
