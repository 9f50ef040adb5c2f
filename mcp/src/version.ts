import { readFileSync } from 'node:fs';

/** The package's version, read from its package.json (one level above src/ and dist/). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
