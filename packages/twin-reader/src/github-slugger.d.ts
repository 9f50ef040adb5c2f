/** github-slugger 1.x, the version Docusaurus slugs headings with, ships no types. */
declare module 'github-slugger' {
  export default class GithubSlugger {
    /** How often each slug was taken, the state `slug` reads and writes. */
    occurrences: Record<string, number>;
    /** The slug of a heading's text within one page: a repeated slug gets a `-1`, `-2` suffix. */
    slug(value: string, maintainCase?: boolean): string;
  }
}
