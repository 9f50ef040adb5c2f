import { availableParallelism } from 'node:os';

import { defineConfig } from 'vitest/config';

/**
 * The tests that need the production build but no browser (npm run test:built, after
 * npm run build): the docs MCP server on the build, the search engines' relevance on its
 * index, and the served site read as a crawler reads it. What needs a page is in tests/e2e.
 */
export default defineConfig({
  test: {
    include: ['tests/built/**/*.test.ts'],
    // Each file starts servers and child processes of its own: a process per file (Vitest's
    // forks pool). The files wait on those as much as they compute, so never one at a time,
    // even on two cores (the relevance floor alone takes most of the run).
    maxWorkers: Math.max(2, Math.floor(availableParallelism() / 2)),
    globalSetup: ['tests/built/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
