import { existsSync } from 'node:fs';
import path from 'node:path';

/** A route's HTML file in the build, with either trailing-slash setting; null for a route naming a file (/404.html). */
export function builtFileFor(outDir: string, routePath: string, baseUrl: string): string | null {
  const relative = routePath.startsWith(baseUrl) ? routePath.slice(baseUrl.length) : routePath.replace(/^\//, '');
  const clean = relative.replace(/\/$/, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`];
  return candidates.map((candidate) => path.join(outDir, candidate)).find((file) => existsSync(file)) ?? null;
}
