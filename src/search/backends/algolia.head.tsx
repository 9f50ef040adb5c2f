/** Algolia answers from its own servers: the /search page needs no early script. */
export default function SearchPageHead(): null {
  return null;
}
