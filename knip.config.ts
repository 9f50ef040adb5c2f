import type { KnipConfig } from 'knip';

/**
 * knip (in `npm run lint`): unused files, exports and dependencies. Docusaurus, Vitest,
 * Playwright and ESLint are found by knip's own plugins; what it cannot see is listed here.
 */
const config: KnipConfig = {
  ignoreIssues: {
    // Docusaurus loads a theme component's default export by its path, and the
    // search plugin points its aliases at a backend's modules.
    'src/theme/**/index.tsx': ['exports'],
    'src/search/backends/*.{setup.ts,head.tsx}': ['exports'],
    // The pages src/plugins/code-highlight/curl.ts compiles import this component's default export.
    'src/components/CurlTryIt/index.tsx': ['exports'],
  },
  workspaces: {
    '.': {
      // Entry files' exports are checked too: an export that only its own module reads is not
      // exported. What a program knip cannot follow reads (a page the build writes) is tagged
      // `@public` where it is exported.
      includeEntryExports: true,
      entry: [
        // Docusaurus loads the theme components we own by their path under src/theme.
        'src/theme/**/index.{ts,tsx}',
        // The code-highlight plugin swaps the theme's Prism loader for this module by its path.
        'src/plugins/code-highlight/no-browser-prism.ts',
        // The shared-chunks plugin resolves @docusaurus/utils-common's tslib to this module by its path.
        'src/plugins/shared-chunks/tslib-helpers.ts',
        // The API pages that src/plugins/api-reference/generate.ts writes import this component.
        'src/components/ApiOperation/index.tsx',
        // The serving guides' pages import this wrapper of a curl block that calls this
        // machine when src/plugins/code-highlight/curl.ts compiles them.
        'src/components/CurlTryIt/index.tsx',
        // The search plugin aliases @rubra/search-backend and @rubra/search-page-head
        // to the modules of the backend src/search/backends/registry.ts chooses.
        'src/search/backends/*.setup.ts',
        'src/search/backends/*.head.tsx',
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
