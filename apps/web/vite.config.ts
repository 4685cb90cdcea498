/**
 * Vite config of the web console. Builds to apps/web/dist (outDir is relative to this folder,
 * which is Vite's root whether run as `vite build` here or `vite build apps/web` from the repo).
 * The dev and preview servers proxy the API server's paths to http://127.0.0.1:8080, or to
 * VIGIL_API_TARGET when set.
 *
 * VIGIL_BUNDLE_REPORT=1 at build time also writes the bundle analyser's report (rollup-plugin-
 * visualizer: which modules each chunk holds, raw and gzip sizes) to apps/web/bundle-report.html
 * (treemap) and apps/web/bundle-report.json (raw data), outside dist so the server never serves it.
 */
import { defineConfig, loadEnv, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

const proxied = ['/api', '/security', '/locate', '/healthz'];

/** The analyser's plugins when VIGIL_BUNDLE_REPORT is set (a devDependency, loaded only then). */
async function bundleReport(): Promise<PluginOption[]> {
  if (!process.env.VIGIL_BUNDLE_REPORT) return [];
  const { visualizer } = await import('rollup-plugin-visualizer');
  return [
    visualizer({ filename: 'bundle-report.html', template: 'treemap', gzipSize: true }),
    visualizer({ filename: 'bundle-report.json', template: 'raw-data', gzipSize: true }),
  ];
}

export default defineConfig(async ({ mode }) => {
  const target = loadEnv(mode, '.', 'VIGIL_').VIGIL_API_TARGET || 'http://127.0.0.1:8080';
  return {
    plugins: [react(), ...(await bundleReport())],
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
