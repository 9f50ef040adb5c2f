import type { KnipConfig } from 'knip';

/**
 * Modules a program loads by their path and reads the exports of: the theme components we own
 * (Docusaurus), the curl block's wrapper (imported by the serving guides' pages as
 * src/plugins/code-highlight/curl.ts compiles them), and the chosen search backend's modules
 * (the search plugin's aliases @rubra/search-backend and @rubra/search-page-head).
 */
const loadedByPath = [
  'src/theme/**/index.tsx',
  'src/components/CurlTryIt/index.tsx',
  'src/search/backends/*.{setup.ts,head.tsx}',
];

/**
 * knip (in `npm run lint`): unused files, exports and dependencies. Docusaurus, Vitest,
 * Playwright and ESLint are found by knip's own plugins; what it cannot see is listed here.
 */
const config: KnipConfig = {
  ignoreIssues: Object.fromEntries(loadedByPath.map((path) => [path, ['exports']])),
  workspaces: {
    '.': {
      // Entry files' exports are checked too: an export that only its own module reads is not
      // exported. What a program knip cannot follow reads (a page the build writes) is tagged
      // `@public` where it is exported.
      includeEntryExports: true,
      entry: [
        ...loadedByPath,
        // The code-highlight plugin swaps the theme's Prism loader for this module by its path.
        'src/plugins/code-highlight/no-browser-prism.ts',
        // The shared-chunks plugin resolves @docusaurus/utils-common's tslib to this module by its path.
        'src/plugins/shared-chunks/tslib-helpers.ts',
        // The API pages that src/plugins/api-reference/generate.ts writes import this component.
        'src/components/ApiOperation/index.tsx',
        // The programs npm scripts, the end-to-end servers and the relevance floor test run through vite-node.
        'scripts/*.ts',
        'scripts/bench/{run,relevance-answers}.ts',
        // dependency-cruiser reads the bundler's aliases from this file, named in .dependency-cruiser.mjs.
        '.dependency-cruiser.aliases.mjs',
      ],
      project: ['**/*.{ts,tsx,mjs,js,mdx}', '!static/**', '!mcp/**', '!tests/unit/fixtures/**'],
      // tests/e2e/deploy.spec.ts runs `npm run serve:nginx`, and knip resolves that script's
      // vite-node argument from the spec's folder.
      ignoreUnresolved: ['scripts/serve-nginx.ts'],
      ignoreDependencies: [
        // Added by docusaurus.config.ts only when RSDOCTOR=true.
        '@docusaurus/plugin-rsdoctor',
        // Read by file name (require.resolve) by the social cards' renderer.
        '@fontsource/inter',
        // Aliases plugins point at modules: the chosen search backend's (search), each route's card tags (social-cards).
        /^@rubra\/(search-backend|search-page-head|social-card-tags)$/,
        // The MCP workspace's own dependency; the tests at the root drive its server with it.
        '@modelcontextprotocol/sdk',
      ],
    },
  },
};

export default config;
