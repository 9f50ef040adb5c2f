// Compiles the server to dist/: one ES module per entry point, the query layer
// (@rubra/search-query and @rubra/twin-reader, workspace packages that are not published) and the other
// devDependencies bundled in, the dependencies left for npm to install beside it.
// The type declarations come from tsc (npm run build runs both).
import { readFileSync } from 'node:fs';

import { build } from 'esbuild';

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
