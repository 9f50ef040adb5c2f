// The one edit a built page gets after `docusaurus build`: the /search page's hints, which
// name the files of the Pagefind index (made from the rendered pages), and the site's
// scripts it holds back until its first results are painted. The search plugin hands
// them over as data (SEARCH_PAGE_FILE, never served) and this module applies them. The
// page is parsed with parse5, the WHATWG parser; the edits are made at the places its
// tree gives (the end of <head>, a script element's own span), so the rest of the page
// keeps its bytes as the minifier wrote them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse, type DefaultTreeAdapterTypes } from 'parse5';

/**
 * The folder of the build's host configuration (the nginx includes, the plugins' policy
 * files), inside the build so it ships with the pages it describes; never served.
 */
export const NGINX_DIR = '_nginx';

/**
 * The /search page's index hints and held scripts, by the page's file, that the search
 * plugin (src/plugins/search) writes for the local backend only.
 */
export const SEARCH_PAGE_FILE = `${NGINX_DIR}/pages/search-page.json`;

/** An element added at the end of <head>. */
export type HeadElement = { tag: 'meta' | 'link'; attributes: Record<string, string> };

/** What the pass adds to one page. */
export type PageEdit = {
  head?: HeadElement[];
  /** The page's own `defer` scripts whose src starts with srcPrefix, taken out and listed, in order, in the meta element named listIn. */
  holdScripts?: { srcPrefix: string; listIn: string };
};

/** The build's files, sorted, by their paths relative to it with `/` separators. */
export function buildFiles(buildDir: string): string[] {
  return readdirSync(buildDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(buildDir, path.join(entry.parentPath ?? entry.path, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The built pages, sorted by file; files lists the build's files when they are listed already. */
export function builtPages(buildDir: string, files = buildFiles(buildDir)): { file: string; html: string }[] {
  return files
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ file, html: readFileSync(path.join(buildDir, file), 'utf8') }));
}

type Element = DefaultTreeAdapterTypes.Element;

/**
 * A parse5 node's elements, itself included, in document order, a template's content
 * included (a fragment of its own, outside the template's child nodes).
 */
export function elementsOf(node: DefaultTreeAdapterTypes.ParentNode): Element[] {
  const children = node.childNodes.filter((child): child is Element => 'tagName' in child);
  const parents = [...children, ...('content' in node ? [node.content] : [])];
  return [...('tagName' in node ? [node] : []), ...parents.flatMap(elementsOf)];
}

export function attributeOf(element: Element, name: string): string | undefined {
  return element.attrs?.find((attr) => attr.name === name)?.value;
}

function renderHeadElement({ tag, attributes }: HeadElement): string {
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${tag}${Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('')}>`;
}

/**
 * Applies an edit to one page; a page that holds every element the edit adds already (the
 * pass has run on it) is left as it is. html is the page as built; file names it in messages.
 */
export function editPage(html: string, { head = [], holdScripts: held }: PageEdit, file: string): string {
  const added = [...head.map(renderHeadElement), ...(held ? [`<meta name="${held.listIn}"`] : [])];
  if (added.length > 0 && added.every((element) => html.includes(element))) {
    return html;
  }
  const nodes = elementsOf(parse(html, { sourceCodeLocationInfo: true }));
  const location = nodes.find((node) => node.tagName === 'head')?.sourceCodeLocation;
  if (!location) {
    throw new Error(`${file}: no <head> to add to`);
  }
  const heldScripts = nodes.filter(
    (node) =>
      held &&
      node.tagName === 'script' &&
      attributeOf(node, 'src')?.startsWith(held.srcPrefix) &&
      attributeOf(node, 'defer') !== undefined,
  );
  if (held && heldScripts.length === 0) {
    throw new Error(`${file}: the search page's edit holds the scripts under ${held.srcPrefix}, and the page has none`);
  }
  const content = heldScripts.map((script) => attributeOf(script, 'src')).join(' ');
  const listed: HeadElement[] = held ? [{ tag: 'meta', attributes: { name: held.listIn, content } }] : [];
  const headEnd = location.endTag?.startOffset ?? location.endOffset;
  const splices = [
    // Every node has its location: the page is parsed with sourceCodeLocationInfo.
    ...heldScripts.flatMap(({ sourceCodeLocation: at }) =>
      at ? [{ start: at.startOffset, end: at.endOffset, text: '' }] : [],
    ),
    { start: headEnd, end: headEnd, text: [...head, ...listed].map(renderHeadElement).join('') },
  ];
  // From the last to the first, so each splice's offsets still hold.
  return splices
    .sort((a, b) => b.start - a.start)
    .reduce((result, { start, end, text }) => result.slice(0, start) + text + result.slice(end), html);
}

/**
 * Applies the search plugin's edits (none in a build without its file: a hosted search
 * backend) to the built pages, listed in files, and returns every one, edited or not. It
 * writes nothing: the caller writes each edited page once.
 */
export function editPages(buildDir: string, files: string[]): { file: string; html: string; edited: boolean }[] {
  const editsFile = path.join(buildDir, SEARCH_PAGE_FILE);
  const edits: Record<string, PageEdit> = existsSync(editsFile) ? JSON.parse(readFileSync(editsFile, 'utf8')) : {};
  return builtPages(buildDir, files).map(({ file, html }) => {
    const edited = edits[file] ? editPage(html, edits[file], file) : html;
    return { file, html: edited, edited: edited !== html };
  });
}
