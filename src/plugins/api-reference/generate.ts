import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import {
  aboutHeading,
  API_HEADINGS,
  LANDING_PAGE_ID,
  responseHeading,
  type ApiHeading,
  type ApiReference,
} from '../../plugins-lib/api-reference';
import { ALSO_SHOWN_AT } from '../../shared/sidebar-props';
import type { ApiOperationPage } from '../../shared/api-types';

const SIDEBAR_ID = 'api';
export const SIDEBAR_FILE = '_sidebars.json';

/**
 * Escapes Markdown for MDX: outside code, braces would start expressions and `<`
 * a JSX tag. Fenced blocks and inline code spans are left as written.
 */
export function escapeMdx(markdown: string): string {
  return markdown
    .split(/(```[\s\S]*?```|`[^`\n]+`)/g)
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/[{}]/g, (brace) => `\\${brace}`).replace(/</g, '&lt;'),
    )
    .join('');
}

/** The contents list sits in the page itself (see ApiOperationLayout): the column beside it holds the samples. */
const PAGE_LAYOUT = { hide_table_of_contents: true };

function frontMatter(fields: Record<string, string | boolean | null>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

/** A heading with its id, then each block of the section, every one followed by a blank line. */
function section(level: 2 | 3, { text, id }: ApiHeading, ...blocks: string[]): string[] {
  return [`${'#'.repeat(level)} ${text} {#${id}}`, '', ...blocks.flatMap((block) => [block, ''])];
}

/** The MDX body of an operation's page; /api and its page use the very same body. */
function pageBody(page: ApiOperationPage, description: string, reference: ApiReference): string {
  return [
    "import { ApiAuthentication, ApiOperationHeader, ApiOperationLayout, ApiParameters, ApiRequestBody, ApiResponse } from '@site/src/components/ApiOperation';",
    `export const operation = ${JSON.stringify(page, withoutHighlightedText)};`,
    '',
    '<ApiOperationHeader operation={operation} />',
    '',
    // The layout puts the page's contents, the code samples and the example response around the reference.
    '<ApiOperationLayout operation={operation} toc={toc}>',
    '',
    ...(description.trim() ? [escapeMdx(description.trim()), ''] : []),
    ...(page.pageId === LANDING_PAGE_ID && reference.description.trim()
      ? section(2, aboutHeading(reference.title), escapeMdx(reference.description.trim()))
      : []),
    ...section(2, API_HEADINGS.authentication, '<ApiAuthentication operation={operation} />'),
    ...(page.parameters.length > 0
      ? section(2, API_HEADINGS.parameters, '<ApiParameters operation={operation} />')
      : []),
    ...(page.requestBody ? section(2, API_HEADINGS.requestBody, '<ApiRequestBody operation={operation} />') : []),
    ...section(2, API_HEADINGS.responses),
    ...page.responses.flatMap((response) =>
      section(3, responseHeading(response), `<ApiResponse operation={operation} status="${response.status}" />`),
    ),
    '</ApiOperationLayout>',
    '',
  ].join('\n');
}

/**
 * Every file of the API docs folder, by relative path: one MDX page per operation, /api and the sidebar.
 * `landingHref` is the URL of /api (with the base URL), which shows the landing operation's page.
 */
export function generateFiles(reference: ApiReference, landingHref: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [index, page] of reference.pages.entries()) {
    const description = reference.descriptions.get(page.operationId) ?? '';
    const summary = firstSentence(description) || page.summary;
    const body = pageBody(page, description, reference);
    files.set(
      `${page.pageId}.mdx`,
      `${frontMatter({ id: page.pageId, title: page.summary, description: summary, ...PAGE_LAYOUT })}\n${body}`,
    );
    if (page.pageId === LANDING_PAGE_ID) {
      files.set(
        'index.mdx',
        `${frontMatter({
          id: 'index',
          slug: '/',
          title: page.summary,
          description: `${reference.title} reference. ${summary}`,
          displayed_sidebar: SIDEBAR_ID,
          ...PAGE_LAYOUT,
          // The landing is not in the sidebar itself: it takes the links of the page it shows.
          pagination_prev: reference.pages[index - 1]?.pageId ?? null,
          pagination_next: reference.pages[index + 1]?.pageId ?? null,
        })}\n${body}`,
      );
    }
  }
  if (!files.has('index.mdx')) {
    throw new Error(`the API landing page needs an operation whose page id is "${LANDING_PAGE_ID}"`);
  }
  const sidebar = {
    // One category per tag, in the pages' order.
    [SIDEBAR_ID]: [...new Set(reference.pages.map((page) => page.tag))].map((tag) => ({
      type: 'category',
      label: tag,
      collapsed: false,
      items: reference.pages
        .filter((page) => page.tag === tag)
        .map((page) => ({
          type: 'doc',
          id: page.pageId,
          label: page.summary,
          className: `api-sidebar-item api-sidebar-item--${page.method.toLowerCase()}`,
          ...(page.pageId === LANDING_PAGE_ID && { customProps: { [ALSO_SHOWN_AT]: landingHref } }),
        })),
    })),
  };
  files.set(SIDEBAR_FILE, `${JSON.stringify(sidebar, null, 2)}\n`);
  return files;
}

/**
 * `JSON.stringify` replacer for the page data the browser loads: a sample's code and an
 * example's text are left out where their highlighted form carries the same text.
 */
function withoutHighlightedText(this: unknown, key: string, value: unknown): unknown {
  const holder = this as Record<string, unknown>;
  const highlighted = key === 'code' ? holder.highlighted : key === 'example' ? holder.highlightedExample : undefined;
  return highlighted === undefined ? value : undefined;
}

function firstSentence(markdown: string): string {
  const text = markdown.replace(/`/g, '').replace(/\s+/g, ' ').trim();
  return /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

/**
 * Writes the generated files into `outDir`, touching only those whose content differs
 * from the file on disk, each through a rename so a concurrent reader never sees half a
 * file, and removes the pages and data files there that `files` does not hold.
 */
export async function writeGeneratedFiles(outDir: string, files: ReadonlyMap<string, string>): Promise<string[]> {
  const written: string[] = [];
  await mkdir(outDir, { recursive: true });
  for (const [relative, content] of [...files.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const target = path.join(outDir, relative);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === content) {
      continue;
    }
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, content);
    await rename(temporary, target);
    written.push(relative);
  }
  const stale = (await readdir(outDir, { recursive: true })).filter(
    (relative) => /\.(mdx|json)$/.test(relative) && !files.has(relative),
  );
  await Promise.all(stale.map((relative) => rm(path.join(outDir, relative), { force: true })));
  return written;
}
