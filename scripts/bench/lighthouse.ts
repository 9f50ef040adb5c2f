// Lighthouse 12 through its Node API, on one headless Chromium launched by
// chrome-launcher with the flags of scripts/chromium.json. Mobile is Lighthouse's
// default (simulated slow 4G and a 4x slower CPU); desktop is its desktop preset.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

import { CHROMIUM_ARGS, requireChromium } from '../chromium';
import { median } from './measure';

export const PRESETS = ['mobile', 'desktop'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const score = (id: string) => (lhr: Result) => {
  const value = lhr.categories[id]?.score;
  return value == null ? null : Math.round(value * 100);
};
const audit = (id: string) => (lhr: Result) => lhr.audits[id]?.numericValue ?? null;
const whole = (value: number) => value.toFixed(0);

type Figure = 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcp' | 'tbt' | 'cls' | 'bytes';

/**
 * The figures of a run, as the report's columns: name, label, format, and how it is read from
 * Lighthouse's result. Scores are 0-100, LCP and TBT in ms, bytes those transferred.
 */
export const FIGURES: [Figure, string, (value: number) => string, (lhr: Result) => number | null][] = [
  ['performance', 'perf', whole, score('performance')],
  ['accessibility', 'a11y', whole, score('accessibility')],
  ['bestPractices', 'best pr.', whole, score('best-practices')],
  ['seo', 'SEO', whole, score('seo')],
  ['lcp', 'LCP s', (value) => (value / 1000).toFixed(2), audit('largest-contentful-paint')],
  ['tbt', 'TBT ms', whole, audit('total-blocking-time')],
  ['cls', 'CLS', (value) => value.toFixed(3), audit('cumulative-layout-shift')],
  ['bytes', 'KiB', (value) => (value / 1024).toFixed(0), audit('total-byte-weight')],
];

export async function launchLighthouseChrome() {
  return chromeLauncher.launch({
    chromePath: requireChromium(),
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
}

export type LighthouseRun = Record<string, unknown> & {
  failedAudits?: string[];
  runtimeError?: string | null;
  error?: string;
};

/** One run's figures and the ids of the audits that failed, or the error that ended it; `preset` is one of PRESETS. */
export async function runLighthouse(
  chrome: chromeLauncher.LaunchedChrome,
  url: string,
  preset: string,
): Promise<LighthouseRun> {
  try {
    // ignoreStatusCode: the not-found page is audited too (its 404 fails only the
    // SEO status-code audit) instead of ending the run.
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ignoreStatusCode: true },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    return {
      ...Object.fromEntries(FIGURES.map(([name, , , read]) => [name, read(lhr)])),
      // A scored audit that scored below 1; one without a score (informative, not applicable) has not failed.
      failedAudits: CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      ),
      runtimeError: lhr.runtimeError?.code ?? null,
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The runs of one page: each figure's median, the audits that failed and the errors of any run. */
export function summariseRuns(list: LighthouseRun[]) {
  return {
    ...(Object.fromEntries(
      FIGURES.map(([name]) => {
        const values = list.map((run) => run[name]).filter((value) => typeof value === 'number');
        return [name, values.length ? median(values) : null];
      }),
    ) as Record<Figure, number | null>),
    failedAudits: [...new Set(list.flatMap((run) => run.failedAudits ?? []))],
    errors: [...new Set(list.flatMap((run) => [run.error, run.runtimeError].filter(Boolean)))],
    runs: list,
  };
}
