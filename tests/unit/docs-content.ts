/**
 * Reads the MDX pages under docs/: their front matter, their fenced code blocks
 * and their links, with line numbers so a failure names the file and the line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

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

/** Every Markdown or MDX page under docs/, sorted by path. */
export function docPages(): DocPage[] {
  return walk(DOCS_DIR)
    .filter((path) => /\.mdx?$/.test(path))
    .sort()
    .map((path) => {
      const source = readFileSync(path, 'utf8');
      const file = relative(ROOT, path);
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
      if (!match) {
        return { file, source, frontMatter: {}, body: source, bodyLine: 1 };
      }
      const frontMatter = (parseYaml(match[1] ?? '') ?? {}) as Record<string, unknown>;
      const bodyLine = match[0].split('\n').length;
      return { file, source, frontMatter, body: source.slice(match[0].length), bodyLine };
    });
}

/** The JSON files of docs/, such as the _category_.json of each folder. */
export function docJsonFiles(): { file: string; data: unknown }[] {
  return walk(DOCS_DIR)
    .filter((path) => path.endsWith('.json'))
    .sort()
    .map((path) => ({ file: relative(ROOT, path), data: JSON.parse(readFileSync(path, 'utf8')) as unknown }));
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/;

/**
 * The fenced code blocks of a page. A fence closes with the same character, at
 * least as many times, and nothing else on the line; an unclosed fence is an error.
 */
export function codeBlocks(page: DocPage): CodeBlock[] {
  const lines = page.body.split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = FENCE.exec(lines[index] ?? '');
    if (!open) {
      continue;
    }
    const [, indent = '', fence = '', language = '', meta = ''] = open;
    const start = index;
    const content: string[] = [];
    index += 1;
    while (index < lines.length) {
      const line = lines[index] ?? '';
      const trimmed = line.trim();
      if (trimmed.startsWith(fence) && /^(`+|~+)$/.test(trimmed) && trimmed[0] === fence[0]) {
        break;
      }
      content.push(line.startsWith(indent) ? line.slice(indent.length) : line);
      index += 1;
    }
    if (index >= lines.length) {
      throw new Error(`${page.file}:${page.bodyLine + start}: the code fence ${fence} is never closed`);
    }
    blocks.push({ file: page.file, line: page.bodyLine + start, language, meta, code: content.join('\n') });
  }
  return blocks;
}

/** The page text outside fenced code blocks, with code blocks blanked so line numbers stay right. */
export function proseOf(page: DocPage): string {
  const lines = page.body.split('\n');
  for (const block of codeBlocks(page)) {
    const first = block.line - page.bodyLine;
    const count = block.code.split('\n').length + 2;
    for (let i = first; i < first + count; i += 1) {
      lines[i] = '';
    }
  }
  return lines.join('\n');
}

export interface Link {
  file: string;
  line: number;
  url: string;
}

/** Markdown links, autolinks and href or to attributes in the prose of a page. */
export function linksOf(page: DocPage): Link[] {
  const prose = proseOf(page);
  const links: Link[] = [];
  prose.split('\n').forEach((text, index) => {
    const line = page.bodyLine + index;
    const patterns = [/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, /<(https?:\/\/[^>\s]+)>/g, /\b(?:href|to)="([^"]+)"/g];
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        links.push({ file: page.file, line, url: match[1] ?? '' });
      }
    }
  });
  return links;
}

/** The explicit heading ids of a page ({#id}), which its anchors link to. */
export function headingIds(page: DocPage): string[] {
  return [...proseOf(page).matchAll(/^#{1,6} .*\{#([\w-]+)\}\s*$/gm)].map((match) => match[1] ?? '');
}
