/** Types of eslint.boundaries.js (the server layout as lint rules), for the tests that import it. */
import type { Linter } from 'eslint';

/** Each module of apps/server/src/modules and the modules it may import (besides the foundation). */
export declare const MODULE_DEPENDENCIES: Readonly<Record<string, readonly string[]>>;
/** The flat-config entries spread into the root eslint.config.js. */
declare const config: Linter.Config[];
export default config;
