import { describe, expect, it, vi } from 'vitest';

import {
  allowedEdits,
  canonicalWords,
  correctWord,
  editDistance,
  isKnown,
  QUERY_DATA,
  queryWords,
  synonymTable,
  understandQuery,
  type QueryData,
  type QueryEngine,
} from '../../src/search/query';
import { buildVocabulary } from '../../src/plugins/search-index/vocabulary';
import { mainText } from '../../src/plugins/search-index/html';
import { searchWords } from '../../src/shared/searchWords';

interface Page {
  id: string;
  score: number;
  text: string;
}

/** An engine that, like Pagefind, answers the pages holding every word (or a word's prefix). */
function engineOver(pages: Record<string, string>): QueryEngine<Page> & { terms: string[] } {
  const terms: string[] = [];
  return {
    terms,
    async search(term) {
      terms.push(term);
      const words = searchWords(term);
      return Object.entries(pages)
        .filter(([, text]) => words.every((word) => searchWords(text).some((known) => known.startsWith(word))))
        .map(([id, text], index) => ({ id, score: 10 - index, text }));
    },
    async text(result) {
      return result.text;
    },
    async title(result) {
      return result.text.split('.')[0] ?? '';
    },
  };
}

const data: QueryData = {
  groups: [
    ['quantization', 'quantisation'],
    ['delete', 'remove'],
    ['hugging face', 'hf'],
  ],
  stopWords: ['a', 'the', 'how', 'to'],
};

const pages = {
  '/assistants': 'Create an assistant. Assistants call tools.',
  '/delete': 'Delete an assistant.',
  '/llamacpp': 'Build llama.cpp on macOS with Metal off, or with CUDA.',
  '/quant': 'GGUF quantization of every model.',
  '/hf': 'Use Hugging Face transformers, on Linux or macOS.',
};

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit', () => {
    expect(editDistance('assistant', 'assistant', 2)).toBe(0);
    expect(editDistance('asistant', 'assistant', 2)).toBe(1);
    expect(editDistance('assisstant', 'assistant', 2)).toBe(1);
    expect(editDistance('assistent', 'assistant', 2)).toBe(1);
    expect(editDistance('gemam', 'gemma', 2)).toBe(1);
    expect(editDistance('contianer', 'container', 2)).toBe(1);
    expect(editDistance('benchmrak', 'benchmark', 2)).toBe(1);
  });

  it('stops past the limit', () => {
    expect(editDistance('model', 'modify', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('forgives one edit from 4 letters and two from 8', () => {
    expect([allowedEdits('run'), allowedEdits('runs'), allowedEdits('messages'), allowedEdits('mesages')]).toEqual([
      0, 1, 2, 1,
    ]);
  });
});

describe('typo correction', () => {
  const vocabulary = ['model', 'models', 'assistant', 'assistants', 'messages', 'mistral', 'container', 'contain'];

  it('corrects to the nearest known word, the more frequent on a tie', () => {
    expect(correctWord('asistant', vocabulary)).toBe('assistant');
    expect(correctWord('mesages', vocabulary)).toBe('messages');
    expect(correctWord('mistrl', vocabulary)).toBe('mistral');
    expect(correctWord('modl', vocabulary)).toBe('model');
    expect(correctWord('bost', ['best', 'bust'])).toBe('best');
    expect(correctWord('bost', ['bust', 'best'])).toBe('bust');
  });

  it('leaves short words, words with digits and hopeless words alone', () => {
    expect(correctWord('mdl', vocabulary)).toBeNull();
    expect(correctWord('qwen3', vocabulary)).toBeNull();
    expect(correctWord('zzzzzzzz', vocabulary)).toBeNull();
    expect(correctWord('mstrl', vocabulary)).toBeNull();
    expect(correctWord('metal', ['meta', 'model'])).toBeNull();
    expect(correctWord('assistantt', vocabulary)).toBe('assistant');
  });

  it('treats the start of a known word as known', () => {
    expect(isKnown('assist', vocabulary)).toBe(true);
    expect(isKnown('asist', vocabulary)).toBe(false);
  });
});

describe('reading a query', () => {
  it('drops stop words unless nothing else is left', () => {
    expect(queryWords('How to delete a file', data)).toEqual(['delete', 'file']);
    expect(queryWords('the a', data)).toEqual(['the', 'a']);
    expect(queryWords('  Serve llama.cpp!  ', data)).toEqual(['serve', 'llama.cpp']);
  });

  it('maps variants to the docs’ own words, multi-word ones included', () => {
    const table = synonymTable(data);
    expect(canonicalWords(['remove', 'hf', 'quantisation', 'file'], table)).toEqual([
      'delete',
      'hugging',
      'face',
      'quantization',
      'file',
    ]);
  });

  it('ships a data file whose groups are distinct words', () => {
    const variants = QUERY_DATA.groups.flatMap(([, ...rest]) => rest);
    expect(variants.length).toBeGreaterThan(10);
    expect(QUERY_DATA.groups.every((group) => group.length >= 2)).toBe(true);
    expect(QUERY_DATA.stopWords).toContain('the');
  });
});

describe('understandQuery', () => {
  const vocabulary = buildVocabulary(Object.values(pages)).words;

  it('answers a plain query without fetching the vocabulary or saying anything', async () => {
    const loadVocabulary = vi.fn(async () => vocabulary);
    const { results, notice } = await understandQuery('create assistant', engineOver(pages), {
      data,
      vocabulary: loadVocabulary,
    });
    expect(results.map((result) => result.id)).toEqual(['/assistants']);
    expect(notice).toBeNull();
    expect(loadVocabulary).not.toHaveBeenCalled();
  });

  it('searches synonyms and spelling variants as the docs’ own words, silently', async () => {
    for (const [query, page] of [
      ['remove assistant', '/delete'],
      ['quantisation', '/quant'],
      ['hf transformers', '/hf'],
    ] as const) {
      const { results, notice } = await understandQuery(query, engineOver(pages), {
        data,
        vocabulary: async () => vocabulary,
      });
      expect(results[0]?.id, query).toBe(page);
      expect(notice, query).toBeNull();
    }
  });

  it('corrects a misspelt word and says so', async () => {
    const loadVocabulary = vi.fn(async () => vocabulary);
    const { results, notice } = await understandQuery('create asistant', engineOver(pages), {
      data,
      vocabulary: loadVocabulary,
    });
    expect(results.map((result) => result.id)).toEqual(['/assistants']);
    expect(notice).toEqual({ kind: 'corrected', query: 'create assistant', original: 'create asistant' });
    expect(loadVocabulary).toHaveBeenCalledTimes(1);
  });

  it('keeps the reader’s other words in the corrected query it shows', async () => {
    const { notice } = await understandQuery('Delete an asistant', engineOver(pages), {
      data: { ...data, stopWords: ['an'] },
      vocabulary: async () => vocabulary,
    });
    expect(notice).toEqual({ kind: 'corrected', query: 'delete an assistant', original: 'Delete an asistant' });
  });

  it('puts the page whose title is the query first', async () => {
    const titled = {
      '/list': 'Delete a file. Delete an assistant, or list them.',
      '/delete-assistant': 'Delete an assistant.',
    };
    const { results } = await understandQuery('remove an assistant', engineOver(titled), {
      data,
      vocabulary: async () => vocabulary,
    });
    expect(results.map((result) => result.id)).toEqual(['/delete-assistant', '/list']);
    const plain = await understandQuery('delete file', engineOver(titled), {
      data,
      vocabulary: async () => vocabulary,
    });
    expect(plain.results.map((result) => result.id)).toEqual(['/list']);
  });

  it('searches the words as typed when asked to', async () => {
    const { results, notice } = await understandQuery('asistant', engineOver(pages), {
      data,
      vocabulary: async () => vocabulary,
      literal: true,
    });
    expect(results).toEqual([]);
    expect(notice).toBeNull();
  });

  it('leaves out a word that matches nothing rather than answer nothing', async () => {
    const { results, notice } = await understandQuery('macos vulkan', engineOver(pages), {
      data,
      vocabulary: async () => vocabulary,
    });
    expect(results.map((result) => result.id)).toEqual(['/llamacpp', '/hf']);
    expect(notice).toEqual({ kind: 'relaxed', query: 'macos', original: 'macos vulkan' });
  });

  it('does not trust an engine that answers an unknown word with near matches', async () => {
    const exact = engineOver(pages);
    // Like Pagefind, which answers a word it does not hold with pages that hold a part of it.
    const fuzzy: QueryEngine<Page> = {
      ...exact,
      search: async (term) => (term === 'vulkan' ? exact.search('gguf') : exact.search(term)),
    };
    const { results, notice } = await understandQuery('macos vulkan', fuzzy, {
      data,
      vocabulary: async () => vocabulary,
    });
    expect(results.map((result) => result.id)).toEqual(['/llamacpp', '/hf']);
    expect(notice).toEqual({ kind: 'relaxed', query: 'macos', original: 'macos vulkan' });
  });

  it('then leaves out the least selective word, one at a time', async () => {
    // Every word is known, but no page holds all three: "assistant" is on most pages, so it goes first.
    const { results, notice } = await understandQuery('cuda metal assistant', engineOver(pages), {
      data,
      vocabulary: async () => vocabulary,
    });
    expect(results.map((result) => result.id)).toEqual(['/llamacpp']);
    expect(notice).toEqual({ kind: 'relaxed', query: 'cuda metal', original: 'cuda metal assistant' });
  });

  it('answers nothing, and says nothing, when no word occurs in the docs', async () => {
    const { results, notice } = await understandQuery('zebra xylophone', engineOver(pages), {
      data,
      vocabulary: async () => vocabulary,
    });
    expect(results).toEqual([]);
    expect(notice).toBeNull();
  });
});

describe('vocabulary', () => {
  it('lists the words a typo can be corrected to, most frequent first', () => {
    expect(buildVocabulary(['Run a run; RUN the model', 'model qwen2 llama.cpp ab']).words).toEqual([
      'run',
      'model',
      'the',
    ]);
  });

  it('reads a built page’s main text without its navigation and buttons', () => {
    const html =
      '<html><body><nav>Navbar words</nav><main><nav class="breadcrumbs">Crumbs</nav><h1>Rubra&nbsp;Llama</h1>' +
      '<button>Copy</button><p>Serve it.</p></main><footer>Footer</footer></body></html>';
    expect(mainText(html)).toBe('Rubra Llama Serve it.');
  });
});
