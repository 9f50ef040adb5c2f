// The scale run: writes 2,000 doc pages shaped like the site's built pages (main
// content, breadcrumbs, headings with ids, Docusaurus search metadata) into a
// temporary folder, indexes them with the site's own indexer, and returns the folder.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SECTIONS = ['Models', 'Serving & Inferencing', 'Assistants', 'Threads', 'Runs', 'Files', 'Guides', 'Reference'];
const TOPICS = [
  ['llama', 'quantization', 'context window', 'tool call', 'GGUF', 'fp16', 'prompt template'],
  ['vllm', 'llama.cpp', 'batching', 'throughput', 'OpenAI-compatible', 'server flags', 'GPU memory'],
  ['assistant', 'thread', 'message', 'run step', 'file upload', 'pagination', 'error codes'],
];
const VERBS = ['configure', 'serve', 'benchmark', 'stream', 'validate', 'cache', 'retry', 'deploy'];

function rng(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function paragraph(random, words) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentences = [];
  for (let i = 0; i < 4; i += 1) {
    const topic = pick(pick(TOPICS));
    sentences.push(
      `To ${pick(VERBS)} the ${topic}, set the ${pick(pick(TOPICS))} option before you ${pick(VERBS)} the ${pick(words)}.`,
    );
  }
  return sentences.join(' ');
}

function pageHtml(index, random) {
  const section = SECTIONS[index % SECTIONS.length];
  const title = `${SECTIONS[index % SECTIONS.length].split(' ')[0]} guide ${index}: ${TOPICS[index % 3][index % 7]}`;
  const headings = ['Overview', 'Install', 'Configure', 'Examples', 'Troubleshooting', 'Limits'];
  const body = headings
    .map((heading, h) => {
      const id = `${heading.toLowerCase()}-${index}`;
      const text = [paragraph(random, TOPICS[h % 3]), paragraph(random, TOPICS[(h + 1) % 3])]
        .map((p) => `<p>${p.replace(/&/g, '&amp;')}</p>`)
        .join('');
      return `<h2 class=anchor id=${id}>${heading}<a href=#${id} class=hash-link aria-label="Direct link">\u200b</a></h2>${text}`;
    })
    .join('');
  return `<!doctype html><html lang=en dir=ltr><head><title>${title}</title><meta name=docusaurus_locale content=en><meta name=docusaurus_tag content=docs-default-current></head><body><nav class=navbar>Navbar</nav><div class=docsWrapper><aside class=theme-doc-sidebar-container>Sidebar</aside><main class=docMainContainer><article><nav class=theme-doc-breadcrumbs><ul class=breadcrumbs><li class=breadcrumbs__item><a href=/ aria-label="Home page"><svg></svg></a><li class=breadcrumbs__item><span class=breadcrumbs__link>${section.replace(/&/g, '&amp;')}</span><li class="breadcrumbs__item breadcrumbs__item--active"><span class=breadcrumbs__link>${title}</span></ul></nav><div class="theme-doc-markdown markdown"><header><h1>${title}</h1></header>${body}</div></article><nav class=pagination-nav>Previous Next</nav></main></div><footer class=footer>Footer</footer></body></html>`;
}

export async function buildScaleSite(pageCount, writeIndex) {
  const dir = await mkdtemp(path.join(tmpdir(), 'rubra-search-scale-'));
  const random = rng(42);
  const pages = [];
  for (let index = 0; index < pageCount; index += 1) {
    const url = `/docs/page-${index}`;
    const html = pageHtml(index, random);
    pages.push({ url, html });
    await mkdir(path.join(dir, 'docs'), { recursive: true });
    await writeFile(path.join(dir, `docs/page-${index}.html`), html);
  }
  const report = await writeIndex(pages, path.join(dir, 'pagefind'));
  return { dir, report };
}
