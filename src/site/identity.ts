/**
 * The site's identity: every name, label, URL and line of fixed text that the
 * configuration, the theme and the content share. Nothing else hard-codes them.
 * The parts the /search page's early script needs are constants of their own, so
 * that its bundle takes them without the rest.
 */

export const siteUrl = 'https://docs.rubra.ai';

/**
 * The origins a Rubra API server's CORS settings allow: a page elsewhere (such as
 * http://127.0.0.1:3000) cannot read its answers.
 */
export const rubraServerCorsOrigins = [siteUrl, 'http://localhost', 'http://localhost:3000'] as const;

/** The search texts the spec fixes, shared by the search modal and the /search page. */
export const searchTexts = {
  buttonText: 'Search',
  placeholder: 'Search docs',
  seeAllResults: 'See all {count} results',
  noResults: 'No results for',
  relaxedNotice: 'No results for "{original}". Showing results for "{query}".',
  correctedNotice: 'Showing results for "{query}".',
  searchInstead: 'Search instead for "{original}"',
  trySearchingFor: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
  errorTitle: 'Unable to fetch results',
  errorHelp: 'You might want to check your network connection.',
  resultCount: '{count} results for',
  oneResult: '1 result for',
  loadMore: 'Show more results',
  searching: 'Searching…',
  pageTitle: 'Search the documentation',
} as const;

export const identity = {
  productName: 'Rubra',
  title: 'Rubra Docs',
  tagline: 'Welcome to Rubra Docs',
  url: siteUrl,
  baseUrl: '/',
  searchIndexName: 'rubra',
  searchPagePath: 'search',
  searchTexts,
  editUrl: 'https://github.com/rubra-ai/rubra/tree/main/docs',
  issuesUrl: 'https://github.com/rubra-ai/rubra/issues',
  demoUrl: 'https://huggingface.co/spaces/sanjay920/rubra-v0.1-function-calling',
  links: {
    home: { label: 'Home', href: 'https://docs.rubra.ai' },
    huggingFace: { label: 'Hugging Face', href: 'https://huggingface.co/rubra-ai' },
    github: { label: 'GitHub', href: 'https://github.com/rubra-ai/rubra' },
    discord: { label: 'Discord', href: 'https://discord.gg/9sSf4UyAMC' },
    twitter: { label: 'Twitter', href: 'https://x.com/rubra_ai' },
  },
  announcement: {
    id: 'announcement-2024-07-tool-calling-models',
    content:
      'Rubra’s tool-calling models are free to try: open the <a href="https://huggingface.co/spaces/sanjay920/rubra-v0.1-function-calling">hosted demo</a>, no login needed.',
  },
} as const;

export const copyrightLine = 'Copyright © 2024 Rubra';
