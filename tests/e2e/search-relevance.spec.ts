/**
 * The relevance floor: the queries of the relevance benchmark, asked of the three
 * engines that share the query layer, each run in Node in a process of its own (the
 * browser adds nothing to the ranking; npm run bench:search asks the real /search page
 * in Chromium too): the built site's index through the site's local backend, the index
 * the dev server writes from the Markdown twins, and the docs MCP server.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import {
  answerRank,
  formatScores,
  pagesOf,
  parseQueries,
  sameFirstPageShare,
  scoreEngine,
} from '../../scripts/bench/relevance';
import { buildMcpPackage } from './mcp-client';

type Engine = 'site' | 'dev' | 'mcp';

interface Floors {
  hit1: Record<Engine, number>;
  hit3: Record<Engine, number>;
  /** The share of queries for which the three engines show the same first page. */
  sameFirstPage: number;
}

/**
 * No figure may fall below these. The 350 queries of search-queries.json, measured on
 * 2026-11-26: hit@1 site 320, dev 316, mcp 326; hit@3 site 341, dev 338, mcp 339; the
 * same first page for 302. The 60 of search-queries-readers.json, written from the built
 * pages: hit@1 51, 50, 53; hit@3 56, 56, 59; the same first page for 44. The margins let
 * two of the 350 queries, or one of the 60, slip; the MCP server's hit@1 stays above the
 * 92% goal it meets. The serving guides' request blocks (the tool request, the streamed
 * request) then changed the text the engines weigh: the same first page for 298 of the
 * 350 ("install jsonrepair", two "calls a tool even when I say hello", "--max-modle-len"
 * and "why do benchmark scores differ" now differ between the engines), held here as
 * measured, with no margin.
 */
const QUERY_SETS: Record<string, Floors> = {
  'scripts/bench/search-queries.json': {
    hit1: { site: 0.908, dev: 0.897, mcp: 0.925 },
    hit3: { site: 0.968, dev: 0.96, mcp: 0.962 },
    sameFirstPage: 0.851,
  },
  'scripts/bench/search-queries-readers.json': {
    hit1: { site: 0.833, dev: 0.816, mcp: 0.866 },
    hit3: { site: 0.916, dev: 0.916, mcp: 0.966 },
    sameFirstPage: 0.716,
  },
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await buildMcpPackage();
});

for (const [file, floors] of Object.entries(QUERY_SETS)) {
  test(`the three engines answer ${file} at least as well, and as alike, as they did`, async () => {
    test.setTimeout(180_000);
    const queries = parseQueries(JSON.parse(readFileSync(file, 'utf8')), file);
    const run = spawnSync(process.execPath, ['scripts/bench/relevance-engines.mjs', file], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const answers = JSON.parse(run.stdout) as Record<Engine, string[][]>;
    const engines = (Object.keys(floors.hit1) as Engine[]).map((name) => ({
      name,
      scores: scoreEngine(queries, answers[name]),
    }));
    const misses = engines.map(({ name }) => {
      const missed = queries.flatMap((query, index) => {
        const shown = answers[name][index] ?? [];
        const rank = answerRank(query, shown);
        return rank !== null && rank <= 3 ? [] : [`${query.query}: ${pagesOf(shown).slice(0, 3).join(' ')}`];
      });
      return `${name}, not in the first three:\n${missed.join('\n')}`;
    });
    const report = `${formatScores(engines)}\n\n${misses.join('\n\n')}`;
    for (const { name, scores } of engines) {
      expect.soft(scores.overall.hit3, `${name} hit@3\n${report}`).toBeGreaterThanOrEqual(floors.hit3[name]);
      expect.soft(scores.overall.hit1, `${name} hit@1\n${report}`).toBeGreaterThanOrEqual(floors.hit1[name]);
    }
    expect(sameFirstPageShare(engines.map(({ name }) => answers[name]))).toBeGreaterThanOrEqual(floors.sameFirstPage);
  });
}
