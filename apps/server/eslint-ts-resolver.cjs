/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: eslint-module-utils require()s its resolvers. */
/**
 * ESLint import resolver (interface v2) for the server's TypeScript sources, used by
 * eslint-plugin-boundaries (eslint.boundaries.js): a relative import written with the `.js`
 * extension (NodeNext style) resolves to the `.ts` file next to it; everything else goes to the
 * default Node resolver.
 */
const fs = require('node:fs');
const path = require('node:path');
const node = require('eslint-import-resolver-node');

exports.interfaceVersion = 2;

/** Resolves `source` imported from `file`: `{ found, path }`. */
exports.resolve = function resolve(source, file, config) {
  if (source.startsWith('.') && /\.[cm]?js$/.test(source)) {
    const ts = path.resolve(path.dirname(file), source.replace(/\.([cm]?)js$/, '.$1ts'));
    if (fs.existsSync(ts)) return { found: true, path: ts };
  }
  return node.resolve(source, file, config);
};
