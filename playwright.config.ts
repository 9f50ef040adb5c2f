import { availableParallelism } from 'node:os';

import { defineConfig } from '@playwright/test';

import chromium from './scripts/chromium.json';

const port = Number(process.env.E2E_PORT ?? 4173);
// The same build behind nginx with deploy/nginx.conf, for the specs of the site as deployed.
const nginxPort = Number(process.env.E2E_NGINX_PORT ?? port + 100);
const DEPLOYED = ['deploy.spec.ts', 'a11y.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Playwright's own default, half the cores, but never one: the suite waits on pages and
  // servers as much as it computes, and one worker leaves a two-core machine half idle.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || chromium.fallback,
      args: chromium.args,
    },
    // A worker's tests share one context and page, which Playwright resets between them
    // (storage, cache, routes, init scripts, viewport): a new one costs 2.5 s of CPU here.
    // Permissions are not reset, so a test asks for them with test.use.
    reuseContext: true,
  },
  projects: [
    { name: 'site', testIgnore: DEPLOYED },
    { name: 'nginx', testMatch: DEPLOYED, use: { baseURL: `http://127.0.0.1:${nginxPort}` } },
  ],
  webServer: [
    {
      command: `vite-node scripts/serve-build.ts ${port}`,
      url: `http://127.0.0.1:${port}/`,
    },
    {
      command: `vite-node scripts/serve-nginx.ts --port ${nginxPort} --quiet`,
      url: `http://127.0.0.1:${nginxPort}/`,
      // Lets the script stop nginx and remove its temporary folder.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    },
  ].map((server) => ({ ...server, reuseExistingServer: !process.env.CI, timeout: 60_000 })),
});
