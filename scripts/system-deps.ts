// The first step of `npm test`: the Debian packages the end-to-end tests need (Chromium,
// and nginx with its brotli_static module). Run as root on Debian, it installs what is
// missing with apt-get; otherwise it stops at once and says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CHROMIUM_MISSING_MESSAGE, findChromium } from './chromium';
import { findNginx, hasBrotliStatic, NGINX_MISSING_MESSAGE } from './nginx';

// The missing packages, with how to get each.
const missingPackages = () =>
  [
    { name: 'chromium', found: findChromium(), message: CHROMIUM_MISSING_MESSAGE },
    { name: 'nginx', found: findNginx(), message: NGINX_MISSING_MESSAGE },
    { name: 'libnginx-mod-http-brotli-static', found: hasBrotliStatic(), message: NGINX_MISSING_MESSAGE },
  ].filter((item) => !item.found);

let missing = missingPackages();
// A binary named by CHROMIUM_PATH or NGINX_PATH is the caller's choice: apt-get cannot provide it.
const chosenPaths = Boolean(process.env.CHROMIUM_PATH || process.env.NGINX_PATH);
if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !chosenPaths) {
  const names = missing.map((item) => item.name);
  console.info(`Installing Debian packages for the end-to-end tests: ${names.join(' ')}`);
  const apt = `apt-get update -qq && apt-get install -y -qq ${names.join(' ')}`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('sh', ['-c', apt], { stdio: 'inherit', env }).status !== 0) {
    console.error(`${apt} failed`);
    process.exit(1);
  }
  missing = missingPackages();
}
if (missing.length > 0) {
  console.error([...new Set(missing.map((item) => item.message))].join('\n\n'));
  process.exit(1);
}
console.info(`Chromium: ${findChromium()}; nginx: ${findNginx()} with brotli_static`);
