/**
 * Page weight: a first visit recorded the way a reader makes it, prefetching on: every
 * file fetched until the `load` event, then everything fetched in the 10 s after it
 * (route prefetches of visible links, idle preloads), each file once, by kind of file and
 * by phase. Sizes are raw and gzip (level 9, the level the bench's server sends), computed
 * from the body so that the same build always weighs the same, whatever the host. Shared
 * by the byte budgets in the test suite and by `npm run bench`, so both count the same
 * files the same way.
 */
import { gzipSync } from 'node:zlib';

import type { Page, Response } from '@playwright/test';

import { HELD_SCRIPTS_META } from '../../src/search/backends/pagefindEarly';

export const KINDS = ['js', 'css', 'html', 'font', 'image', 'other'] as const;
export type ResourceKind = (typeof KINDS)[number];
export type Phase = 'load' | 'afterLoad';

export type Tally = Record<ResourceKind | 'total', { count: number; raw: number; gzip: number }>;

const AFTER_LOAD_MS = 10_000;

/** Each kind but `other`: the content types that name it, and the extensions of its paths. */
const PATTERNS: [ResourceKind, RegExp, RegExp][] = [
  ['js', /javascript/, /\.m?js$/],
  ['css', /text\/css/, /\.css$/],
  ['html', /text\/html/, /\.html?$/],
  ['font', /^font\/|font-woff/, /\.(woff2?|ttf|otf|eot)$/],
  ['image', /^image\//, /\.(png|jpe?g|gif|webp|avif|svg|ico)$/],
];

/** The kind of a response, by its content type, else by the extension of its path. */
export function classify(contentType: string, url: string): ResourceKind {
  const type = contentType.toLowerCase();
  const pathname = new URL(url).pathname.toLowerCase();
  const match = PATTERNS.find(([, types]) => types.test(type)) ?? PATTERNS.find(([, , paths]) => paths.test(pathname));
  return match?.[0] ?? 'other';
}

/**
 * Whether a fetched file is the feature's, a feature that loads on the reader's intent: under
 * its data's folder, or a script or stylesheet holding one of the strings found only in its code.
 */
export function belongsTo(feature: typeof SEARCH, url: string, kind: ResourceKind, body: Uint8Array) {
  if (new URL(url).pathname.startsWith(feature.folder)) return true;
  if (kind !== 'js' && kind !== 'css') return false;
  const text = Buffer.from(body);
  return feature.markers.some((marker) => text.includes(marker));
}

/**
 * Search: Pagefind's folder, and strings found only in search code, so a fetched script
 * or stylesheet is recognised without its hashed name: DocSearch's modal markup (the
 * modal chunk) and its rules (the modal's stylesheet), and the name of the Pagefind
 * runtime that the local search backend imports (the backend chunk).
 */
export const SEARCH = { folder: '/pagefind/', markers: ['DocSearch-Modal', 'pagefind.js'] };

/**
 * The request consoles (the API pages', the serving guides', Ask AI, Check your server): the API operation files'
 * folder, and strings found only in their code and stylesheet: each form's marker (the
 * console chunks) and a class of the body editor (the shared chunk and the stylesheet). Its chunks' names are no marker: the bundler's runtime, on
 * every page, lists them.
 */
export const CONSOLE = {
  folder: '/api-console/',
  markers: ['data-api-console', 'data-chat-console', 'data-ask-panel', 'data-server-check-panel', 'editorLayer_'],
};

export function describeFetched(url: string, contentType: string, body: Uint8Array, phase: Phase) {
  const kind = classify(contentType, url);
  return {
    url,
    kind,
    phase,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    /** Search code or index: the modal chunk, the Pagefind runtime, its WebAssembly or index. */
    search: belongsTo(SEARCH, url, kind, body),
    /** The API console's code, stylesheet or operation data, which only the reader's press may fetch. */
    console: belongsTo(CONSOLE, url, kind, body),
  };
}
export type Fetched = ReturnType<typeof describeFetched>;

/** Counts and sums by kind, with a total, for the files fetched in one phase. */
export function tally(fetched: readonly Fetched[], phase: Phase): Tally {
  const result = Object.fromEntries([...KINDS, 'total'].map((kind) => [kind, { count: 0, raw: 0, gzip: 0 }])) as Tally;
  for (const file of fetched.filter((entry) => entry.phase === phase)) {
    for (const key of [file.kind, 'total'] as const) {
      result[key].count += 1;
      result[key].raw += file.raw;
      result[key].gzip += file.gzip;
    }
  }
  return result;
}

/**
 * Weighs one response. Chromium keeps no body for a `<link rel="prefetch">` response,
 * so an empty 200 body is fetched again from the same host to weigh the real file.
 * Null for redirects and aborted requests, which have no body to weigh.
 */
export async function weighResponse(response: Response, phase: Phase): Promise<Fetched | null> {
  try {
    let body: Uint8Array = await response.body();
    if (body.length === 0 && response.status() === 200) {
      body = new Uint8Array(await (await fetch(response.url())).arrayBuffer());
    }
    return describeFetched(response.url(), response.headers()['content-type'] ?? '', body, phase);
  } catch {
    return null;
  }
}

/** Opens `url` in `page` (a fresh context, so a cold cache) and records its status and what it fetches. */
export async function recordVisit(page: Page, url: string) {
  let phase: Phase = 'load';
  let recording = true;
  const pending: Promise<Fetched | null>[] = [];
  // A page that holds its own scripts back until its first paint (the /search page,
  // HELD_SCRIPTS_META) has not finished its first load before they have run: its load
  // phase lasts until it has hydrated, so that those scripts count as first-load.
  let holdsScripts: Promise<boolean> = Promise.resolve(false);
  const onResponse = (response: Response) => {
    if (!recording) return;
    pending.push(weighResponse(response, phase));
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) {
      holdsScripts = response.text().then(
        (html) => html.includes(`<meta name="${HELD_SCRIPTS_META}"`),
        () => false,
      );
    }
  };
  page.on('response', onResponse);
  const loaded = new Promise<void>((resolve) => {
    page.once('load', () => {
      void holdsScripts
        .then((holds) =>
          holds
            ? page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true')
            : null,
        )
        .catch(() => null)
        .finally(() => {
          phase = 'afterLoad';
          resolve();
        });
    });
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    await loaded;
    await page.waitForTimeout(AFTER_LOAD_MS);
    recording = false;
    // A chunk that a route prefetch and the page itself request at the same moment is
    // sometimes fetched twice, depending on timing: each file counts once, so the same
    // build always weighs the same.
    const files = (await Promise.all(pending)).filter((file) => file !== null);
    const fetched = files.filter((file, index) => files.findIndex(({ url }) => url === file.url) === index);
    return { status: response?.status() ?? null, fetched };
  } finally {
    page.off('response', onResponse);
  }
}
