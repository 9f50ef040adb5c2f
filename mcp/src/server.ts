import { readFileSync } from 'node:fs';

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

import { Docs } from './docs.js';
import type { SearchAnswer } from './search.js';
import type { DocsSource } from './source.js';

/** The package's version, read from its package.json (one level above src/ and dist/). */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 20;
const MAX_QUERY_LENGTH = 500;

const INSTRUCTIONS =
  'Rubra documentation: open-weight LLMs post-trained for tool calling, ' +
  'serving them with llama.cpp, vLLM or transformers, their benchmarks, a FAQ, and the reference of an ' +
  'OpenAI-style assistants API. Call search_docs with a few words to find the right section, then read_page ' +
  'with its URL for the full page; list_pages gives the table of contents.';

function text(content: string) {
  return { content: [{ type: 'text' as const, text: content }] };
}

function formatHits(query: string, { hits, searchedFor }: SearchAnswer): string {
  if (hits.length === 0) {
    return `No results for "${query}". Try other or fewer words, or list_pages for every page.`;
  }
  const lines = hits.map((hit, index) => {
    const title = hit.heading === hit.pageTitle ? hit.pageTitle : `${hit.pageTitle} › ${hit.heading}`;
    return `${index + 1}. ${title}\n   ${hit.url}\n   ${hit.snippet}`;
  });
  const searched = searchedFor === null ? `"${query}"` : `"${searchedFor}" (no page holds "${query}" as written)`;
  return `Results for ${searched} (best first; read a whole page with read_page and its URL):\n\n${lines.join('\n\n')}`;
}

/**
 * An MCP server with the search_docs, read_page and list_pages tools over one docs
 * source. Servers given the same `Docs` share its page list and search index.
 */
export function createDocsServer(from: DocsSource | Docs): McpServer {
  const docs = from instanceof Docs ? from : new Docs(from);
  const { source } = docs;
  const server = new McpServer({ name: 'rubra-docs', version: VERSION }, { instructions: INSTRUCTIONS });
  const annotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: source.origin !== undefined };

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Rubra docs',
      description:
        'Full-text search over the Rubra documentation: model guides, serving guides (llama.cpp, vLLM, ' +
        'transformers), benchmarks, FAQ and the assistants API reference. Returns the best-matching sections, ' +
        'best first, each with its page title, section heading, URL (with the anchor of the section) and a ' +
        'short snippet. Pass a result URL to read_page for the whole page.',
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(1, 'The query is empty: give a few words to search for.')
          .max(MAX_QUERY_LENGTH)
          .describe('What to look for, in a few words, e.g. "serve with vLLM in Docker" or "create a run".'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_LIMIT)
          .default(DEFAULT_LIMIT)
          .describe(`How many results to return, from 1 to ${MAX_LIMIT}; ${DEFAULT_LIMIT} when left out.`),
      },
      annotations,
    },
    async ({ query, limit }) => {
      const index = await docs.searchIndex();
      return text(formatHits(query, await index.search(query, limit)));
    },
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a Rubra docs page',
      description:
        "Returns a page of the Rubra documentation as Markdown (the page's exact Markdown twin). Give its path, " +
        'such as "/models/llama", "/inference/vllm", "/api/create-run" or "/" for the home page, or its full URL ' +
        'as search_docs and list_pages give it; ".md" and a #anchor are optional.',
      inputSchema: {
        path: z
          .string()
          .min(1, 'The path is empty: give a page path such as "/models/llama", or its full URL.')
          .max(2048)
          .describe('The page path ("/models/llama", "/" for the home page) or its full URL on the site.'),
      },
      annotations,
    },
    async ({ path }) => text(await docs.readPage(path)),
  );

  server.registerTool(
    'list_pages',
    {
      title: 'List the Rubra docs pages',
      description:
        'Lists every page of the Rubra documentation, grouped by section (models, serving, benchmarks and FAQ, ' +
        'API reference), each with its URL and a one-line description. Read one with read_page.',
      annotations,
    },
    async () => {
      const { llms, pages } = await docs.map();
      const sections = llms.sections.flatMap((section) => {
        const lines = pages
          .filter((page) => page.section === section.name)
          .map((page) => `- [${page.title}](${page.url})${page.description ? `: ${page.description}` : ''}`);
        return lines.length > 0 ? [`## ${section.name}\n\n${lines.join('\n')}`] : [];
      });
      const summary = llms.summary ? `> ${llms.summary}\n\n` : '';
      return text(`# ${llms.title}\n\n${summary}${sections.join('\n\n')}\n`);
    },
  );

  return server;
}
