/**
 * Vite config of the web console. Builds to apps/web/dist (outDir is relative to this folder,
 * which is Vite's root whether run as `vite build` here or `vite build apps/web` from the repo).
 * The dev and preview servers proxy the API server's paths to http://127.0.0.1:8080, or to
 * VIGIL_API_TARGET when set.
 *
 * VIGIL_BUNDLE_REPORT=1 at build time also writes the bundle analyser's report (rollup-plugin-
 * visualizer: which modules each chunk holds, raw and gzip sizes) to apps/web/bundle-report.html
 * (treemap) and apps/web/bundle-report.json (raw data), outside dist so the server never serves it.
 *
 * Chunking (issue 20 "First page", measured by bench/first-page.ts): two groups gather what every
 * page reached without a session loads into two chunks instead of some twenty small ones (gzip
 * compresses one file better than many; /login 214.3 → 207.9 kB, and every other public page and
 * the signed-in prefetch a little smaller too). Each group also takes its modules' dependencies
 * (rolldown's default), so `first-page-mui` carries MUI's core and emotion, and `first-page`
 * the translator (no i18next before the console loads: shared/i18n/translator.ts) and the
 * outlined input parts of the text fields and the language selector (a NativeSelect;
 * no MUI Select, Menu or Popover on the public pages: a component named here that no public page
 * draws would still load on all of them). Only modules every public page shows belong
 * here: a module one public page alone uses would load on all of them (the password icons, tiny,
 * are the exception: the survey page has no password field).
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
      // The chunking of the first page (see the comment at the top).
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // The MUI components the card pages (BrandedCardPage) and the sign-in forms draw.
                name: 'first-page-mui',
                test: /node_modules[\\/]@mui[\\/](material[\\/](Paper|SvgIcon|Stack|Box|Card|CardContent|Typography|Link|InputAdornment)[\\/]|icons-material[\\/](Shield|Visibility|VisibilityOff)\.)/,
                priority: 2,
              },
              {
                // The card, the language selector, the API client and its error texts, the session.
                name: 'first-page',
                test: /apps[\\/]web[\\/]src[\\/]shared[\\/](api[\\/](client|error-text|use-error-text)\.|session[\\/](flash|session-store)\.|components[\\/](BrandedCardPage|LanguageSelect)\.)|packages[\\/]contract[\\/]src[\\/](constants|errors)\.ts/,
                priority: 1,
              },
            ],
          },
        },
      },
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
