import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  builtPolicy,
  finishBuild,
  HEADERS_FILE,
  NGINX_CACHE_MAP_FILE,
  NGINX_HEADERS_FILE,
  staleInlineCode,
  SEARCH_POLICY_FILE,
  API_POLICY_FILE,
  TEXT_EXTENSIONS,
} from '@site/deploy/build-output';
import {
  IMMUTABLE_CACHE,
  IMMUTABLE_PATH_PREFIXES,
  renderHeadersFile,
  renderNginxCacheMap,
  renderNginxHeaders,
  securityHeaders,
} from '@site/deploy/headers';
import { inlineCodeOf, inlineHashesOf, sha256Source } from '@site/deploy/inline-hashes';
import { builtPages, SEARCH_PAGE_FILE } from '@site/deploy/page-pass';
import { SEARCH_BACKENDS } from '@site/src/search/backends/registry';
import { ACCESS_LOG_FILE, DEPLOYED_ROOT, renderMainConfig, renderSiteConfig, SITE_CONFIG } from '@site/scripts/nginx';

const page = (body: string, head = '') =>
  `<!doctype html><html><head>${head}<script>document.documentElement.dataset.ready="1"</script></head><body>${body}</body></html>`;

/** The local backend's sources, as the search plugin writes them into a build. */
const LOCAL_SEARCH = SEARCH_BACKENDS.find((row) => row.id === 'local')?.policy ?? { scriptSrc: [], connectSrc: [] };
/** What the API plugin writes: the loopback addresses and an operator's own origin. */
const API_CONSOLE = {
  scriptSrc: [],
  connectSrc: ['http://localhost:*', 'http://127.0.0.1:*', 'https://rubra.example.com'],
};

describe('inline code of a page', () => {
  it('hashes like a browser: SHA-256 of the UTF-8 text, base64', () => {
    expect(sha256Source('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('finds executable inline scripts, not external or data scripts', () => {
    const code = inlineCodeOf(
      page(
        '<script src="/a.js"></script><script type="application/ld+json">{"a":1}</script><script type=module>import("/b.js")</script>',
      ),
    );
    expect(code.scripts).toEqual(['document.documentElement.dataset.ready="1"', 'import("/b.js")']);
  });

  it('finds style attributes, decoded as the browser sees them, and style elements', () => {
    const code = inlineCodeOf(
      page(
        '<span style=color:#393A34>a</span><p style="font-family:&quot;x&quot;">b</p>',
        '<style>p{margin:0}</style>',
      ),
    );
    expect(code.styles).toEqual(['p{margin:0}', 'color:#393A34', 'font-family:"x"']);
  });

  it('refuses inline event handlers and javascript: URLs, naming the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rubra-inline-'));
    try {
      writeFileSync(path.join(dir, 'index.html'), page('<button onclick="go()">Go</button>'));
      expect(() => inlineHashesOf(builtPages(dir))).toThrow(/index\.html: inline event handlers.*onclick/);
      writeFileSync(path.join(dir, 'index.html'), page('<a href="javascript:go()">Go</a>'));
      expect(() => inlineHashesOf(builtPages(dir))).toThrow(/index\.html: .*javascript:go/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The search plugin's data: an index hint in a page's head. */
const hint = { tag: 'link', attributes: { rel: 'preload', href: '/pagefind/x.pf_meta', as: 'fetch' } };
const searchPage = (pages: string[]) => Object.fromEntries(pages.map((name) => [name, { head: [hint] }]));

describe('the build step', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rubra-build-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), page('<svg style="display: none;"></svg>'.repeat(20)));
    writeFileSync(path.join(dir, 'faq.html'), page('<p>Questions</p>'.repeat(50)));
    writeFileSync(path.join(dir, 'assets', 'main.0123abcd.js'), 'console.log("a bundle");\n'.repeat(40));
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
    mkdirSync(path.join(dir, path.dirname(SEARCH_POLICY_FILE)), { recursive: true });
    writeFileSync(path.join(dir, SEARCH_POLICY_FILE), JSON.stringify(LOCAL_SEARCH));
    writeFileSync(path.join(dir, API_POLICY_FILE), JSON.stringify(API_CONSOLE));
    // What docusaurus build leaves: the pages as rendered, and the search plugin's data for the pass.
    mkdirSync(path.join(dir, path.dirname(SEARCH_PAGE_FILE)));
    writeFileSync(path.join(dir, SEARCH_PAGE_FILE), JSON.stringify(searchPage(['faq.html'])));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the search backend’s sources into the policy, and fails, naming the file, without them', async () => {
    await finishBuild(dir);
    expect(builtPolicy(dir)).toContain("script-src 'self' 'wasm-unsafe-eval'");
    writeFileSync(path.join(dir, SEARCH_POLICY_FILE), JSON.stringify({ scriptSrc: 'x' }));
    await expect(finishBuild(dir)).rejects.toThrow(/search-policy\.json: scriptSrc and connectSrc must be lists/);
    rmSync(path.join(dir, SEARCH_POLICY_FILE));
    await expect(finishBuild(dir)).rejects.toThrow(/search-policy\.json is missing/);
  });

  it('puts the API console’s addresses into connect-src, and fails, naming the file, without them', async () => {
    await finishBuild(dir);
    expect(builtPolicy(dir)).toContain(
      "connect-src 'self' http://localhost:* http://127.0.0.1:* https://rubra.example.com;",
    );
    writeFileSync(path.join(dir, API_POLICY_FILE), JSON.stringify({ scriptSrc: [], connectSrc: ['a; script-src *'] }));
    await expect(finishBuild(dir)).rejects.toThrow(/api-policy\.json: scriptSrc and connectSrc must be lists/);
    rmSync(path.join(dir, API_POLICY_FILE));
    await expect(finishBuild(dir)).rejects.toThrow(/api-policy\.json is missing/);
  });

  it('puts the hashes of the built pages into the policy', async () => {
    const { hashes } = await finishBuild(dir);
    const policy = builtPolicy(dir);
    expect(hashes.scriptHashes).toEqual([sha256Source('document.documentElement.dataset.ready="1"')]);
    expect(policy).toContain(`'${sha256Source('document.documentElement.dataset.ready="1"')}'`);
    expect(policy).toContain(`'${sha256Source('display: none;')}'`);
    expect(staleInlineCode(dir)).toEqual([]);
  });

  it('catches an inline script changed after the policy was computed', async () => {
    await finishBuild(dir);
    const file = path.join(dir, 'faq.html');
    writeFileSync(file, readFileSync(file, 'utf8').replace('dataset.ready="1"', 'dataset.ready="2"'));
    expect(staleInlineCode(dir)).toEqual([
      {
        file: 'faq.html',
        kind: 'script',
        hash: sha256Source('document.documentElement.dataset.ready="2"'),
        excerpt: 'document.documentElement.dataset.ready="2"',
      },
    ]);
  });

  it('catches a style attribute added after the policy was computed', async () => {
    await finishBuild(dir);
    const file = path.join(dir, 'faq.html');
    writeFileSync(file, readFileSync(file, 'utf8').replace('<p>', '<p style="color:red">'));
    expect(staleInlineCode(dir).map(({ file: name, kind }) => `${name} ${kind}`)).toContain('faq.html style');
  });

  it('writes .gz and .br twins that decompress to the file, and leaves files compression would grow', async () => {
    const { compression } = await finishBuild(dir);
    for (const name of ['index.html', 'faq.html', 'assets/main.0123abcd.js']) {
      const original = readFileSync(path.join(dir, name));
      expect(gunzipSync(readFileSync(path.join(dir, `${name}.gz`)))).toEqual(original);
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${name}.br`)))).toEqual(original);
    }
    expect(compression.unchanged).toEqual(['robots.txt']);
    // The host configuration is not served, so it is not compressed.
    expect(compression.files).toBe(4);
  });

  it('gives Pagefind’s gzipped files a .gz twin as they are and a .br twin of their content', async () => {
    const content = Buffer.from('pagefind_dcd' + 'an index chunk '.repeat(200));
    mkdirSync(path.join(dir, 'pagefind', 'index'), { recursive: true });
    writeFileSync(path.join(dir, 'pagefind', 'index', 'en_1.pf_index'), gzipSync(content));
    writeFileSync(path.join(dir, 'pagefind', 'wasm.en.pagefind'), gzipSync(content));
    const { pagefind } = await finishBuild(dir);
    expect(pagefind.files).toBe(2);
    for (const name of ['pagefind/index/en_1.pf_index', 'pagefind/wasm.en.pagefind']) {
      const file = path.join(dir, name);
      expect(readFileSync(`${file}.gz`)).toEqual(readFileSync(file));
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(content);
    }
    expect(pagefind.brotliBytes).toBeLessThan(pagefind.gzipBytes);
  });

  it('fails, naming the file, on a Pagefind file that is not gzipped', async () => {
    mkdirSync(path.join(dir, 'pagefind', 'fragment'), { recursive: true });
    writeFileSync(path.join(dir, 'pagefind', 'fragment', 'en_2.pf_fragment'), 'pagefind_dcd{}');
    await expect(finishBuild(dir)).rejects.toThrow(/pagefind\/fragment\/en_2\.pf_fragment is not a gzip stream/);
  });

  it('writes the nginx includes and _headers', async () => {
    await finishBuild(dir);
    expect(readFileSync(path.join(dir, NGINX_CACHE_MAP_FILE), 'utf8')).toBe(renderNginxCacheMap());
    expect(readFileSync(path.join(dir, NGINX_HEADERS_FILE), 'utf8')).toContain('add_header Content-Security-Policy');
    expect(readFileSync(path.join(dir, HEADERS_FILE), 'utf8')).toContain('Content-Security-Policy:');
  });

  it('writes the search page’s hints into its page, once, leaves the others, then hashes the pages as written', async () => {
    const index = readFileSync(path.join(dir, 'index.html'), 'utf8');
    const { pages } = await finishBuild(dir);
    expect(pages).toEqual({ edited: 1, total: 2 });
    const faq = readFileSync(path.join(dir, 'faq.html'), 'utf8');
    expect(faq).toContain('<link rel="preload" href="/pagefind/x.pf_meta" as="fetch"></head>');
    expect(gunzipSync(readFileSync(path.join(dir, 'faq.html.gz'))).toString()).toBe(faq);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(index);
    expect(staleInlineCode(dir)).toEqual([]);
  });

  it('leaves the pages of a build it has finished as they are when run again', async () => {
    await finishBuild(dir);
    const finished = readFileSync(path.join(dir, 'faq.html'), 'utf8');
    const again = await finishBuild(dir);
    expect(readFileSync(path.join(dir, 'faq.html'), 'utf8')).toBe(finished);
    expect(again.pages).toEqual({ edited: 0, total: 2 });
    expect(staleInlineCode(dir)).toEqual([]);
  });

  it('gives Pagefind’s files twins and compresses its JSON as a text file', async () => {
    mkdirSync(path.join(dir, 'pagefind', 'index'), { recursive: true });
    writeFileSync(
      path.join(dir, 'pagefind', 'pagefind-entry.json'),
      JSON.stringify({ languages: { en: { hash: 'en_1', wasm: 'en', page_count: 2 } }, version: '1.4.0' }).repeat(4),
    );
    writeFileSync(path.join(dir, 'pagefind', 'index', 'en_1.pf_index'), gzipSync('pagefind_dcd an index chunk'));
    const { pagefind, compression } = await finishBuild(dir);
    expect(pagefind.files).toBe(1);
    expect(compression.files).toBe(5);
    for (const name of ['pagefind/index/en_1.pf_index', 'pagefind/pagefind-entry.json']) {
      expect(readFileSync(path.join(dir, `${name}.gz`)).length).toBeGreaterThan(0);
      expect(readFileSync(path.join(dir, `${name}.br`)).length).toBeGreaterThan(0);
    }
  });

  it('stops on a search page edit it cannot apply, naming the page', async () => {
    const edits = { 'faq.html': { holdScripts: { srcPrefix: '/assets/js/', listIn: 'held' } } };
    writeFileSync(path.join(dir, SEARCH_PAGE_FILE), JSON.stringify(edits));
    await expect(finishBuild(dir)).rejects.toThrow(
      /faq\.html: the search page's edit holds the scripts under \/assets\/js\/, and the page has none/,
    );
  });

  it('edits no page of a build without the search page’s data (a hosted search backend)', async () => {
    rmSync(path.join(dir, SEARCH_PAGE_FILE));
    expect((await finishBuild(dir)).pages).toEqual({ edited: 0, total: 2 });
  });

  it('fails on a folder that is not a build', async () => {
    rmSync(path.join(dir, 'index.html'));
    await expect(finishBuild(dir)).rejects.toThrow(/index\.html is missing/);
  });
});

describe('the two renderings of the headers', () => {
  const headers = securityHeaders({
    scriptHashes: [sha256Source('a()')],
    styleHashes: [sha256Source('color:red')],
    plugins: [LOCAL_SEARCH],
  });

  /** name → value of every add_header line of the nginx include. */
  function nginxHeaders(text: string): Map<string, string> {
    const found = new Map<string, string>();
    for (const match of text.matchAll(/^add_header (\S+) "((?:[^"\\]|\\.)*)" always;$/gm)) {
      found.set(match[1] ?? '', (match[2] ?? '').replace(/\\(.)/g, '$1'));
    }
    return found;
  }

  /** Path pattern → name → value of a _headers file. */
  function headersFile(text: string): Map<string, Map<string, string>> {
    const rules = new Map<string, Map<string, string>>();
    let current: Map<string, string> | undefined;
    for (const line of text.split('\n')) {
      if (line.startsWith('#') || line.trim() === '') {
        continue;
      }
      if (!line.startsWith(' ')) {
        current = new Map();
        rules.set(line, current);
      } else {
        const [, name, value] = /^\s+([^:]+):\s(.*)$/.exec(line) ?? [];
        current?.set(name ?? '', value ?? '');
      }
    }
    return rules;
  }

  it('carry the same security headers', () => {
    const nginx = nginxHeaders(renderNginxHeaders(headers));
    const netlify = headersFile(renderHeadersFile(headers)).get('/*');
    const expected = new Map(Object.entries(headers));
    expect(nginx).toEqual(expected);
    expect(netlify).toEqual(expected);
    expect([...expected.keys()]).toEqual([
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
    ]);
  });

  it('cache the same paths for a year', () => {
    const mapPrefixes = [...renderNginxCacheMap().matchAll(/^\s+~\^(\S+) "([^"]+)";$/gm)].map((match) => [
      (match[1] ?? '').replace(/\\/g, ''),
      match[2],
    ]);
    const filePrefixes = [...headersFile(renderHeadersFile(headers)).entries()]
      .filter(([pattern]) => pattern !== '/*')
      .map(([pattern, values]) => [pattern.replace(/\*$/, ''), values.get('Cache-Control')]);
    const expected = IMMUTABLE_PATH_PREFIXES.map((prefix) => [prefix, IMMUTABLE_CACHE]);
    expect(mapPrefixes).toEqual(expected);
    expect(filePrefixes).toEqual(expected);
  });

  it('allow no inline script or eval, and what each search backend’s row asks for', () => {
    const policy = (id: string) => {
      const row = SEARCH_BACKENDS.find((candidate) => candidate.id === id);
      if (!row) throw new Error(`no search backend ${id}`);
      return securityHeaders({ scriptHashes: [], styleHashes: [], plugins: [row.policy] })['Content-Security-Policy'];
    };
    expect(policy('local')).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(policy('local')).toContain("connect-src 'self';");
    expect(policy('algolia')).toMatch(/script-src 'self';/);
    expect(policy('algolia')).toContain("connect-src 'self' https://*.algolia.net https://*.algolianet.com;");
    for (const { id } of SEARCH_BACKENDS) {
      expect(policy(id)).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      expect(policy(id)).toContain("object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
    }
  });
});

describe('deploy/nginx.conf', () => {
  const config = readFileSync(SITE_CONFIG, 'utf8');
  const types = new Map<string, string>();
  for (const [, type, extensions] of (/\n\s*types \{([\s\S]*?)\n\s*\}/.exec(config)?.[1] ?? '').matchAll(
    /^\s*([\w.+/-]+)\s+([^;#\n]+);/gm,
  )) {
    for (const extension of (extensions ?? '').trim().split(/\s+/)) {
      types.set(extension, type ?? '');
    }
  }

  it('gives every text format and the site-specific files their content type', () => {
    for (const extension of TEXT_EXTENSIONS) {
      expect(types.has(extension.slice(1)), extension).toBe(true);
    }
    expect(types.get('md')).toBe('text/markdown');
    expect(types.get('yaml')).toBe('application/yaml');
    expect(types.get('wasm')).toBe('application/wasm');
    for (const extension of ['pf_meta', 'pf_index', 'pf_filter', 'pf_fragment', 'pagefind']) {
      expect(types.get(extension), extension).toBe('application/octet-stream');
    }
    expect(config).toMatch(/charset_types [^;]*text\/markdown/);
  });

  it('is used as it is, with only the listen address and the site folder set', () => {
    const rendered = renderSiteConfig(config, { port: 4999, siteRoot: '/srv/site' });
    expect(rendered.match(/^\s*listen .*$/gm)).toEqual(['    listen 127.0.0.1:4999;']);
    expect(rendered).not.toContain(DEPLOYED_ROOT);
    expect(rendered).toContain('root /srv/site;');
    expect(rendered).toContain('include /srv/site/_nginx/headers.conf;');
    expect(rendered.replace(/^\s*listen .*\n/gm, '').replaceAll('/srv/site', DEPLOYED_ROOT)).toBe(
      config.replace(/^\s*listen .*\n/gm, ''),
    );
  });

  it('refuses a folder nginx would misread', () => {
    expect(() => renderSiteConfig(config, { port: 4999, siteRoot: '/srv/my site' })).toThrow(/without spaces/);
  });

  it('sets no add_header in a location, where it would drop the security headers', () => {
    const locations = config.split(/\n\s*location /).slice(1);
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) {
      expect(location).not.toContain('add_header');
    }
  });
});

describe('the private nginx of serve:nginx', () => {
  it('logs requests to a file in its own folder, never to /dev/stdout', () => {
    const config = renderMainConfig('/tmp/rubra-nginx-x', { accessLog: true });
    expect(config).toContain(`access_log ${path.join('/tmp/rubra-nginx-x', ACCESS_LOG_FILE)};`);
    expect(config).not.toContain('/dev/stdout');
    expect(renderMainConfig('/tmp/rubra-nginx-x', { accessLog: false })).toContain('access_log off;');
  });
});
