// The one edit a built page gets after `docusaurus build`: the /search page's hints, which
// name the files of the Pagefind index (made from the rendered pages), and the site's
// scripts it holds back until its first results are painted. The search plugin hands
// them over as data (SEARCH_PAGE_FILE, never served) and this module applies them. The
// page is parsed with parse5, the WHATWG parser; the edits are made at the places its
// tree gives (the end of <head>, a script element's own span), so the rest of the page
// keeps its bytes as the minifier wrote them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { parse } from 'parse5';

/**
 * The folder of the build's host configuration (the nginx includes, the plugins' policy
 * files), inside the build so it ships with the pages it describes; never served.
 */
export const NGINX_DIR = '_nginx';

/** The /search page's index hints and held scripts (src/plugins/search), for the local backend only. */
export const SEARCH_PAGE_FILE = `${NGINX_DIR}/pages/search-page.json`;

/**
 * @typedef {object} HeadElement an element added at the end of a page's <head>
 * @property {'meta' | 'link'} tag
 * @property {Record<string, string>} attributes
 */

/**
 * @typedef {object} HeldScripts the page's own `defer` scripts taken out and listed, in order, in a meta element
 * @property {string} srcPrefix the scripts held: those whose src starts with it
 * @property {string} listIn the name of the meta element that lists them
 */

/**
 * @typedef {object} PageEdit what the pass adds to one page
 * @property {HeadElement[]} [head]
 * @property {HeldScripts} [holdScripts]
 */

/** @typedef {Record<string, PageEdit>} PageEdits each page's edit, by its file relative to the build folder */

/**
 * Writes the edits into the build, for the pass: what the search plugin's postBuild
 * calls instead of editing the page.
 * @param {string} outDir
 * @param {PageEdits} edits
 */
export async function handOverPageEdits(outDir, edits) {
  const target = path.join(outDir, SEARCH_PAGE_FILE);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(edits, null, 1)}\n`);
}

/**
 * The built pages, sorted by file: each .html file under buildDir, by its path relative to
 * it with `/` separators.
 * @param {string} buildDir
 * @returns {{ file: string, html: string }[]}
 */
export function builtPages(buildDir) {
  return readdirSync(buildDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(buildDir, path.join(entry.parentPath ?? entry.path, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort()
    .map((file) => ({ file, html: readFileSync(path.join(buildDir, file), 'utf8') }));
}

const ATTRIBUTE_NAME = /^[a-z][a-z0-9:-]*$/;

/**
 * @param {unknown} value
 * @param {string} where
 * @returns {PageEdit}
 */
function readPageEdit(value, where) {
  const edit = /** @type {PageEdit} */ (value);
  if (typeof edit !== 'object' || edit === null) {
    throw new Error(`${where}: an edit is an object with "head" and/or "holdScripts"`);
  }
  for (const [index, element] of (edit.head ?? []).entries()) {
    const attributes = Object.entries(element?.attributes ?? {});
    const bad = attributes.find(
      ([name, text]) => !ATTRIBUTE_NAME.test(name) || /^on|^style$/.test(name) || typeof text !== 'string',
    );
    if (!['meta', 'link'].includes(element?.tag) || attributes.length === 0 || bad) {
      throw new Error(
        `${where}: head[${index}] must be a meta or link element with string attributes and no inline code${bad ? ` (not ${bad[0]})` : ''}`,
      );
    }
  }
  const hold = edit.holdScripts;
  if (hold && (typeof hold.srcPrefix !== 'string' || !hold.srcPrefix || typeof hold.listIn !== 'string')) {
    throw new Error(`${where}: holdScripts needs a srcPrefix and the name of the meta element to listIn`);
  }
  return edit;
}

/**
 * The edits as the search plugin handed them over, by page; none in a build without the
 * file (a hosted search backend).
 * @param {string} buildDir
 * @returns {Map<string, PageEdit>}
 */
function readEdits(buildDir) {
  const file = path.join(buildDir, SEARCH_PAGE_FILE);
  if (!existsSync(file)) {
    return new Map();
  }
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(`${file}: an object of page edits by the page's file`);
  }
  return new Map(Object.entries(data).map(([page, edit]) => [page, readPageEdit(edit, `${file}: ${page}`)]));
}

/** @param {string} value */
function escapeAttribute(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** @param {HeadElement} element */
function renderHeadElement({ tag, attributes }) {
  const rendered = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`);
  return `<${tag}${rendered.join('')}>`;
}

/**
 * Visits a parse5 node and its descendants, in document order.
 * @param {any} node
 * @param {(node: any) => void} visit
 */
export function walk(node, visit) {
  visit(node);
  for (const child of node.childNodes ?? []) {
    walk(child, visit);
  }
}

/**
 * @param {any} element
 * @param {string} name
 * @returns {string | undefined}
 */
export function attributeOf(element, name) {
  return element.attrs?.find((/** @type {{ name: string }} */ attr) => attr.name === name)?.value;
}

/**
 * Applies an edit to one page; a page that holds every element the edit adds already (the
 * pass has run on it) is left as it is.
 * @param {string} html the page as built
 * @param {PageEdit} edit
 * @param {string} file the page's file, for messages
 * @returns {string}
 */
export function editPage(html, edit, file) {
  const head = edit.head ?? [];
  const held = edit.holdScripts;
  const added = [...head.map(renderHeadElement), ...(held ? [`<meta name="${escapeAttribute(held.listIn)}"`] : [])];
  if (added.length > 0 && added.every((element) => html.includes(element))) {
    return html;
  }
  const document = parse(html, { sourceCodeLocationInfo: true });
  /** @type {any} */
  let headNode;
  /** @type {Set<string>} */
  const metaKeys = new Set();
  /** @type {any[]} */
  const scripts = [];
  walk(document, (node) => {
    if (node.tagName === 'head' && !headNode) {
      headNode = node;
    } else if (node.tagName === 'meta') {
      const key = attributeOf(node, 'property') ?? attributeOf(node, 'name');
      if (key) metaKeys.add(key);
    } else if (node.tagName === 'script' && attributeOf(node, 'src') !== undefined) {
      scripts.push(node);
    }
  });
  const location = headNode?.sourceCodeLocation;
  if (!location) {
    throw new Error(`${file}: no <head> to add to`);
  }
  const headEnd = location.endTag?.startOffset ?? location.endOffset;
  /** @type {{ start: number, end: number, text: string }[]} */
  const splices = [];
  /** @param {HeadElement} element */
  const addToHead = (element) => {
    const key = element.tag === 'meta' ? (element.attributes.property ?? element.attributes.name) : undefined;
    if (key && metaKeys.has(key)) {
      throw new Error(`${file}: the search page's edit adds <meta> "${key}", which the page already has`);
    }
    if (key) metaKeys.add(key);
    splices.push({ start: headEnd, end: headEnd, text: renderHeadElement(element) });
  };
  head.forEach(addToHead);
  if (held) {
    const { srcPrefix, listIn } = held;
    const heldScripts = scripts.filter(
      (script) => attributeOf(script, 'src')?.startsWith(srcPrefix) && attributeOf(script, 'defer') !== undefined,
    );
    if (heldScripts.length === 0) {
      throw new Error(`${file}: the search page's edit holds the scripts under ${srcPrefix}, and the page has none`);
    }
    for (const script of heldScripts) {
      const { startOffset, endOffset } = script.sourceCodeLocation;
      splices.push({ start: startOffset, end: endOffset, text: '' });
    }
    addToHead({
      tag: 'meta',
      attributes: { name: listIn, content: heldScripts.map((script) => attributeOf(script, 'src')).join(' ') },
    });
  }
  // By place; at one place, in the order they were made (the sort is stable).
  splices.sort((a, b) => a.start - b.start);
  let result = '';
  let at = 0;
  for (const { start, end, text } of splices) {
    result += html.slice(at, start) + text;
    at = end;
  }
  return result + html.slice(at);
}

/**
 * Applies the search plugin's edits to the built pages. It writes nothing: the caller
 * writes each edited page once.
 * @param {string} buildDir
 * @returns {{ file: string, html: string, edited: boolean }[]} every built page, edited or not
 */
export function editPages(buildDir) {
  const edits = readEdits(buildDir);
  const pages = builtPages(buildDir);
  const unknown = [...edits.keys()].filter((page) => !pages.some(({ file }) => file === page));
  if (unknown.length > 0) {
    throw new Error(`${path.join(buildDir, SEARCH_PAGE_FILE)}: the build has no page ${unknown.join(', ')}`);
  }
  return pages.map(({ file, html }) => {
    const edit = edits.get(file);
    const edited = edit ? editPage(html, edit, file) : html;
    return { file, html: edited, edited: edited !== html };
  });
}
