// The one edit a built page gets after `docusaurus build`: the /search page's hints, which
// name the files of the Pagefind index (made from the rendered pages), and the site's
// scripts it holds back until its first results are painted. The search plugin hands
// them over as data (SEARCH_PAGE_FILE, never served) and this module applies them. The
// page is parsed with parse5, the WHATWG parser; the edits are made at the places its
// tree gives (the end of <head>, a script element's own span), so the rest of the page
// keeps its bytes as the minifier wrote them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'parse5';

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

/** @typedef {{ tag: 'meta' | 'link', attributes: Record<string, string> }} HeadElement added at the end of <head> */

/**
 * @typedef {object} PageEdit what the pass adds to one page
 * @property {HeadElement[]} [head]
 * @property {{ srcPrefix: string, listIn: string }} [holdScripts] the page's own `defer`
 *   scripts whose src starts with srcPrefix, taken out and listed, in order, in the meta element named listIn
 */

/**
 * The build's files, sorted, by their paths relative to it with `/` separators.
 * @param {string} buildDir
 */
export function buildFiles(buildDir) {
  return readdirSync(buildDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(buildDir, path.join(entry.parentPath ?? entry.path, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * @param {string} buildDir
 * @param {string[]} [files] the build's files, when listed already
 * @returns {{ file: string, html: string }[]} the built pages, sorted by file
 */
export function builtPages(buildDir, files = buildFiles(buildDir)) {
  return files
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ file, html: readFileSync(path.join(buildDir, file), 'utf8') }));
}

/**
 * A parse5 node and its descendants, in document order, a template's content included
 * (a fragment of its own, outside the template's child nodes).
 * @param {any} node
 * @returns {any[]}
 */
export function nodesOf(node) {
  return [node, ...[...(node.childNodes ?? []), ...(node.content ? [node.content] : [])].flatMap(nodesOf)];
}

/**
 * @param {any} element
 * @param {string} name
 * @returns {string | undefined}
 */
export function attributeOf(element, name) {
  return element.attrs?.find((/** @type {{ name: string }} */ attr) => attr.name === name)?.value;
}

/** @param {HeadElement} element */
function renderHeadElement({ tag, attributes }) {
  const escape = (/** @type {string} */ value) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${tag}${Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('')}>`;
}

/**
 * Applies an edit to one page; a page that holds every element the edit adds already (the
 * pass has run on it) is left as it is.
 * @param {string} html the page as built
 * @param {PageEdit} edit
 * @param {string} file the page's file, for messages
 */
export function editPage(html, { head = [], holdScripts: held }, file) {
  const added = [...head.map(renderHeadElement), ...(held ? [`<meta name="${held.listIn}"`] : [])];
  if (added.length > 0 && added.every((element) => html.includes(element))) {
    return html;
  }
  const nodes = nodesOf(parse(html, { sourceCodeLocationInfo: true }));
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
  /** @type {HeadElement[]} */
  const listed = held ? [{ tag: 'meta', attributes: { name: held.listIn, content } }] : [];
  const headEnd = location.endTag?.startOffset ?? location.endOffset;
  const splices = [
    ...heldScripts.map(({ sourceCodeLocation: { startOffset, endOffset } }) => ({
      start: startOffset,
      end: endOffset,
      text: '',
    })),
    { start: headEnd, end: headEnd, text: [...head, ...listed].map(renderHeadElement).join('') },
  ];
  // From the last to the first, so each splice's offsets still hold.
  return splices
    .sort((a, b) => b.start - a.start)
    .reduce((result, { start, end, text }) => result.slice(0, start) + text + result.slice(end), html);
}

/**
 * Applies the search plugin's edits (none in a build without its file: a hosted search
 * backend) to the built pages. It writes nothing: the caller writes each edited page once.
 * @param {string} buildDir
 * @param {string[]} files the build's files
 * @returns {{ file: string, html: string, edited: boolean }[]} every built page, edited or not
 */
export function editPages(buildDir, files) {
  const editsFile = path.join(buildDir, SEARCH_PAGE_FILE);
  /** @type {Record<string, PageEdit>} */
  const edits = existsSync(editsFile) ? JSON.parse(readFileSync(editsFile, 'utf8')) : {};
  return builtPages(buildDir, files).map(({ file, html }) => {
    const edited = edits[file] ? editPage(html, edits[file], file) : html;
    return { file, html: edited, edited: edited !== html };
  });
}
