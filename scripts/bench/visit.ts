/**
 * Records a first visit the way a reader makes it, prefetching on: every file fetched
 * until the `load` event, then everything fetched in the `afterLoadMs` after it
 * (route prefetches of visible links, idle preloads), each file once. Shared by the byte budgets in
 * the test suite and by `npm run bench`, so both count the same files the same way.
 */
import type { Page, Response } from '@playwright/test';

import { HELD_SCRIPTS_META } from '../../src/search/backends/pagefindEarly';
import { describeFetched, type Fetched, type Phase } from './weight';

const AFTER_LOAD_MS = 10_000;

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
export async function recordVisit(page: Page, url: string, afterLoadMs = AFTER_LOAD_MS) {
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
    await page.waitForTimeout(afterLoadMs);
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
