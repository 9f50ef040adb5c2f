// Finds the Chromium that the end-to-end tests drive. The tests never download a
// browser: they use CHROMIUM_PATH, or Debian's /usr/bin/chromium.
// Run directly (`node scripts/chromium.mjs`) it checks and explains how to install it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Shared with playwright.config.ts: the fallback path and the launch flags.
const settings = JSON.parse(readFileSync(new URL('./chromium.json', import.meta.url), 'utf8'));

const CHROMIUM_FALLBACK = settings.fallback;

export function findChromium(env = process.env) {
  const candidate = env.CHROMIUM_PATH || CHROMIUM_FALLBACK;
  return existsSync(candidate) ? candidate : null;
}

export const CHROMIUM_MISSING_MESSAGE = [
  'Chromium was not found, and the end-to-end tests need it.',
  `Looked at: ${process.env.CHROMIUM_PATH || CHROMIUM_FALLBACK} (set CHROMIUM_PATH to use another binary).`,
  'On Debian or Ubuntu, install it with:',
  '  sudo apt-get update && sudo apt-get install -y chromium',
].join('\n');

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = settings.args;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findChromium();
  if (!found) {
    console.error(CHROMIUM_MISSING_MESSAGE);
    process.exit(1);
  }
  console.log(`Chromium: ${found}`);
}
