/**
 * A page loads what its tables import. A table model whose figures come from another
 * file than the benchmark facts (the home page's models, the chat templates, a guide's
 * specifications) must not reach src/data/benchmarks.ts through its imports, or every
 * page with such a table downloads the benchmark facts and their schema check.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { isTableModel } from '../../src/shared/tables/model';

const ROOT = path.resolve(__dirname, '../..');
const TABLES = path.join(ROOT, 'src/shared/tables');
const BENCHMARK_FACTS = 'src/data/benchmarks.ts';

/** The site's files a module imports, directly or not (relative imports, type-only ones left out). */
function importsOf(file: string, seen = new Set<string>()): Set<string> {
  const source = readFileSync(file, 'utf8');
  for (const [, specifier = ''] of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.[^']+)';/gm)) {
    const base = path.resolve(path.dirname(file), specifier);
    const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
      (candidate) => path.extname(candidate) !== '' && existsSync(candidate),
    );
    if (target && !seen.has(target)) {
      seen.add(target);
      importsOf(target, seen);
    }
  }
  return seen;
}

const modelFiles = readdirSync(TABLES)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => path.join(TABLES, name));

describe('the table models that show no benchmark figure', () => {
  it('import nothing that reaches the benchmark facts', async () => {
    const checked: string[] = [];
    for (const file of modelFiles) {
      const exports = (await import(file)) as Record<string, unknown>;
      const models = Object.values(exports).filter(isTableModel);
      if (models.length === 0 || models.some((model) => model.source === BENCHMARK_FACTS)) {
        continue;
      }
      const relative = path.relative(ROOT, file);
      checked.push(relative);
      const reached = [...importsOf(file)].map((target) => path.relative(ROOT, target));
      expect(reached, `${relative} reaches ${BENCHMARK_FACTS}`).not.toContain(BENCHMARK_FACTS);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'src/shared/tables/chat-templates.ts',
        'src/shared/tables/enhanced-models.ts',
        'src/shared/tables/model-specs.ts',
      ]),
    );
  });
});
