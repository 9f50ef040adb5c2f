// The early start of the local search, loaded by the /search page's HTML only (as an
// async module in its <head>), long before the site's bundle has run: it loads
// Pagefind and its WebAssembly, reads `?q=` and runs that query, so that the index
// chunks and the first results' fragments are on their way while React hydrates. The
// local backend (src/search/backends/local.ts) then takes the Pagefind instance over
// and answers its first query from what is already loaded. The settings come from the
// script element's `data-search-early` attribute (src/search/backends/local.head.tsx).

/**
 * @typedef {object} EarlySearchConfig
 * @property {string} global the global the instance is left under for the backend
 * @property {string} moduleUrl Pagefind's browser module
 * @property {Record<string, unknown>} options Pagefind's options, the backend's own
 * @property {Record<string, { any: string[] }>} filters the page's contextual filters, in Pagefind's form
 * @property {number} resultsPerPage how many results the page shows first: their fragments are fetched too
 */

/**
 * On a page that has already hydrated (a client-side navigation to /search), or when
 * an instance was already started, it does nothing: the backend loads Pagefind itself.
 * @param {EarlySearchConfig} config
 * @param {any} scope the window
 * @param {(url: string) => Promise<any>} load imports Pagefind's module
 */
export function startEarlySearch(config, scope, load) {
  if (config.global in scope || scope.document.documentElement.getAttribute('data-has-hydrated') === 'true') {
    return;
  }
  const pagefind = load(config.moduleUrl).then(async (module) => {
    const instance = module.createInstance(config.options);
    await instance.init();
    return instance;
  });
  scope[config.global] = pagefind;
  // A failure is the backend's to report, when it takes the instance over.
  pagefind.catch(() => undefined);
  const query = (new URLSearchParams(scope.location.search).get('q') ?? '').trim();
  if (query) {
    pagefind
      .then(async (instance) => {
        const found = await instance.search(query, { filters: config.filters });
        const first = (found?.results ?? []).slice(0, config.resultsPerPage);
        await Promise.all(first.map((/** @type {{ data: () => Promise<unknown> }} */ result) => result.data()));
      })
      .catch(() => undefined);
  }
}

const settings =
  typeof document === 'undefined'
    ? null
    : document.querySelector('script[data-search-early]')?.getAttribute('data-search-early');
if (settings) {
  startEarlySearch(JSON.parse(settings), window, (url) => import(url));
}
