import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  answerRank,
  formatScores,
  pagePath,
  pagesOf,
  parseQueries,
  QUERY_CLASSES,
  sameFirstPageShare,
  scoreEngine,
  type RelevanceQuery,
} from '../../scripts/bench/relevance';
import { checkExpectedPages, readQueries } from '../../scripts/bench/relevance-engines';

const query = (text: string, queryClass: RelevanceQuery['class'], ...expect: string[]): RelevanceQuery => ({
  query: text,
  class: queryClass,
  expect,
});

describe('relevance query set', () => {
  const file = 'scripts/bench/search-queries.json';
  const queries = parseQueries(JSON.parse(readFileSync(file, 'utf8')));

  it('holds at least 80 queries, in every class', () => {
    expect(queries.length).toBeGreaterThanOrEqual(80);
    expect(queries.filter((entry) => !QUERY_CLASSES.includes(entry.class))).toEqual([]);
    for (const queryClass of QUERY_CLASSES) {
      expect(queries.filter((entry) => entry.class === queryClass).length, queryClass).toBeGreaterThan(0);
    }
  });

  it('expects every API operation page at least once', () => {
    const spec = readFileSync('openapi/rubra.yaml', 'utf8');
    const pages = [...spec.matchAll(/operationId:\s*(\w+)/g)].map(
      ([, id]) => `/api/${(id ?? '').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
    );
    expect(pages.length).toBeGreaterThan(20);
    const expected = new Set(queries.flatMap((entry) => entry.expect));
    expect(pages.filter((page) => !expected.has(page))).toEqual([]);
  });
});

describe('parseQueries', () => {
  it('normalises the expected paths', () => {
    expect(parseQueries({ queries: [query('x', 'api', '/api/get-run/')] })).toEqual([
      query('x', 'api', '/api/get-run'),
    ]);
  });
});

describe('another query set', () => {
  it('is read from the file given, and a page it expects that the build lacks is named with that file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'queries-'));
    const file = path.join(dir, 'other.json');
    await writeFile(file, JSON.stringify({ queries: [{ query: 'gone', class: 'task', expect: ['/no-such-page'] }] }));
    const queries = await readQueries(file);
    expect(queries).toEqual([query('gone', 'task', '/no-such-page')]);
    await mkdir(path.join(dir, 'build'));
    expect(() => checkExpectedPages(queries, path.join(dir, 'build'), file)).toThrow(
      `${path.relative(process.cwd(), file)}: no built page for /no-such-page`,
    );
  });
});

describe('scoring', () => {
  it('reduces result URLs to distinct pages in order', () => {
    expect(pagePath('https://docs.rubra.ai/inference/vllm#install')).toBe('/inference/vllm');
    expect(pagePath('/models/llama/?x=1')).toBe('/models/llama');
    expect(pagePath('/index.html')).toBe('/');
    expect(pagePath('http://127.0.0.1:3000/')).toBe('/');
    expect(pagesOf(['/a#one', '/b', '/a#two', '/c'])).toEqual(['/a', '/b', '/c']);
  });

  it('ranks the first answering page, counting pages rather than sections', () => {
    const entry = query('q', 'task', '/c', '/d');
    expect(answerRank(entry, ['/a#x', '/a#y', '/b', '/c#z'])).toBe(3);
    expect(answerRank(entry, ['/a', '/b'])).toBeNull();
  });

  it('computes hit@1, hit@3, MRR@5 and the no-result count, overall and per class', () => {
    const queries = [
      query('one', 'typo', '/a'),
      query('two', 'typo', '/b'),
      query('three', 'api', '/c'),
      query('four', 'api', '/d'),
    ];
    const scores = scoreEngine(queries, [['/a'], ['/x', '/y', '/b'], ['/1', '/2', '/3', '/4', '/5', '/c'], []]);
    expect(scores.overall).toEqual({ queries: 4, hit1: 0.25, hit3: 0.5, mrr5: (1 + 1 / 3) / 4, noResults: 1 });
    expect(scores.byClass.typo).toEqual({ queries: 2, hit1: 0.5, hit3: 1, mrr5: (1 + 1 / 3) / 2, noResults: 0 });
    expect(scores.byClass.api).toEqual({ queries: 2, hit1: 0, hit3: 0, mrr5: 0, noResults: 1 });
    expect(scores.byClass.title).toBeUndefined();
  });

  it('prints one Markdown row per class present and one overall', () => {
    const queries = [query('one', 'typo', '/a'), query('two', 'api', '/b')];
    const table = formatScores([
      { name: 'site', scores: scoreEngine(queries, [['/a'], []]) },
      { name: 'mcp', scores: scoreEngine(queries, [['/x', '/a'], ['/b']]) },
    ]);
    expect(table.split('\n')).toEqual([
      '| class | queries | site hit@1 | hit@3 | MRR@5 | none | mcp hit@1 | hit@3 | MRR@5 | none |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      '| api | 1 | 0% | 0% | 0.00 | 1 | 100% | 100% | 1.00 | 0 |',
      '| typo | 1 | 100% | 100% | 1.00 | 0 | 0% | 100% | 0.50 | 0 |',
      '| **all** | 2 | 50% | 50% | 0.50 | 1 | 50% | 100% | 0.75 | 0 |',
    ]);
  });
});

describe('sameFirstPageShare', () => {
  it('counts the queries whose first page every engine shares, anchors and none included', () => {
    const site = [['/a#x', '/b'], ['/b'], []];
    const dev = [['/a', '/c'], ['/c', '/b'], []];
    const mcp = [['https://docs.example.test/a#y'], ['/b'], []];
    expect(sameFirstPageShare([site, dev, mcp])).toBeCloseTo(2 / 3);
    expect(sameFirstPageShare([])).toBe(0);
  });
});
