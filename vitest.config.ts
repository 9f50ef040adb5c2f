import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const UNIT_DIR = 'tests/unit';
const ALL = `${UNIT_DIR}/**/*.test.{ts,tsx}`;
/** Components' behaviour in a DOM (happy-dom, driven with Testing Library); what needs a real browser is in tests/e2e. */
const COMPONENTS = `${UNIT_DIR}/components/**/*.test.tsx`;
/**
 * The test files that replace a module or a global (vi.mock, vi.stubGlobal, vi.stubEnv):
 * each runs on a fresh module graph. The others share one per thread, so a module they
 * import is loaded once per thread rather than once per file.
 */
const replacing = readdirSync(UNIT_DIR)
  .filter((name) => /\.test\.tsx?$/.test(name))
  .filter((name) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(`${UNIT_DIR}/${name}`, 'utf8')))
  .map((name) => `${UNIT_DIR}/${name}`);

export default defineConfig({
  // The JSX transform React 18+ and the site's tsconfig use: no React import in each file.
  esbuild: { jsx: 'automatic' },
  resolve: {
    alias: { '@site': fileURLToPath(new URL('.', import.meta.url)) },
  },
  test: {
    pool: 'threads',
    // Vitest's default leaves a core free: on two cores that is one thread, and the files'
    // imports (most of their time) wait on each other.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'shared', include: [ALL], exclude: [...replacing, COMPONENTS], isolate: false } },
      {
        extends: true,
        // The site's router is Docusaurus's: here a link is a plain anchor to the same place, and the page is hydrated.
        resolve: {
          alias: {
            '@docusaurus/Link': fileURLToPath(new URL('tests/support/link.tsx', import.meta.url)),
            '@docusaurus/useIsBrowser': fileURLToPath(new URL('tests/support/use-is-browser.ts', import.meta.url)),
          },
        },
        test: {
          name: 'components',
          include: [COMPONENTS],
          environment: 'happy-dom',
          // Each file loads its own React DOM, which would otherwise keep the first file's document.
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: replacing } },
    ],
  },
});
