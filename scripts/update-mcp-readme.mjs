// Rewrites the generated install section of mcp/README.md: `npm run mcp:readme`.
import { readFileSync, writeFileSync } from 'node:fs';

import createJiti from 'jiti';

const jiti = createJiti(import.meta.url);
const { MCP_README, withInstallSection } = jiti('./mcp-readme.ts');

const before = readFileSync(MCP_README, 'utf8');
const after = withInstallSection(before);
if (after === before) {
  console.log(`${MCP_README} is up to date.`);
} else {
  writeFileSync(MCP_README, after);
  console.log(`${MCP_README}: install section rewritten.`);
}
