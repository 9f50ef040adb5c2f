/**
 * Reads the MDX pages under docs/ through the site's one remark pipeline (the one
 * the Markdown twins use): their front matter, fenced code blocks, links and
 * heading ids, with line numbers so a failure names the file and the line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { visit } from 'unist-util-visit';
import { parse as parseYaml } from 'yaml';

import { readPage, type ReadPage } from '@site/src/plugins-lib/twins/remark';
import { headingIds as pageHeadingIds } from '../support/heading-ids';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS_DIR = join(ROOT, 'docs');

export interface DocPage {
  /** Path from the repository root, such as docs/faq.mdx. */
  file: string;
  source: string;
  frontMatter: Record<string, unknown>;
  /** The text after the front matter. */
  body: string;
  /** The line number of the first body line. */
  bodyLine: number;
  /** The page as the remark pipeline reads it. */
  read: ReadPage;
}

export interface CodeBlock {
  file: string;
  /** The line of the opening fence. */
  line: number;
  language: string;
  meta: string;
  code: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

function readDoc(file: string, source: string): ReadPage {
  try {
    return readPage(source, 'mdx');
  } catch (error) {
    throw new Error(`${file}: the MDX does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Every Markdown or MDX page under docs/, sorted by path. */
export function docPages(): DocPage[] {
  return walk(DOCS_DIR)
    .filter((path) => /\.mdx?$/.test(path))
    .sort()
    .map((path) => {
      const source = readFileSync(path, 'utf8');
      const file = relative(ROOT, path);
      const read = readDoc(file, source);
      const yaml = read.tree.children.find((node) => node.type === 'yaml');
      if (!yaml) {
        return { file, source, frontMatter: {}, body: source, bodyLine: 1, read };
      }
      const frontMatter = (parseYaml(yaml.value) ?? {}) as Record<string, unknown>;
      const bodyLine = (yaml.position?.end.line ?? 0) + 1;
      return {
        file,
        source,
        frontMatter,
        body: source
          .split('\n')
          .slice(bodyLine - 1)
          .join('\n'),
        bodyLine,
        read,
      };
    });
}

/** The JSON files of docs/, such as the _category_.json of each folder. */
export function docJsonFiles(): { file: string; data: unknown }[] {
  return walk(DOCS_DIR)
    .filter((path) => path.endsWith('.json'))
    .sort()
    .map((path) => ({ file: relative(ROOT, path), data: JSON.parse(readFileSync(path, 'utf8')) as unknown }));
}

/** The first and last line of each fenced code block of a page, in order. */
function codeNodes(page: DocPage): { start: number; end: number; block: CodeBlock }[] {
  const lines = page.source.split('\n');
  const nodes: { start: number; end: number; block: CodeBlock }[] = [];
  visit(page.read.tree, 'code', (node) => {
    const start = node.position?.start.line ?? 0;
    const end = node.position?.end.line ?? 0;
    const fence = /^\s*(`{3,}|~{3,})/.exec(lines[start - 1] ?? '')?.[1] ?? '';
    const closing = (lines[end - 1] ?? '').trim();
    // A fence left open runs to the end of the page (or of its JSX element).
    if (end === start || !/^(`+|~+)$/.test(closing) || closing[0] !== fence[0] || closing.length < fence.length) {
      throw new Error(`${page.file}:${start}: the code fence ${fence} is never closed`);
    }
    const block = { file: page.file, line: start, language: node.lang ?? '', meta: node.meta ?? '', code: node.value };
    nodes.push({ start, end, block });
  });
  return nodes;
}

/** The fenced code blocks of a page; an unclosed fence is an error. */
export function codeBlocks(page: DocPage): CodeBlock[] {
  return codeNodes(page).map(({ block }) => block);
}

/** The page text outside fenced code blocks, with code blocks blanked so line numbers stay right. */
export function proseOf(page: DocPage): string {
  const lines = page.body.split('\n');
  for (const { start, end } of codeNodes(page)) {
    for (let line = start; line <= end; line += 1) {
      lines[line - page.bodyLine] = '';
    }
  }
  return lines.join('\n');
}

export interface Link {
  file: string;
  line: number;
  url: string;
}

/** Markdown links and images, autolinks, and the href or to props of JSX elements. */
export function linksOf(page: DocPage): Link[] {
  const links: Link[] = [];
  const add = (url: string, at: { position?: { start: { line: number } } }) =>
    links.push({ file: page.file, line: at.position?.start.line ?? 0, url });
  visit(page.read.tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      add(node.url, node);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes) {
        if (
          attribute.type === 'mdxJsxAttribute' &&
          /^(href|to)$/.test(attribute.name) &&
          typeof attribute.value === 'string'
        ) {
          add(attribute.value, node);
        }
      }
    }
  });
  return links;
}

/** The ids of a page's headings, as its HTML page gives them: those written as {#id}, and slugs. */
export function headingIds(page: DocPage): string[] {
  return [...pageHeadingIds(page.read).values()];
}
