import { BrowserRouter } from 'react-router';
import { Providers } from './providers';
import { AppRoutes } from './router';

/** The console: providers around the router (its current page's code is loaded by main.tsx first). */
export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
