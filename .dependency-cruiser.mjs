/**
 * The import rules of ARCHITECTURE.md (the layers under Folders), checked by `npm run
 * lint:imports`, each an error. Type-only imports count: a circle of types is still a circle.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through its imports: each circle means two modules that are really one, or a type without one home.',
      from: { path: '^((src|packages|mcp/src|scripts)/.+)$' },
      // Only a module's edge to itself is left out: a wrapped theme component's
      // `import type … from '@theme/X'` names the theme's declaration of X (TypeScript
      // resolves @theme/ to the theme's types), which the alias cannot tell from the wrapper.
      to: { circular: true, pathNot: '^$1$' },
    },
    {
      name: 'browser-never-imports-a-plugin',
      comment:
        'Code that runs in the browser or on both sides never imports a plugin, which runs in Node at build time.',
      from: { path: '^src/(components|theme|search|site|shared|data|client)/' },
      to: { path: '^src/plugins(-lib)?/' },
    },
    {
      name: 'plugin-never-imports-the-ui',
      comment:
        "A plugin (or the plugins' library) never imports a React component or a theme component; what both sides need lives in src/shared.",
      from: { path: '^src/plugins(-lib)?/' },
      to: { path: ['^src/(components|theme)/', '^@theme(-original|-init)?/'] },
    },
    {
      name: 'search-never-imports-components',
      comment: 'The search UI is handed what it shows beside results (Ask AI) by the search bar that hosts both.',
      from: { path: '^src/search/' },
      to: { path: '^src/components/' },
    },
    {
      name: 'shared-and-client-below-the-ui',
      comment:
        "Shared code and data sit below the UI and the client, and the client for a reader's servers below the UI, which it serves: what both sides need lives in src/shared.",
      from: { path: '^src/(shared|data|client)/' },
      to: { path: ['^src/(components|theme|search|client)/', '^@theme(-original|-init)?/'], pathNot: '^src/$1/' },
    },
    {
      name: 'package-stands-alone',
      comment:
        'A workspace package imports only its own files and npm packages: the programs that use it bring the index and the DOM.',
      from: { path: '^packages/([^/]+)/' },
      to: { pathNot: '^packages/$1/', dependencyTypesNot: ['npm', 'npm-peer', 'npm-optional'] },
    },
    {
      name: 'plugin-never-imports-another-plugin',
      comment:
        "A plugin never imports another plugin's modules, and the plugins' library none: what two plugins share lives in src/plugins-lib.",
      from: { path: '^src/(plugins/[^/]+|plugins-lib)/' },
      to: { path: '^src/plugins/', pathNot: '^src/$1/' },
    },
  ].map((rule) => ({ ...rule, severity: 'error' })),
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // @site/ and @theme/ as the bundler resolves them.
    webpackConfig: { fileName: '.dependency-cruiser.aliases.mjs' },
    // Workspace and npm packages by their `exports`, as Node and the bundler find them.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
