// Bundles the server into dist/server.mjs (workspace TypeScript packages inlined, npm packages
// external) and copies the SQL migrations and the embedded database's worker script beside it.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outfile: path.join(dist, 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        // Bare imports are npm packages, resolved at run time, except our own TypeScript workspaces.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vigil/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The embedded database's thread (db/pglite-thread.ts) starts from this file.
fs.copyFileSync(path.join(here, 'src/db/pglite-worker.mjs'), path.join(dist, 'pglite-worker.mjs'));
console.log('server built: apps/server/dist/server.mjs');
