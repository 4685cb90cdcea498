// Bundles the server into dist/server.mjs (workspace TypeScript packages inlined, npm packages
// external) and copies the SQL migrations and the embedded database's worker script beside it.
// Code splitting: a module the server imports dynamically (`await import('./x.js')`, e.g. the call
// media's werift side) becomes a chunk of its own beside server.mjs, with the npm packages it
// imports, so they are loaded on first use and not at every start (issue 20, memory).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(here, 'src/server.ts')],
  outdir: dist,
  entryNames: '[name]',
  outExtension: { '.js': '.mjs' },
  // Chunks beside server.mjs: code in them resolves its files (migrations, the worker) from dist/ as the entry does.
  chunkNames: '[name]-[hash]',
  splitting: true,
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
