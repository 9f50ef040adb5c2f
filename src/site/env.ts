/** The environment as the process has it; the search backends read theirs in src/search/backends/registry.ts. */
export type RawEnv = Record<string, string | undefined>;

/**
 * RSDOCTOR=true adds Rsdoctor's bundle analysis to a build (a report of what each
 * chunk holds and why). Any other value than `true` or `false` is an error.
 */
export function parseRsdoctor(raw: RawEnv): boolean {
  const value = raw.RSDOCTOR?.trim() || 'false';
  if (value !== 'true' && value !== 'false') {
    throw new Error(`Environment: RSDOCTOR is "${value}"; set it to true to analyse the bundles, or leave it unset.`);
  }
  return value === 'true';
}

/** A `connect-src` source naming one origin: a scheme, a host (`*.` allowed first) and an optional port or `*`. */
const ORIGIN_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i;

/**
 * API_CONSOLE_ORIGINS: the origins, besides the loopback addresses and the API
 * description's servers, that the API pages' "Try it" console may send requests to,
 * separated by spaces or commas (`https://rubra.example.com http://gpu-box:8000`). The
 * site's Content-Security-Policy allows them in `connect-src`. A value that is not an
 * origin is an error.
 */
export function parseConsoleOrigins(raw: RawEnv): string[] {
  const words = (raw.API_CONSOLE_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  const wrong = words.find((word) => !ORIGIN_SOURCE.test(word));
  if (wrong !== undefined) {
    throw new Error(
      `Environment: API_CONSOLE_ORIGINS holds "${wrong}", which is not an origin; write each as http(s)://host[:port], such as https://rubra.example.com, separated by spaces or commas.`,
    );
  }
  return words;
}
