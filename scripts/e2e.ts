// Runs the end-to-end suite against the production build in build/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CHROMIUM_MISSING_MESSAGE, findChromium } from './chromium';

if (!findChromium()) {
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}
if (!existsSync('build/index.html')) {
  console.error('No production build in build/. Run `npm run build` first.');
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(result.status ?? 1);
