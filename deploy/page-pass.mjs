// The one ordered pass over the built pages. Every change to a page that `docusaurus
// build` rendered happens here, after the build, in the order of PAGE_STEPS: the
// plugins never edit a built page, they hand over what a page needs as data (a file per
// step under PAGE_DATA_DIR, which is never served), and this module applies it. Each page
// is parsed once with parse5, the WHATWG parser; the edits are made at the places its
// tree gives (the end of <head>, a script element's own span), so the rest of the
// page keeps its bytes as the minifier wrote them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { parse } from 'parse5';

/**
 * The folder of the build's host configuration (the nginx includes, the plugins' policy
 * files), inside the build so it ships with the pages it describes; never served.
 */
export const NGINX_DIR = '_nginx';

/** The folder of the data the plugins hand over to the pass. */
const PAGE_DATA_DIR = `${NGINX_DIR}/pages`;

/** The digest of every page as Docusaurus rendered it, recorded before any plugin's postBuild has run. */
const RENDERED_PAGES_FILE = `${PAGE_DATA_DIR}/rendered.json`;

/** The digest of every page as the pass left it: a second run finds the pages finished and leaves them. */
export const FINISHED_PAGES_FILE = `${PAGE_DATA_DIR}/finished.json`;

/** The /search page's index hints and held scripts (src/plugins/search), for the local backend only. */
export const SEARCH_PAGE_FILE = `${PAGE_DATA_DIR}/search-page.json`;

/**
 * The steps of the pass, in their order, each reading its plugin's file (a build without
 * the file has no edits of that step): only what the build cannot render. The /search
 * page's hints name the files of the Pagefind index, which is made from the rendered
 * pages, and its held scripts are the ones Docusaurus writes into every page.
 */
const PAGE_STEPS = [{ step: 'search page', file: SEARCH_PAGE_FILE }];

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
 * @typedef {object} PageEdit what one step adds to one page
 * @property {HeadElement[]} [head]
 * @property {HeldScripts} [holdScripts]
 */

/** @typedef {Record<string, PageEdit>} PageEdits each page's edit, by its file relative to the build folder */

/**
 * Writes a step's edits into the build, for the pass: what a plugin's postBuild calls
 * instead of editing the pages.
 * @param {string} outDir
 * @param {string} file the step's file (one of PAGE_STEPS), relative to outDir
 * @param {PageEdits} edits
 */
export async function handOverPageEdits(outDir, file, edits) {
  const target = path.join(outDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(edits, null, 1)}\n`);
}

/**
 * @param {string} dir
 * @returns {string[]} the .html files under dir, relative to it, with `/` separators, sorted
 */
export function htmlFilesIn(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) =>
      path
        .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/'),
    )
    .sort();
}

/** @param {string} text */
function digest(text) {
  return createHash('sha256').update(text).digest('base64');
}

/**
 * The digest of every page of a build folder.
 * @param {string} dir
 * @param {Iterable<{ file: string, html: string }>} [pages] the pages' texts, when at hand
 * @returns {string} the record's text
 */
export function pageDigests(
  dir,
  pages = htmlFilesIn(dir).map((file) => ({ file, html: readFileSync(path.join(dir, file), 'utf8') })),
) {
  /** @type {Record<string, string>} */
  const digests = {};
  for (const { file, html } of pages) {
    digests[file] = digest(html);
  }
  return `${JSON.stringify(digests, null, 1)}\n`;
}

/**
 * Records the digest of every built page. Called by the rendered-pages plugin at the
 * start of its postBuild, synchronously, before any plugin's postBuild can have written.
 * @param {string} outDir
 */
export function recordRenderedPages(outDir) {
  mkdirSync(path.join(outDir, PAGE_DATA_DIR), { recursive: true });
  writeFileSync(path.join(outDir, RENDERED_PAGES_FILE), pageDigests(outDir));
}

/**
 * The pages of a record that differ from it in the build folder.
 * @param {string} buildDir
 * @param {string} relative the record's file
 * @returns {string[]}
 */
function pagesUnlike(buildDir, relative) {
  const rendered = /** @type {Record<string, string>} */ (
    JSON.parse(readFileSync(path.join(buildDir, relative), 'utf8'))
  );
  return Object.entries(rendered)
    .filter(([page, sum]) => {
      const built = path.join(buildDir, page);
      return !existsSync(built) || digest(readFileSync(built, 'utf8')) !== sum;
    })
    .map(([page]) => page);
}

/**
 * Whether the pages are as Docusaurus rendered them (the pass has to run) or as the
 * pass left them (a second run leaves them); any other change is a plugin's postBuild
 * editing a page, and stops the build.
 * @param {string} buildDir
 * @returns {'rendered' | 'finished'}
 */
function pagesState(buildDir) {
  const record = path.join(buildDir, RENDERED_PAGES_FILE);
  if (!existsSync(record)) {
    throw new Error(
      `${record} is missing: the rendered-pages plugin (src/plugins/rendered-pages) writes it during docusaurus build`,
    );
  }
  if (pagesUnlike(buildDir, RENDERED_PAGES_FILE).length === 0) {
    return 'rendered';
  }
  const finished = existsSync(path.join(buildDir, FINISHED_PAGES_FILE));
  const edited = pagesUnlike(buildDir, finished ? FINISHED_PAGES_FILE : RENDERED_PAGES_FILE);
  if (finished && edited.length === 0) {
    return 'finished';
  }
  throw new Error(
    finished
      ? `pages changed after the pass finished them: ${edited.join(', ')}; run npm run build again`
      : `a plugin's postBuild changed pages Docusaurus rendered: ${edited.join(', ')}; hand the change to the page pass (deploy/page-pass.mjs) as data instead`,
  );
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
 * Each step's edits, as its plugin handed them over.
 * @param {string} buildDir
 * @returns {{ step: string, edits: Map<string, PageEdit> }[]}
 */
function readSteps(buildDir) {
  return PAGE_STEPS.map(({ step, file: relative }) => {
    const file = path.join(buildDir, relative);
    if (!existsSync(file)) {
      return { step, edits: new Map() };
    }
    const data = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new Error(`${file}: an object of page edits by the page's file`);
    }
    const edits = new Map(Object.entries(data).map(([page, edit]) => [page, readPageEdit(edit, `${file}: ${page}`)]));
    return { step, edits };
  });
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
 * @param {any} node
 * @param {(node: any) => void} visit
 */
function walk(node, visit) {
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
function attributeOf(element, name) {
  return element.attrs?.find((/** @type {{ name: string }} */ attr) => attr.name === name)?.value;
}

/** @typedef {{ start: number, end: number, text: string }} Splice */

/**
 * Applies the steps' edits to one page, in the steps' order.
 * @param {string} html the page as built
 * @param {{ step: string, edit: PageEdit }[]} edits
 * @param {string} file the page's file, for messages
 * @returns {string}
 */
export function editPage(html, edits, file) {
  const document = parse(html, { sourceCodeLocationInfo: true });
  /** @type {any} */
  let head;
  /** @type {Set<string>} */
  const metaKeys = new Set();
  /** @type {any[]} */
  const scripts = [];
  walk(document, (node) => {
    if (node.tagName === 'head' && !head) {
      head = node;
    } else if (node.tagName === 'meta') {
      const key = attributeOf(node, 'property') ?? attributeOf(node, 'name');
      if (key) metaKeys.add(key);
    } else if (node.tagName === 'script' && attributeOf(node, 'src') !== undefined) {
      scripts.push(node);
    }
  });
  const location = head?.sourceCodeLocation;
  if (!location) {
    throw new Error(`${file}: no <head> to add to`);
  }
  const headEnd = location.endTag?.startOffset ?? location.endOffset;
  /** @type {Splice[]} */
  const splices = [];
  /** @param {string} step @param {HeadElement} element */
  const addToHead = (step, element) => {
    const key = element.tag === 'meta' ? (element.attributes.property ?? element.attributes.name) : undefined;
    if (key && metaKeys.has(key)) {
      throw new Error(`${file}: ${step} adds <meta> "${key}", which the page already has`);
    }
    if (key) metaKeys.add(key);
    splices.push({ start: headEnd, end: headEnd, text: renderHeadElement(element) });
  };
  for (const { step, edit } of edits) {
    for (const element of edit.head ?? []) {
      addToHead(step, element);
    }
    if (edit.holdScripts) {
      const { srcPrefix, listIn } = edit.holdScripts;
      const held = scripts.filter(
        (script) => attributeOf(script, 'src')?.startsWith(srcPrefix) && attributeOf(script, 'defer') !== undefined,
      );
      if (held.length === 0) {
        throw new Error(`${file}: ${step} holds the scripts under ${srcPrefix}, and the page has none`);
      }
      for (const script of held) {
        const { startOffset, endOffset } = script.sourceCodeLocation;
        splices.push({ start: startOffset, end: endOffset, text: '' });
      }
      addToHead(step, {
        tag: 'meta',
        attributes: { name: listIn, content: held.map((s) => attributeOf(s, 'src')).join(' ') },
      });
    }
  }
  // By place; at one place, in the order the steps made them.
  const ordered = splices
    .map((splice, order) => ({ ...splice, order }))
    .sort((a, b) => a.start - b.start || a.order - b.order);
  let result = '';
  let at = 0;
  for (const { start, end, text } of ordered) {
    if (start < at) {
      throw new Error(`${file}: two edits overlap at offset ${start}`);
    }
    result += html.slice(at, start) + text;
    at = end;
  }
  return result + html.slice(at);
}

/**
 * @typedef {object} BuiltPage
 * @property {string} file relative to the build folder
 * @property {string} html the page as the pass leaves it
 * @property {string[]} steps the steps that edited it, in order
 */

/**
 * Runs the steps over every built page (over none when the pass has run on this build
 * already). It writes nothing: the caller writes each edited page once, and then the
 * record of the pages as finished (pageDigests, into FINISHED_PAGES_FILE).
 * @param {string} buildDir
 * @returns {BuiltPage[]} every built page, edited or not
 */
export function editPages(buildDir) {
  const steps = pagesState(buildDir) === 'rendered' ? readSteps(buildDir) : [];
  const files = htmlFilesIn(buildDir);
  const known = new Set(files);
  for (const { step, edits } of steps) {
    const unknown = [...edits.keys()].filter((page) => !known.has(page));
    if (unknown.length > 0) {
      throw new Error(`${step}: the build has no page ${unknown.join(', ')}`);
    }
  }
  return files.map((file) => {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const edits = steps.flatMap(({ step, edits: byPage }) => {
      const edit = byPage.get(file);
      return edit ? [{ step, edit }] : [];
    });
    return {
      file,
      html: edits.length > 0 ? editPage(html, edits, file) : html,
      steps: edits.map(({ step }) => step),
    };
  });
}
