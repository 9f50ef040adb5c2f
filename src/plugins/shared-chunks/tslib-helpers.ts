/**
 * The tslib helpers that @docusaurus/utils-common's CommonJS build calls, and only
 * those. Its `require("tslib")` would put all of tslib (every helper TypeScript can
 * emit) in the bundle every page loads; the shared-chunks plugin resolves that request
 * to this module, whose named import from tslib's ES build leaves the rest out.
 * tests/unit/shared-chunks.test.ts checks that every helper utils-common calls is here.
 */
/** @public utils-common calls it, through the shared-chunks plugin's alias. */
export { __importDefault } from 'tslib';
