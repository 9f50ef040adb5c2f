// Lighthouse 12 through its Node API, on one headless Chromium launched by
// chrome-launcher with the flags of scripts/chromium.json. Mobile is Lighthouse's
// default (simulated slow 4G and a 4x slower CPU); desktop is its desktop preset.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

import { CHROMIUM_ARGS, requireChromium } from '../chromium.mjs';

export const PRESETS = ['mobile', 'desktop'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export async function launchLighthouseChrome() {
  return chromeLauncher.launch({
    chromePath: requireChromium(),
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
}

/**
 * Scores (0-100), LCP and TBT (ms), CLS, bytes transferred, and the ids of the audits that failed.
 * @param {import('lighthouse').Result} lhr
 */
function summariseLhr(lhr) {
  const score = (/** @type {string} */ id) => {
    const value = lhr.categories[id]?.score;
    return value == null ? null : Math.round(value * 100);
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? null,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    bytes: lhr.audits['total-byte-weight']?.numericValue ?? null,
    failedAudits: CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => {
          const auditScore = lhr.audits[ref.id]?.score;
          return ref.weight > 0 && auditScore != null && auditScore < 1;
        })
        .map((ref) => ref.id),
    ),
    runtimeError: lhr.runtimeError?.code ?? null,
  };
}

/**
 * @param {import('chrome-launcher').LaunchedChrome} chrome
 * @param {string} url
 * @param {string} preset one of PRESETS
 */
export async function runLighthouse(chrome, url, preset) {
  // ignoreStatusCode: the not-found page is audited too (its 404 fails only the
  // SEO status-code audit) instead of ending the run.
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ignoreStatusCode: true },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return summariseLhr(result.lhr);
}
