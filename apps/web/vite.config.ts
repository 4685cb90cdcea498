/**
 * Vite config of the web console. Builds to apps/web/dist (outDir is relative to this folder,
 * which is Vite's root whether run as `vite build` here or `vite build apps/web` from the repo).
 * The dev and preview servers proxy the API server's paths to http://127.0.0.1:8080, or to
 * VIGIL_API_TARGET when set.
 */
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

const proxied = ['/api', '/security', '/locate', '/healthz'];

export default defineConfig(({ mode }) => {
  const target = loadEnv(mode, '.', 'VIGIL_').VIGIL_API_TARGET || 'http://127.0.0.1:8080';
  return {
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 700,
    },
    server: {
      port: 5173,
      proxy: {
        ...Object.fromEntries(proxied.map((p) => [p, { target }])),
        '/_socket': { target, ws: true },
      },
    },
  };
});
