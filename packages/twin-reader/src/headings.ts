/**
 * Heading ids, by the one rule Docusaurus applies to a page: a heading written with
 * `{#id}` takes that id; any other takes the slug of its text (github-slugger, the
 * slugger Docusaurus uses), numbered by the headings before it that took a slug. The
 * twins, the dev search index and the content tests all read ids through this
 * module, so each agrees with the anchors on the HTML page.
 */
import GithubSlugger from 'github-slugger';

/** A heading's trailing explicit id: `## Install {#install}`. */
const EXPLICIT_ID = /\s*\{#([^}\s]+)\}\s*$/;

/**
 * Takes the `{#id}` heading ids out of the source, as Docusaurus does before MDX sees
 * them, by line number from 1; fenced code is left alone.
 */
export function takeHeadingIds(source: string): { source: string; ids: Map<number, string> } {
  let fence: string | null = null;
  const ids = new Map<number, string>();
  const lines = source.split('\n').map((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return line;
    }
    const id = fence === null && /^#{1,6}\s/.test(line) ? EXPLICIT_ID.exec(line) : null;
    if (!id?.[1]) {
      return line;
    }
    ids.set(index + 1, id[1]);
    return line.slice(0, id.index);
  });
  return { source: lines.join('\n'), ids };
}

/** The ids of one page's headings, given in order. */
export class HeadingIds {
  private readonly slugger = new GithubSlugger();

  /** The id of the next heading: the id it is given, or the slug of its text. */
  next(text: string, given?: string): string {
    return given ?? this.slugger.slug(text);
  }

  /**
   * What the next heading's line in a twin needs after its text: ` {#id}` only where the given
   * id is not the slug a reader of the twin would compute, so every anchor it computes exists.
   */
  twinSuffix(text: string, id?: string): string {
    const taken = Object.assign(Object.create(null) as Record<string, number>, this.slugger.occurrences);
    if (this.next(text) === id || id === undefined) {
      return '';
    }
    // The heading keeps its given id, so its text takes no slug.
    this.slugger.occurrences = taken;
    return ` {#${id}}`;
  }
}
