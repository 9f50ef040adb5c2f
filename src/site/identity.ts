/**
 * The site's identity (identity.json): every name, label, URL and line of fixed text
 * that the configuration, the theme and the content share. Nothing else hard-codes
 * them. The search texts the spec fixes, shared by the search modal and the /search
 * page, are a file of their own (search-texts.json), so that the page's early script
 * takes them without the rest.
 */
import site from './identity.json';
import searchTexts from './search-texts.json';

export { searchTexts };

export const identity = { ...site, searchTexts };

/** The site's address. */
export const siteUrl = site.url;

/**
 * The origins a Rubra API server's CORS settings allow: a page elsewhere (such as
 * http://127.0.0.1:3000) cannot read its answers.
 */
export const rubraServerCorsOrigins = [siteUrl, 'http://localhost', 'http://localhost:3000'] as const;

export const copyrightLine = `Copyright © ${site.copyrightYear} ${site.copyrightHolder}`;
