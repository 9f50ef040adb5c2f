/**
 * The docs MCP server's fixture site (tests/unit/fixtures/mcp-site: llms.txt, the
 * Markdown twins and the pages' HTML) with the Pagefind index the site's own indexer
 * writes from that HTML, in a folder of its own, written once per test process.
 */
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Docs } from '../../mcp/src/docs';
import type { DocsSource } from '../../mcp/src/source';
import { writeIndex } from '../../src/plugins/search/indexer';

const FIXTURE = fileURLToPath(new URL('../unit/fixtures/mcp-site', import.meta.url));
const PAGES = ['/', '/models/llama', '/inference/vllm', '/api/create-run'];

let site: Promise<string> | undefined;

/** The folder of the fixture site, with its index at /pagefind/. */
export function mcpFixtureSite(): Promise<string> {
  site ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mcp-site-'));
    await cp(FIXTURE, dir, { recursive: true });
    const pages = await Promise.all(
      PAGES.map(async (url) => ({
        url,
        html: await readFile(path.join(dir, url === '/' ? 'index.html' : `${url}.html`), 'utf8'),
      })),
    );
    await writeIndex(pages, path.join(dir, 'pagefind'));
    return dir;
  })();
  return site;
}

/**
 * The docs of a source, their index searched with the Pagefind runtime the fixture's
 * index was written with (the compiled package ships its own beside it).
 */
export async function fixtureDocs(source: DocsSource): Promise<Docs> {
  return new Docs(source, path.join(await mcpFixtureSite(), 'pagefind'));
}
