/** The environment as the process has it; the search backends read theirs in src/search/backends/registry.ts. */
export type RawEnv = Record<string, string | undefined>;

/**
 * RSDOCTOR=true adds Rsdoctor's bundle analysis to a build (a report of what each
 * chunk holds and why). Any other value than `true` or `false` is an error.
 */
export function parseRsdoctor(raw: RawEnv): boolean {
  const value = raw.RSDOCTOR?.trim() ?? '';
  if (value === '' || value === 'false') {
    return false;
  }
  if (value === 'true') {
    return true;
  }
  throw new Error(`Environment: RSDOCTOR is "${value}"; set it to true to analyse the bundles, or leave it unset.`);
}
