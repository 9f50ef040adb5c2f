import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

import { builtPolicy, pluginPolicies, staleInlineCode } from '../../deploy/build-output';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, securityHeaders } from '../../deploy/headers';
import { hashesInPolicy } from '../../deploy/inline-hashes';
import { expect, gotoHydrated, test as siteTest, testUnderPolicy as test } from './fixtures';
import { holdSiteBundle } from './hold-bundle';
import { sitemapRoutes } from './site';
import { startFakeServer, type FakeServer } from '../support/fake-server.mjs';
import { BUILD_DIR } from '../support/static-server.mjs';

/**
 * The built site behind nginx with deploy/nginx.conf (the `nginx` project): every page
 * and the interactive parts work under the Content-Security-Policy, and the server
 * answers with the status codes, caching, types, compression and headers it promises.
 */

const routes = sitemapRoutes();
const policy = builtPolicy(BUILD_DIR);
const expectedHeaders = securityHeaders({ ...hashesInPolicy(policy), plugins: pluginPolicies(BUILD_DIR) });

/** A file of the build under `dir` whose name matches, as a URL path. */
function builtFile(dir: string, pattern: RegExp): string {
  const name = readdirSync(join(BUILD_DIR, dir)).find((file) => pattern.test(file));
  if (!name) {
    throw new Error(`no file matching ${pattern} in ${join(BUILD_DIR, dir)}`);
  }
  return `/${dir}/${name}`;
}

// Every page loads under the policy with no violation: tests/e2e/a11y.spec.ts visits each
// in this project.
test.describe('pages under the Content-Security-Policy', () => {
  test.describe('not found', () => {
    test.use({ expectedErrors: /404 \(Not Found\)/ });

    test('an unknown path shows the not-found page with status 404', async ({ page }) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});

test.describe('the API console under the policy', () => {
  let servers: FakeServer;
  test.beforeAll(async () => {
    servers = await startFakeServer();
  });
  test.afterAll(async () => {
    await servers.close();
  });

  // A fact of the policy, read without a page.
  siteTest('connect-src allows the site, the loopback addresses and the description’s server, and nothing else', () => {
    const connect = /(?:^|; )connect-src ([^;]+)/.exec(policy)?.[1]?.split(' ');
    expect(connect).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*', 'http://localhost:8000']);
  });

  test('the console reaches a server on a loopback address', async ({ page }) => {
    await gotoHydrated(page, '/api/create-thread');
    await page.getByRole('button', { name: 'Try it' }).click();
    const panel = page.locator('[data-api-console]');
    await panel.getByLabel('Server URL').fill(servers.url('rubra'));
    await panel.getByRole('button', { name: 'Send request' }).click();
    await expect(panel.locator('[data-console-status-code]')).toHaveText('200 OK');
  });

  test.describe('an address the policy does not name', () => {
    test.use({
      expectedViolations: /connect-src blocked http:\/\/rubra\.invalid/,
      expectedErrors: /(Connecting to|cannot load) '?http:\/\/rubra\.invalid:8000\/models/,
    });
    test('is refused by the policy, and the console says which addresses it allows', async ({ page }) => {
      await gotoHydrated(page, '/api/list-models');
      await page.getByRole('button', { name: 'Try it' }).click();
      const panel = page.locator('[data-api-console]');
      await panel.getByLabel('Server URL').fill('http://rubra.invalid:8000');
      await panel.getByRole('button', { name: 'Send request' }).click();
      const failure = panel.locator('[data-console-failure]');
      await expect(failure).toHaveAttribute('data-console-failure', 'csp');
      await expect(failure).toContainText('does not allow requests to http://rubra.invalid:8000');
      await expect(failure).toContainText('http://localhost:*, http://127.0.0.1:*, http://localhost:8000');
    });
  });
});

test.describe('the interactive parts under the policy', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('in one tab: the announcement bar is dismissed, the search modal finds llama, the colour mode switches and stays, tabs switch, the benchmark table sorts, and the API samples switch and copy', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await test.step('the announcement bar is dismissed', async () => {
      const bar = page.locator('.theme-announcement-bar');
      await expect(bar).toBeVisible();
      await bar.getByRole('button', { name: 'Close' }).click();
      await expect(bar).toBeHidden();
    });

    await test.step('the search modal finds llama', async () => {
      await page
        .locator('.navbar')
        .getByRole('button', { name: /search/i })
        .click();
      await page.locator('.DocSearch-Input').fill('llama');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    });

    await test.step('the colour mode switches, and stays on the next page', async () => {
      await gotoHydrated(page, '/faq');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await page.getByRole('button', { name: /dark and light mode/ }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      // The dark code colours are set by React after the first render.
      await gotoHydrated(page, '/inference/llamacpp');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    });

    await test.step('tabs switch', async () => {
      const cuda = page.getByRole('tab', { name: 'NVIDIA CUDA' }).first();
      await cuda.click();
      await expect(cuda).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('make LLAMA_CUDA=1')).toBeVisible();
    });

    await test.step('the benchmark table sorts', async () => {
      await gotoHydrated(page, '/benchmark');
      const table = page.locator('table[data-benchmark-table]');
      const button = table.locator('thead button').first();
      await button.click();
      await expect(table.locator('thead th[aria-sort]')).toHaveCount(1);
      const direction = await table.locator('thead th[aria-sort]').getAttribute('aria-sort');
      await button.click();
      await expect(table.locator('thead th[aria-sort]')).not.toHaveAttribute('aria-sort', direction ?? '');
    });

    await test.step('the API code samples switch tabs and copy', async () => {
      await gotoHydrated(page, '/api/create-assistant');
      const samples = page.locator('[data-api-code-samples]');
      await samples.getByRole('tab', { name: 'Python' }).click();
      await expect(samples.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
      await samples.locator('[role="tabpanel"]:not([hidden])').getByRole('button', { name: /copy/i }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('client.beta.assistants.create(');
    });
  });

  test('the search page paints the results of llama from its early script, before the bundle runs', async ({
    page,
  }) => {
    const early = page.waitForResponse((response) => new URL(response.url()).pathname === '/search-early.js');
    const setUps: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/pagefind/pagefind-entry.json') {
        setUps.push(request.url());
      }
    });
    // The site's bundle waits until the early script has painted a result, under the policy.
    const release = await holdSiteBundle(page);
    await page.goto('/search?q=llama', { waitUntil: 'commit' });
    expect((await early).status()).toBe(200);
    // The early script loads Pagefind, its WebAssembly and index cold: on a busy machine, longer than expect's 5 s.
    await expect(page.locator('main ol > li').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('main [aria-live]')).toHaveText(/^\d+ results? for “llama”$/);
    release();
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    // React took the painted list over: one list of results, not two.
    await expect(page.locator('main ol')).toHaveCount(1);
    await expect(page.getByText(/^\d+ results? for/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    // One Pagefind set-up: the page took the early script's backend over.
    expect(setUps).toHaveLength(1);
  });
});

/** Plain HTTP against nginx: no browser, no redirects followed. */
siteTest.describe('what nginx answers', () => {
  // In one worker, in order: the files written below are removed after the last test.
  siteTest.describe.configure({ mode: 'default' });
  const get = (baseURL: string | undefined, path: string, acceptEncoding = 'identity') =>
    fetch(new URL(path, baseURL), { redirect: 'manual', headers: { 'accept-encoding': acceptEncoding } });

  // The site has no WebAssembly file outside Pagefind's and no text file without a
  // precompressed twin: the tests write one of each into the build, and remove them.
  const fixtures: Record<string, string | Buffer> = {
    'deploy-check.wasm': Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
    'deploy-check-fallback.txt': 'text served without a precompressed twin\n'.repeat(64),
  };
  const written: string[] = [];
  siteTest.beforeAll(() => {
    for (const [name, content] of Object.entries(fixtures)) {
      const file = join(BUILD_DIR, name);
      if (!existsSync(file)) {
        writeFileSync(file, content);
        written.push(file);
      }
    }
  });
  siteTest.afterAll(() => {
    written.forEach((file) => rmSync(file));
  });

  siteTest('every inline script and style attribute of the build has its hash in the policy', () => {
    expect(staleInlineCode(BUILD_DIR)).toEqual([]);
  });

  siteTest('every sitemap page answers 200 at its clean path', async ({ baseURL }) => {
    for (const route of routes) {
      const response = await get(baseURL, route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
    }
  });

  siteTest('.html, /index.html and trailing-slash paths redirect to the clean path with 301', async ({ baseURL }) => {
    const redirects: [string, string][] = [
      ['/faq.html', '/faq'],
      ['/index.html', '/'],
      ['/models/llama.html?tab=cuda', '/models/llama?tab=cuda'],
      ['/category/models/index.html', '/category/models'],
      ['/faq/', '/faq'],
    ];
    for (const [from, to] of redirects) {
      const response = await get(baseURL, from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });

  siteTest('an unknown path, the not-found page itself and the host configuration answer 404', async ({ baseURL }) => {
    const notFoundPage = readFileSync(join(BUILD_DIR, '404.html'), 'utf8');
    for (const path of [
      '/no/such/page',
      '/404.html',
      '/_headers',
      '/_nginx/headers.conf',
      '/_nginx/pages/search-page.json',
      '/assets/js/missing.js',
    ]) {
      const response = await get(baseURL, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe(REVALIDATE_CACHE);
      expect(await response.text(), path).toBe(notFoundPage);
    }
  });

  siteTest('hashed files are cached for a year; everything else is revalidated', async ({ baseURL }) => {
    const immutable = [
      builtFile('assets/js', /^main\.[0-9a-f]+\.js$/),
      builtFile('assets/css', /\.css$/),
      builtFile('pagefind/fragment', /\.pf_fragment$/),
      builtFile('pagefind/index', /\.pf_index$/),
      builtFile('assets/cards', /^index\.[0-9a-f]+\.png$/),
    ];
    const revalidated = [
      '/',
      '/faq',
      '/api/create-run',
      '/sitemap.xml',
      '/llms.txt',
      '/faq.md',
      '/openapi.yaml',
      '/openapi.json',
      '/pagefind/pagefind.js',
      '/pagefind/pagefind-entry.json',
      '/pagefind/wasm.en.pagefind',
      '/pagefind/vocabulary.json',
      builtFile('pagefind', /\.pf_meta$/),
      '/img/logo.svg',
    ];
    for (const path of immutable) {
      const response = await get(baseURL, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(IMMUTABLE_CACHE);
    }
    for (const path of revalidated) {
      const response = await get(baseURL, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(REVALIDATE_CACHE);
      expect(response.headers.get('etag'), path).toBeTruthy();
      expect(response.headers.get('last-modified'), path).toBeTruthy();
      const etag = response.headers.get('etag') ?? '';
      const again = await fetch(new URL(path, baseURL), {
        headers: { 'if-none-match': etag, 'accept-encoding': 'identity' },
      });
      expect(again.status, `${path} revalidated`).toBe(304);
    }
  });

  siteTest('content types', async ({ baseURL }) => {
    const types: [string, string][] = [
      ['/faq', 'text/html; charset=utf-8'],
      ['/faq.md', 'text/markdown; charset=utf-8'],
      ['/llms.txt', 'text/plain; charset=utf-8'],
      ['/openapi.yaml', 'application/yaml'],
      ['/openapi.json', 'application/json; charset=utf-8'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/deploy-check.wasm', 'application/wasm'],
      ['/pagefind/pagefind.js', 'text/javascript; charset=utf-8'],
      ['/pagefind/wasm.en.pagefind', 'application/octet-stream'],
      [builtFile('pagefind', /\.pf_meta$/), 'application/octet-stream'],
      [builtFile('pagefind/fragment', /\.pf_fragment$/), 'application/octet-stream'],
      [builtFile('pagefind/index', /\.pf_index$/), 'application/octet-stream'],
      [builtFile('pagefind/filter', /\.pf_filter$/), 'application/octet-stream'],
      [builtFile('assets/css', /\.css$/), 'text/css; charset=utf-8'],
      ['/img/logo.svg', 'image/svg+xml; charset=utf-8'],
      [builtFile('assets/cards', /^index\.[0-9a-f]+\.png$/), 'image/png'],
    ];
    for (const [path, type] of types) {
      const response = await get(baseURL, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
    }
  });

  siteTest(
    'brotli when asked, gzip otherwise, both precompressed; gzip on the fly as the fallback',
    async ({ baseURL }) => {
      // A page's answer depends on Accept too (content negotiation, below); a file's does not.
      const texts: [string, string, string][] = [
        ['/models/llama', 'models/llama.html', 'Accept-Encoding, Accept'],
        ['/models/llama.md', 'models/llama.md', 'Accept-Encoding'],
        ['/llms.txt', 'llms.txt', 'Accept-Encoding'],
        ['/openapi.yaml', 'openapi.yaml', 'Accept-Encoding'],
        ...[builtFile('assets/js', /^main\.[0-9a-f]+\.js$/), builtFile('assets/css', /\.css$/)].map(
          (path): [string, string, string] => [path, path, 'Accept-Encoding'],
        ),
      ];
      for (const [path, name, vary] of texts) {
        const file = join(BUILD_DIR, name);
        const brotli = await get(baseURL, path, 'gzip, deflate, br');
        expect(brotli.headers.get('content-encoding'), path).toBe('br');
        expect(Number(brotli.headers.get('content-length')), path).toBe(statSync(`${file}.br`).size);
        expect(brotli.headers.get('vary'), path).toBe(vary);

        const gzip = await get(baseURL, path, 'gzip');
        expect(gzip.headers.get('content-encoding'), path).toBe('gzip');
        expect(Number(gzip.headers.get('content-length')), path).toBe(statSync(`${file}.gz`).size);

        const plain = await get(baseURL, path);
        expect(plain.headers.get('content-encoding'), path).toBeNull();
        expect(Number(plain.headers.get('content-length')), path).toBe(statSync(file).size);
      }
      const fallback = await get(baseURL, '/deploy-check-fallback.txt', 'gzip, br');
      expect(fallback.headers.get('content-encoding')).toBe('gzip');
      expect(await fallback.text()).toBe(fixtures['deploy-check-fallback.txt']);
      // Pagefind's files, gzipped by Pagefind, go by their twins: the browser inflates them.
      const wasmFile = join(BUILD_DIR, 'pagefind/wasm.en.pagefind');
      const wasm = await get(baseURL, '/pagefind/wasm.en.pagefind', 'gzip, br');
      expect(wasm.headers.get('content-encoding')).toBe('br');
      expect(Number(wasm.headers.get('content-length'))).toBe(statSync(`${wasmFile}.br`).size);
      const wasmGzip = await get(baseURL, '/pagefind/wasm.en.pagefind', 'gzip');
      expect(wasmGzip.headers.get('content-encoding')).toBe('gzip');
      expect(Number(wasmGzip.headers.get('content-length'))).toBe(statSync(wasmFile).size);
      const wasmPlain = await get(baseURL, '/pagefind/wasm.en.pagefind');
      expect(wasmPlain.headers.get('content-encoding')).toBeNull();
      expect(Number(wasmPlain.headers.get('content-length'))).toBe(statSync(wasmFile).size);
    },
  );

  siteTest('the security headers are on every response: pages, files, redirects and 404s', async ({ baseURL }) => {
    for (const path of [
      '/',
      '/api/create-run',
      '/faq.html',
      '/no/such/page',
      '/pagefind/pagefind.js',
      '/openapi.yaml',
    ]) {
      const response = await get(baseURL, path);
      for (const [name, value] of Object.entries(expectedHeaders)) {
        expect(response.headers.get(name), `${name} on ${path}`).toBe(value);
      }
      expect(response.headers.get('server'), path).toBe('nginx');
    }
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });
});

/**
 * Content negotiation: a page asked for with Accept: text/markdown (and not text/html)
 * answers its Markdown twin, the file at its path plus .md; any other Accept gets the
 * HTML. Both answers carry one Vary line naming Accept-Encoding and Accept.
 */
siteTest.describe('content negotiation', () => {
  const MARKDOWN = 'text/markdown';
  /** One page of each type that has a twin: home, FAQ, model guide, category index, API landing, API operation. */
  const pages: [string, string][] = [
    ['/', 'index.md'],
    ['/faq', 'faq.md'],
    ['/models/llama', 'models/llama.md'],
    ['/category/models', 'category/models.md'],
    ['/api', 'api.md'],
    ['/api/create-run', 'api/create-run.md'],
  ];

  /** Status, headers as nginx sent them (one entry per line, names in lower case) and body. */
  const ask = (baseURL: string | undefined, path: string, accept: string) =>
    new Promise<{ status: number; lines: [string, string][]; body: string }>((resolve, reject) => {
      const request = httpRequest(new URL(path, baseURL), { headers: { accept } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = response.rawHeaders;
          const lines: [string, string][] = [];
          for (let index = 0; index < raw.length; index += 2) {
            lines.push([(raw[index] ?? '').toLowerCase(), raw[index + 1] ?? '']);
          }
          resolve({ status: response.statusCode ?? 0, lines, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  const header = (lines: [string, string][], name: string) =>
    lines.filter(([line]) => line === name).map(([, value]) => value);

  siteTest('a page asked for in Markdown answers its twin, varying on Accept', async ({ baseURL }) => {
    for (const [path, twin] of pages) {
      const response = await ask(baseURL, path, MARKDOWN);
      expect(response.status, path).toBe(200);
      expect(header(response.lines, 'content-type'), path).toEqual(['text/markdown; charset=utf-8']);
      // One line, so that a cache that reads only the first Vary line keeps the answers apart.
      expect(header(response.lines, 'vary'), path).toEqual(['Accept-Encoding, Accept']);
      expect(response.body, path).toBe(readFileSync(join(BUILD_DIR, twin), 'utf8'));
    }
  });

  siteTest('every sitemap page has its twin by negotiation, compressed as the twin file is', async ({ baseURL }) => {
    for (const route of routes) {
      const twin = route === '/' ? 'index.md' : `${route.slice(1)}.md`;
      const response = await fetch(new URL(route, baseURL), {
        headers: { accept: MARKDOWN, 'accept-encoding': 'br' },
      });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('content-encoding'), route).toBe('br');
      expect(await response.text(), route).toBe(readFileSync(join(BUILD_DIR, twin), 'utf8'));
    }
  });

  siteTest('an Accept that names HTML too, or none, gets the HTML, varying on Accept', async ({ baseURL }) => {
    for (const accept of ['text/markdown, text/html;q=0.5', '*/*', 'text/plain', '']) {
      const response = await ask(baseURL, '/faq', accept);
      expect(response.status, accept).toBe(200);
      expect(header(response.lines, 'content-type'), accept).toEqual(['text/html; charset=utf-8']);
      expect(header(response.lines, 'vary'), accept).toEqual(['Accept-Encoding, Accept']);
      expect(response.body, accept).toBe(readFileSync(join(BUILD_DIR, 'faq.html'), 'utf8'));
    }
  });

  siteTest('the twins keep their own paths, one representation each', async ({ baseURL }) => {
    for (const accept of [MARKDOWN, 'text/html']) {
      const response = await ask(baseURL, '/faq.md', accept);
      expect(response.status, accept).toBe(200);
      expect(header(response.lines, 'content-type'), accept).toEqual(['text/markdown; charset=utf-8']);
      expect(header(response.lines, 'vary'), accept).toEqual(['Accept-Encoding']);
    }
  });

  siteTest('Chromium’s own Accept gets each page’s HTML, varying on Accept', async ({ page }) => {
    for (const [path] of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect((await response?.request().allHeaders())?.accept, path).toMatch(/^text\/html,/);
      expect(response?.headers()['content-type'], path).toBe('text/html; charset=utf-8');
      expect(response?.headers().vary, path).toBe('Accept-Encoding, Accept');
    }
  });

  siteTest('the search page, which has no twin, is HTML whatever is asked for', async ({ baseURL }) => {
    const response = await ask(baseURL, '/search?q=llama', MARKDOWN);
    expect(response.status).toBe(200);
    expect(header(response.lines, 'content-type')).toEqual(['text/html; charset=utf-8']);
    expect(header(response.lines, 'vary')).toEqual(['Accept-Encoding, Accept']);
  });

  siteTest('an unknown page asked for in Markdown is the HTML not-found page, status 404', async ({ baseURL }) => {
    const notFoundPage = readFileSync(join(BUILD_DIR, '404.html'), 'utf8');
    for (const path of ['/no/such/page', '/models/no-such-model']) {
      const response = await ask(baseURL, path, MARKDOWN);
      expect(response.status, path).toBe(404);
      expect(header(response.lines, 'content-type'), path).toEqual(['text/html; charset=utf-8']);
      expect(response.body, path).toBe(notFoundPage);
    }
  });
});

siteTest.describe('npm run serve:nginx under a process manager', () => {
  /** A port nothing listens on, from the system. */
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() =>
          address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
        );
      });
    });

  siteTest('with its output piped, it serves pages and writes each request to its stdout', async () => {
    const port = await freePort();
    // As Node's child_process, concurrently or pm2 start it: stdout and stderr are pipes.
    const server = spawn('npm', ['run', 'serve:nginx', '--', '--port', String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, E2E_BUILD_DIR: BUILD_DIR },
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    server.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      await expect
        .poll(() => (server.exitCode === null ? stdout : `exited (${server.exitCode}): ${stderr}`), { timeout: 30_000 })
        .toContain('(Ctrl+C stops)');
      const probe = `/faq?probe=${Date.now()}`;
      const response = await fetch(`http://127.0.0.1:${port}${probe}`);
      expect(response.status).toBe(200);
      await expect.poll(() => stdout, { timeout: 5_000 }).toContain(`"GET ${probe} HTTP/1.1" 200 `);
      expect(stderr).not.toContain('[emerg]');
    } finally {
      if (server.pid !== undefined && server.exitCode === null) {
        process.kill(-server.pid, 'SIGTERM');
      }
      await exited;
    }
  });
});
