/**
 * Heading anchors in the twins. On the HTML page a heading's id is the slug of its
 * text (github-slugger, numbered when repeated) unless the source gives one. A twin
 * keeps a given id, as a trailing ` {#id}` (the Docusaurus syntax), only where it is
 * not the slug a reader of the twin would compute, so the twin reads as the page and
 * every anchor computed from it exists on the page.
 */
import { createSlugger } from '@docusaurus/utils';

/** The headings of one twin, in order. */
export class TwinHeadingIds {
  /** The texts of the headings that take a slug, in order: a slug depends on those before it. */
  private readonly slugged: string[] = [];

  /** What the heading's line needs after its text: ` {#id}`, or nothing when the slug is the id. */
  suffix(text: string, id?: string): string {
    if (id !== undefined && id !== this.nextSlug(text)) {
      // A heading with an explicit id takes no slug, on the page as for a reader of the twin.
      return ` {#${id}}`;
    }
    this.slugged.push(text);
    return '';
  }

  private nextSlug(text: string): string {
    const slugger = createSlugger();
    this.slugged.forEach((before) => slugger.slug(before));
    return slugger.slug(text);
  }
}
