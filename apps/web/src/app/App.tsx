import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';

/** The console: the router (its current page's code is loaded by main.tsx first; the providers are Root's). */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export { preloadCurrentPage } from './router';
export { pageGroups } from './lazy-page';
