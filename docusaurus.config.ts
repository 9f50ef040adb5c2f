import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

import { copyrightLine, identity } from './src/site/identity';
import { darkCodeTheme, lightCodeTheme } from './src/site/codeThemes';
import { parseConsoleOrigins, parseRsdoctor } from './src/site/env';
import { chooseSearchBackend } from './src/search/backends/registry';
import { remarkCodeHighlight, remarkCurlTryIt, type PrismSettings } from './src/plugins/code-highlight';
import type { PageSection } from './src/plugins-lib/sections';
import { remarkStaticTables } from './src/plugins/static-tables';

const search = chooseSearchBackend(process.env);

/** The id of the API reference's docs instance, which the twins, the search index and the cards read. */
const apiPluginId = 'api';

/** The site's sections by route prefix: llms.txt lists pages under them, and social cards name them. */
const pageSections: PageSection[] = [
  { title: 'Models', routes: ['/', '/category/models', '/models/'] },
  { title: 'Serving', routes: ['/category/serving--inferencing', '/inference/'] },
  { title: 'Benchmarks and FAQ', routes: ['/benchmark', '/faq'] },
  {
    title: 'API reference',
    intro: 'The assistants-style HTTP API, one page per operation.',
    routes: ['/api', '/api/'],
  },
];
const { links } = identity;

// themeConfig.prism, which the code-highlight plugin and its remark step read when the site is built.
const prism = {
  theme: lightCodeTheme,
  darkTheme: darkCodeTheme,
  additionalLanguages: ['cue', 'docker'],
} satisfies PrismSettings;
// Bound here rather than given as [plugin, options]: the config, plugins' options included, is written
// into the bundles, and the settings would ride along unread.
const highlightCodeBlocks = () => remarkCodeHighlight(prism);

export default {
  title: identity.title,
  tagline: identity.tagline,
  favicon: 'img/favicon.svg',
  url: identity.url,
  baseUrl: identity.baseUrl,
  trailingSlash: false,

  // The spec keeps broken links as warnings; the end-to-end link crawl is stricter.
  onBrokenLinks: 'warn',

  future: {
    v4: true,
    // Off: Rspack's persistent cache, kept in memory to the build's end, adds about a gigabyte of peak
    // memory at scale (README, Performance) for rebuilds that the bench and CI, starting cold, never make.
    faster: { rspackPersistentCache: false },
  },

  markdown: {
    format: 'detect',
    mdx1Compat: { comments: true, admonitions: true, headingIds: true },
  },

  customFields: { searchSettings: search.settings },

  plugins: [
    // Search: /search with the backend chosen above and, for a Pagefind backend, its index (build and dev server).
    ['./src/plugins/search/index.ts', { backend: search.row.id, apiPluginId }],
    './src/plugins/clean-urls/index.ts',
    './src/plugins/shared-chunks/index.ts',
    // The static tables' markup in a chunk of its page's own (the remark step is in the docs preset below).
    './src/plugins/static-tables/index.ts',
    './src/plugins/code-highlight/index.ts',
    [
      './src/plugins/blog/index.ts',
      {
        onInlineAuthors: 'ignore',
        onUntruncatedBlogPosts: 'ignore',
        beforeDefaultRemarkPlugins: [highlightCodeBlocks],
      },
    ],
    [
      './src/plugins/api-reference/index.ts',
      {
        id: apiPluginId,
        specPath: 'openapi/rubra.yaml',
        path: 'api-docs',
        routeBasePath: 'api',
        sidebarPath: './api-docs/_sidebars.json',
        beforeDefaultRemarkPlugins: [highlightCodeBlocks],
        // Where the "Try it" console may send requests beyond the loopback addresses and the description's servers.
        consoleOrigins: parseConsoleOrigins(process.env),
      },
    ],
    // Docs for AI assistants: a Markdown twin of every page (/x.md), /llms.txt and /llms-full.txt.
    [
      './src/plugins/markdown-twins/index.ts',
      {
        apiPluginId,
        sections: pageSections,
      },
    ],
    // A 1200x630 card per page for link previews, named in og:image and twitter:image.
    [
      './src/plugins/social-cards/index.ts',
      {
        apiPluginId,
        sections: pageSections,
        siteCardRoutes: ['/', `/${identity.searchPagePath}`, '/404.html'],
      },
    ],
    // RSDOCTOR=true npm run build: a report of what each bundle holds (CONTRIBUTING.md, Bundle analysis).
    parseRsdoctor(process.env) && ['rsdoctor', { rsdoctorOptions: { disableClientServer: true } }],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          editUrl: identity.editUrl.replace(/\/docs$/, '/'),
          // The tables with no interaction become markup; a curl block that calls this machine gets a
          // Try it console; then every block is highlighted.
          beforeDefaultRemarkPlugins: [remarkStaticTables, remarkCurlTryIt, highlightCodeBlocks],
        },
        blog: false,
        pages: { beforeDefaultRemarkPlugins: [highlightCodeBlocks] },
        theme: { customCss: './src/css/custom.css' },
        sitemap: { changefreq: null, priority: null, lastmod: null },
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    metadata: [{ name: 'theme-color', content: '#b3262e' }],
    announcementBar: identity.announcement,
    navbar: {
      title: identity.title,
      hideOnScroll: true,
      logo: { alt: `${identity.productName} logo`, src: 'img/logo.svg', width: 32, height: 32 },
      items: [
        { type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Docs' },
        // `html` rather than `label`: the Home link opens in the same tab, so no external-link icon.
        { href: links.home.href, html: links.home.label, target: '_self', position: 'right' },
        ...[links.huggingFace, links.github, links.discord].map((link) => ({ ...link, position: 'right' as const })),
        { type: 'localeDropdown', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Community',
          items: [links.github, links.twitter, links.discord],
        },
      ],
      copyright: copyrightLine,
    },
    prism,
  } satisfies Preset.ThemeConfig,
} satisfies Config;
