import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { buildMcpPackage } from '../support/mcp-client';
import { BUILD_DIR, startStaticHost } from '../support/static-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the static host that serves the build to every test file. */
    origin: string;
  }
}

/**
 * Once per run: the build served on a free loopback port, and the docs MCP package
 * compiled by its own build script, so that the tests drive it as it is published.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(BUILD_DIR, 'index.html'))) {
    throw new Error(`No production build in ${BUILD_DIR}. Run \`npm run build\` first.`);
  }
  await buildMcpPackage();
  const host = await startStaticHost();
  project.provide('origin', host.origin);
  return () => host.close();
}
