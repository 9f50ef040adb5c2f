// Finds the Chromium that the end-to-end tests drive. The tests never download a
// browser: they use CHROMIUM_PATH, or Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';

export const CHROMIUM_FALLBACK = '/usr/bin/chromium';

export function findChromium(env = process.env) {
  const candidate = env.CHROMIUM_PATH || CHROMIUM_FALLBACK;
  return existsSync(candidate) ? candidate : null;
}

export const CHROMIUM_MISSING_MESSAGE = [
  'Chromium was not found.',
  `Looked at: ${process.env.CHROMIUM_PATH || CHROMIUM_FALLBACK} (set CHROMIUM_PATH to use another binary).`,
  'On Debian or Ubuntu, install it with:',
  '  sudo apt-get update && sudo apt-get install -y chromium',
].join('\n');

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
