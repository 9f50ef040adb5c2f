import { describe, expect, it } from 'vitest';

import { families, familyInfo, models, modelsOf } from '@site/src/data/models';
import { repoLink } from '@site/src/shared/tables/model-specs';
import { readFactRows } from '../support/facts';

const facts = readFactRows('models');

describe('models data', () => {
  it('has one entry per row of src/data/facts/models.json, in the same order', () => {
    expect(models.map((m) => m.model)).toEqual(facts.map((row) => row.model));
  });

  it.each(facts.map((row) => [row.model, row] as const))('%s matches its facts row', (_name, row) => {
    const model = models.find((m) => m.model === row.model);
    if (!model) {
      throw new Error(`models.ts has no entry for ${row.model}`);
    }
    expect(model).toMatchObject({
      family: row.family,
      params: row.params,
      contextLength: Number(row.context_length),
      gqa: row.gqa,
      trainingTokens: row.training_tokens,
      knowledgeCutoff: row.knowledge_cutoff,
      hfRepo: row.hf_repo,
      ggufRepo: row.gguf_repo,
      otherRepos: row.other_repos ? row.other_repos.split(';') : [],
    });
    const info = familyInfo(model.family);
    expect(info.route).toBe(row.page_route);
    expect(info.chatTemplate).toBe(row.llamacpp_chat_template);
  });

  it('keeps a valid schema: integer context lengths, owner/name repositories, known families', () => {
    for (const model of models) {
      expect(Number.isInteger(model.contextLength) && model.contextLength > 0).toBe(true);
      for (const repo of [model.hfRepo, model.ggufRepo, ...model.otherRepos]) {
        expect(repo).toMatch(/^rubra-ai\/[A-Za-z0-9._-]+$/);
      }
      expect(families.map((f) => f.family)).toContain(model.family);
    }
    expect(new Set(models.map((m) => m.hfRepo)).size).toBe(models.length);
  });

  it('gives every family at least one model and a guide route', () => {
    for (const info of families) {
      expect(modelsOf(info.family).length).toBeGreaterThan(0);
      expect(info.route).toMatch(/^\/models\/[A-Za-z]+$/);
    }
  });

  it('fails loudly on an unknown family', () => {
    // @ts-expect-error: an unknown family is a type error too.
    expect(() => familyInfo('Falcon')).toThrow(/Unknown model family "Falcon"/);
  });

  it('links repositories on Hugging Face', () => {
    expect(repoLink('rubra-ai/gemma-1.1-2b-it')).toEqual({
      href: 'https://huggingface.co/rubra-ai/gemma-1.1-2b-it',
      text: 'rubra-ai/gemma-1.1-2b-it',
    });
  });
});
