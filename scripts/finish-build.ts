// The last step of `npm run build`, chained after `docusaurus build` rather than run as
// a plugin's postBuild: Docusaurus runs all postBuild hooks at once, so a hook could not
// see the files other hooks write (the Pagefind index, the Markdown twins, the data the
// plugins hand over for the pages). Here the whole build is on disk; what runs, and in
// which order, is deploy/build-output.ts's finishBuild. Usage: vite-node scripts/finish-build.ts [build folder]
import path from 'node:path';

import { finishBuild } from '../deploy/build-output';

try {
  const { pages, hashes, compression, pagefind } = await finishBuild(path.resolve(process.argv[2] ?? 'build'));
  console.info(
    `[finish-build] ${pages.edited} of ${pages.total} pages edited (the search page's index hints and held scripts); ` +
      `policy: ${hashes.scriptHashes.length} inline script and ${hashes.styleHashes.length} style hashes; ` +
      `${compression.written} of ${compression.files} text files precompressed (.gz, .br); ` +
      `${pagefind.files} Pagefind files given .gz and .br twins (${Math.round(pagefind.gzipBytes / 1024)} KB gzip, ` +
      `${Math.round(pagefind.brotliBytes / 1024)} KB Brotli)`,
  );
} catch (error) {
  console.error(`[finish-build] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
