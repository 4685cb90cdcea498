/** Page group "client" (lazy, spec §2): the dealer's organisations (/clients) and the head office (/mainoffice). */
import { pages as organizationPages } from '../../features/organizations/pages/ClientsPage';

export const pages = organizationPages;
