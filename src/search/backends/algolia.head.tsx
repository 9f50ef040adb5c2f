/** Algolia answers from its own servers: the /search page has nothing of the site's to fetch early. */
export default function SearchPageHead(): null {
  return null;
}
