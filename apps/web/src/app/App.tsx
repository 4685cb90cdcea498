import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import type { AppRouter } from './router';

/** The console: providers around the router (created in main.tsx, before the startup checks). */
export function App({ router }: { router: AppRouter }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
