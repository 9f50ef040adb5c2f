// `vite-node scripts/bench/relevance-answers.ts [query file...]` prints, as JSON, the answers of
// the three engines on build/ to each file's queries (search-queries.json when none is
// given), keyed by the file as given: { [file]: { site, dev, mcp } }. All in Node, with
// the MCP server as mcp/dist holds it (compiled by the caller). The relevance floor test
// runs it apart from its runner.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { askEngines, readQueries } from './relevance-engines';

const files = process.argv.length > 2 ? process.argv.slice(2) : ['scripts/bench/search-queries.json'];
const querySets = await Promise.all(files.map((file) => readQueries(path.resolve(file))));
const root = fileURLToPath(new URL('../..', import.meta.url));
const answers = await askEngines(root, 'build', querySets);
process.stdout.write(`${JSON.stringify(Object.fromEntries(files.map((file, index) => [file, answers[index]])))}\n`);
