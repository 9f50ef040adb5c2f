/**
 * Page weight: what a visit fetches, by kind of file and by phase (before the `load`
 * event, or in the 10 s after it). Sizes are raw and gzip (level 9, the level the
 * bench's server sends), computed from the body so that the same build always weighs
 * the same, whatever the host.
 */
import { gzipSync } from 'node:zlib';

/** @public run.mjs reads it through jiti. */
export const KINDS = ['js', 'css', 'html', 'font', 'image', 'other'] as const;
export type ResourceKind = (typeof KINDS)[number];
export type Phase = 'load' | 'afterLoad';

export interface Fetched {
  url: string;
  kind: ResourceKind;
  phase: Phase;
  raw: number;
  gzip: number;
  /** Search code or index: the modal chunk, the Pagefind runtime, its WebAssembly or index. */
  search: boolean;
  /** The API console's code, stylesheet or operation data, which only the reader's press may fetch. */
  console: boolean;
}

interface KindTotal {
  count: number;
  raw: number;
  gzip: number;
}

export type Tally = Record<ResourceKind | 'total', KindTotal>;

const EXTENSIONS: [RegExp, ResourceKind][] = [
  [/\.m?js$/, 'js'],
  [/\.css$/, 'css'],
  [/\.html?$/, 'html'],
  [/\.(woff2?|ttf|otf|eot)$/, 'font'],
  [/\.(png|jpe?g|gif|webp|avif|svg|ico)$/, 'image'],
];

/** The kind of a response, by its content type, else by the extension of its path. */
export function classify(contentType: string, url: string): ResourceKind {
  const type = contentType.toLowerCase();
  if (type.includes('javascript')) return 'js';
  if (type.includes('text/css')) return 'css';
  if (type.includes('text/html')) return 'html';
  if (type.startsWith('font/') || type.includes('font-woff')) return 'font';
  if (type.startsWith('image/')) return 'image';
  const pathname = new URL(url).pathname.toLowerCase();
  return EXTENSIONS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'other';
}

/** A feature that loads on the reader's intent: its data's folder, and strings found only in its code. */
interface OnIntent {
  folder: string;
  markers: readonly string[];
}

/** Whether a fetched file is the feature's: under its folder, or a script or stylesheet holding a marker. */
export function belongsTo(feature: OnIntent, url: string, kind: ResourceKind, body: Uint8Array): boolean {
  if (new URL(url).pathname.startsWith(feature.folder)) {
    return true;
  }
  if (kind !== 'js' && kind !== 'css') {
    return false;
  }
  const text = Buffer.from(body);
  return feature.markers.some((marker) => text.includes(marker));
}

/**
 * Search: Pagefind's folder, and strings found only in search code, so a fetched script
 * or stylesheet is recognised without its hashed name: DocSearch's modal markup (the
 * modal chunk) and its rules (the modal's stylesheet), and the name of the Pagefind
 * runtime that the local search backend imports (the backend chunk).
 */
export const SEARCH: OnIntent = { folder: '/pagefind/', markers: ['DocSearch-Modal', 'pagefind.js'] };

/**
 * The request consoles (the API pages', the serving guides', Ask AI, Check your server): the API operation files'
 * folder, and strings found only in their code and stylesheet: each form's marker (the
 * console chunks) and a class of the body editor (the shared chunk and the stylesheet). Its chunks' names are no marker: the bundler's runtime, on
 * every page, lists them.
 */
export const CONSOLE: OnIntent = {
  folder: '/api-console/',
  markers: ['data-api-console', 'data-chat-console', 'data-ask-panel', 'data-server-check-panel', 'editorLayer_'],
};

export function describeFetched(url: string, contentType: string, body: Uint8Array, phase: Phase): Fetched {
  const kind = classify(contentType, url);
  return {
    url,
    kind,
    phase,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    search: belongsTo(SEARCH, url, kind, body),
    console: belongsTo(CONSOLE, url, kind, body),
  };
}

/** Counts and sums by kind, with a total, for the files fetched in one phase. */
export function tally(fetched: readonly Fetched[], phase: Phase): Tally {
  const result = Object.fromEntries([...KINDS, 'total'].map((kind) => [kind, { count: 0, raw: 0, gzip: 0 }])) as Tally;
  for (const file of fetched) {
    if (file.phase !== phase) continue;
    for (const key of [file.kind, 'total'] as const) {
      result[key].count += 1;
      result[key].raw += file.raw;
      result[key].gzip += file.gzip;
    }
  }
  return result;
}
