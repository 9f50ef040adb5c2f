// Compiles the server to dist/: an ES module per entry point with the devDependencies
// (among them the unpublished workspace packages) bundled in, the dependencies left to
// npm, and in dist/pagefind/ the Pagefind runtime the site is indexed with, so that the
// server runs no code it downloads. tsc writes the type declarations.
import { mkdir, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

import { build } from 'esbuild';
import { close, createIndex } from 'pagefind';

const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/index.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});

const { index } = await createIndex();
await index.addCustomRecord({ url: '/', content: 'runtime', language: 'en' });
const { files } = await index.getFiles();
const runtime = new URL('dist/pagefind/', import.meta.url);
await mkdir(runtime, { recursive: true });
for (const file of files.filter(({ path }) => /^(pagefind\.js|wasm\.(en|unknown)\.pagefind)$/.test(path))) {
  await writeFile(new URL(file.path, runtime), file.content);
}
await close();
