/** Page group "client" (lazy, spec §2): the dealer's organisations (/clients) and the head office (/mainoffice). */
import ClientsPage from '../../features/organizations/pages/ClientsPage';
import HeadOfficePage from '../../features/head-office/pages/HeadOfficePage';

export const pages = {
  clients: ClientsPage,
  mainoffice: HeadOfficePage,
};
