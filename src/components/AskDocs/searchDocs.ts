/** The site's own search as the `search_docs` tool's engine: the first pages, as plain text. */
import { groupHitsByPage } from '../../search/pageResults';
import type { SearchSetup } from '../../search/setup';
import type { FacetFilters } from '../../search/types';
import { siteUrl } from '../../site/identity';
import type { DocResult } from './agent';

/** Text without the `<mark>` and other tags the results carry for highlighting. */
function plain(html: string): string {
  const text = html.replace(/<[^>]*>/g, '');
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) =>
    name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : name === '#39' ? "'" : '&',
  );
}

/** The first pages the site's search finds for `query`, as the model reads them. */
export async function searchForAsk(
  setup: SearchSetup,
  facetFilters: FacetFilters,
  query: string,
): Promise<DocResult[]> {
  const response = await setup.backend.search({ query, facetFilters, hitsPerPage: 5, page: 0 });
  return groupHitsByPage(response.hits, siteUrl).map((page) => ({
    title: plain(page.title),
    url: page.url,
    excerpt: plain(page.excerpt || page.headings[0]?.excerpt || ''),
  }));
}
