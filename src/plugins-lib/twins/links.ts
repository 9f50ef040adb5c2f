/**
 * Links in the twins: every link and image absolute to the site, and links to a
 * docs source (`./vllm.mdx`) turned into the route of the page made from it.
 */
import { visit } from 'unist-util-visit';

import { markdownReader, markdownWriter } from './remark';

export interface LinkBase {
  /** The page's absolute URL: in-page anchors are resolved against it. */
  pageUrl: string;
  /** The site's origin and base path, with no trailing slash: `https://docs.rubra.ai`. */
  siteRoot: string;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

/** A link made absolute: site paths on the site's origin, anchors on the page's URL. */
function siteUrl(url: string, { pageUrl, siteRoot }: LinkBase): string {
  if (ABSOLUTE.test(url)) {
    return url;
  }
  if (url.startsWith('#')) {
    return `${pageUrl}${url}`;
  }
  if (url.startsWith('/')) {
    return `${siteRoot}${url}`;
  }
  // As a browser resolves it on the page, whose URL has no trailing slash.
  return new URL(url, pageUrl).href;
}

/**
 * A link of an MDX page made absolute. A link to a `.md`/`.mdx` source becomes the
 * route of its page, or null when no page has that source.
 */
export function pageLinkUrl(
  url: string,
  base: LinkBase & { resolveSourceLink: (target: string) => string | undefined },
): string | null {
  const [target = '', hash] = url.split('#');
  if (!ABSOLUTE.test(url) && /\.mdx?$/.test(target)) {
    const route = base.resolveSourceLink(target);
    return route === undefined ? null : `${base.siteRoot}${route}${hash ? `#${hash}` : ''}`;
  }
  return siteUrl(url, base);
}

/** Plain Markdown with every link and image made absolute to the site. */
export function absoluteLinks(markdown: string, where: LinkBase): string {
  const tree = markdownReader.parse(markdown);
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      node.url = siteUrl(node.url, where);
    }
  });
  return markdownWriter.stringify(tree).trim();
}
