// Finds the Chromium that the end-to-end tests and the bench drive. They never download
// a browser: they use CHROMIUM_PATH, or Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';

// Shared with playwright.config.ts: the fallback path and the launch flags.
import settings from './chromium.json';

export function findChromium(): string | null {
  const candidate = process.env.CHROMIUM_PATH || settings.fallback;
  return existsSync(candidate) ? candidate : null;
}

export const CHROMIUM_MISSING_MESSAGE = [
  'Chromium was not found, and the end-to-end tests need it.',
  `Looked at: ${process.env.CHROMIUM_PATH || settings.fallback} (set CHROMIUM_PATH to use another binary).`,
  'On Debian or Ubuntu, install it with:',
  '  sudo apt-get update && sudo apt-get install -y chromium',
].join('\n');

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = settings.args;

/** The Chromium binary; fails, saying how to install it, when there is none. */
export function requireChromium() {
  const found = findChromium();
  if (!found) throw new Error(CHROMIUM_MISSING_MESSAGE);
  return found;
}

/** Chromium driven by Playwright, with the flags above. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
}
