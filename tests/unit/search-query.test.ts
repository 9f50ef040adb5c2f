import { describe, expect, it, vi } from 'vitest';

import { QUERY_DATA, understandQuery, buildVocabulary, type QueryData, type QueryEngine } from '@rubra/search-query';
// The layer's parts that only its own modules use.
import {
  canonicalWords,
  queryWords,
  searchWords,
  synonymTable,
  wordForms,
  wordParts,
} from '../../packages/search-query/src/query-words';
import { titlePairs } from '../../packages/search-query/src/ranking';
import { allowedEdits, correctWord, editDistance, isKnown } from '../../packages/search-query/src/vocabulary';

import { mainText } from '../../src/plugins/search/html';

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
  stopWords: ['a', 'the', 'how', 'to', 'for', 'by', 'is'],
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

  it('corrects names with digits and joined words too', () => {
    expect(correctWord('qwne2', ['qwen2', 'queue'])).toBe('qwen2');
    expect(correctWord('rubra_toosl', ['rubra', 'tools', 'rubra_tools'])).toBe('rubra_tools');
    expect(correctWord('8001', ['8000'])).toBeNull();
    expect(correctWord('v0.4', ['v0.3'])).toBeNull();
  });

  it('leaves short words, numbers and hopeless words alone', () => {
    expect(correctWord('mdl', vocabulary)).toBeNull();
    expect(correctWord('qwen3', vocabulary)).toBeNull();
    expect(correctWord('zzzzzzzz', vocabulary)).toBeNull();
    expect(correctWord('mstrl', vocabulary)).toBeNull();
    expect(correctWord('metal', ['meta', 'model'])).toBeNull();
    expect(correctWord('assistantt', vocabulary)).toBe('assistant');
  });

  it('treats the start of a known word, and another form of one, as known', () => {
    expect(isKnown('assist', vocabulary)).toBe(true);
    expect(isKnown('asist', vocabulary)).toBe(false);
    expect(isKnown('containing', vocabulary)).toBe(true);
    expect(isKnown('finishes', ['finished'])).toBe(true);
    expect(isKnown('uses', ['used'])).toBe(false);
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

  it('leaves the site’s own name out of a query that has other words, as every page is about it', () => {
    expect(queryWords('Rubra models overview')).toEqual(['models', 'overview']);
    expect(queryWords('Rubra')).toEqual(['rubra']);
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

  it('reads a title in the plural as the query in the singular', async () => {
    const models = {
      '/serve': 'Serve a model. Any model, each model.',
      '/models': 'Models. Each one.',
    };
    const read = async (query: string) =>
      (await understandQuery(query, engineOver(models), { data, vocabulary: async () => vocabulary })).results.map(
        (result) => result.id,
      );
    expect(await read('model')).toEqual(['/models', '/serve']);
    expect(await read('models')).toEqual(['/models']);
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
    // Both hold the kept word once: which comes first is the ranking's to say, not this rule's.
    expect(results.map((result) => result.id).sort()).toEqual(['/hf', '/llamacpp']);
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
    // Both hold the kept word once: which comes first is the ranking's to say, not this rule's.
    expect(results.map((result) => result.id).sort()).toEqual(['/hf', '/llamacpp']);
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

/**
 * An engine that scores as Pagefind does, roughly: a page holding every word of a term
 * scores by how often it holds them, a word in its title (its first sentence) counting
 * five times; every page it searches is known (`pageCount`).
 */
function scoringEngine(pages: Record<string, string>): QueryEngine<Page> & { terms: string[] } {
  const terms: string[] = [];
  const occurrences = (text: string, word: string) =>
    searchWords(text).filter((known) => known.startsWith(word)).length;
  return {
    terms,
    async search(term) {
      terms.push(term);
      const words = searchWords(term);
      return Object.entries(pages)
        .map(([id, text]) => {
          const title = text.split('.')[0] ?? '';
          const counts = words.map((word) => occurrences(text, word) + 4 * occurrences(title, word));
          return { id, text, score: counts.every((count) => count > 0) ? counts.reduce((a, b) => a + b, 0) : 0 };
        })
        .filter((page) => page.score > 0)
        .sort((a, b) => b.score - a.score);
    },
    async text(result) {
      return result.text;
    },
    async title(result) {
      return result.text.split('.')[0] ?? '';
    },
    async pageCount() {
      return Object.keys(pages).length;
    },
  };
}

describe('ranking the pages of a query', () => {
  const options = (words: string[]) => ({ data, vocabulary: async () => words });
  const guides = {
    '/vllm': 'Serve with vLLM. Start the vLLM server with an API key. The vLLM server. vLLM on a GPU.',
    '/llamacpp': 'Serve with llama.cpp. Set the port of the server. Clients set any API key; vLLM is elsewhere.',
    '/faq': 'Questions. Who is Rubra for? Rubra is for developers.',
    '/rubra': 'Rubra models. Rubra, Rubra and Rubra again: Rubra Rubra.',
    '/other': 'Other page. Nothing about the product here.',
  };

  it('puts the page that holds most of a long query strongly above one that mentions every word in passing', async () => {
    const { results, notice } = await understandQuery(
      'set api key for vllm server',
      scoringEngine(guides),
      options(buildVocabulary(Object.values(guides)).words),
    );
    expect(results.map((result) => result.id)).toEqual(['/vllm', '/llamacpp']);
    expect(notice).toBeNull();
  });

  it('weighs a word by how few pages hold it', async () => {
    // Every page holds "rubra"; two hold "who", the FAQ six times; no title holds either.
    const pages = {
      '/faq': 'Questions. Who? Who, who, who, who, who? Rubra.',
      '/rubra': 'About us. Rubra Rubra Rubra Rubra Rubra. Who knows.',
      ...Object.fromEntries([...'abcdef'].map((id) => [`/${id}`, `Page ${id}. Rubra.`])),
    };
    const { results } = await understandQuery('who is rubra for', scoringEngine(pages), options([]));
    expect(results.map((result) => result.id)).toEqual(['/faq', '/rubra']);
  });

  it('scales a page’s score by the share of the query’s words it holds', async () => {
    const pages = {
      '/strong': `Strong. ${'vLLM '.repeat(16)}server.`,
      '/whole': `Serving. ${'vLLM server port. '.repeat(5)}`,
      '/port': 'Port. Port.',
    };
    const { results } = await understandQuery('vllm server port', scoringEngine(pages), options([]));
    expect(results.map((result) => result.id)).toEqual(['/whole', '/strong']);
  });

  it('keeps, in a long query where no page holds every word, the pages that hold all but one', async () => {
    const pages = {
      '/faq': 'Questions. You can filter the files you list.',
      '/list-files': 'List files. Files uploaded with a purpose; files.',
      '/create-file': 'Upload files. Give the files a purpose.',
      '/threads': 'Threads. Nothing else.',
    };
    const { results, notice } = await understandQuery(
      'filter files by purpose',
      scoringEngine(pages),
      options(buildVocabulary(Object.values(pages)).words),
    );
    expect([...results.map((result) => result.id)].sort()).toEqual(['/create-file', '/faq', '/list-files']);
    expect(notice?.kind).toBe('relaxed');
  });

  it('keeps, in a query of four words or more, a page that holds half of them', async () => {
    const pages = {
      '/get-run': 'Get a run. Poll the run. A run.',
      '/overview': 'Overview. Poll until the work finishes.',
      '/threads': 'Threads. Nothing else.',
    };
    const { results } = await understandQuery(
      'poll a run until it finishes',
      scoringEngine(pages),
      options(buildVocabulary(Object.values(pages)).words),
    );
    // The run's page holds two of the four words, and its title holds them.
    expect(results.map((result) => result.id)).toEqual(['/get-run', '/overview']);
  });

  it('leaves out, and says so, a word the docs never use though the engine answers it with near matches', async () => {
    const exact = scoringEngine(guides);
    const fuzzy: QueryEngine<Page> = {
      ...exact,
      // Pagefind answers a word it does not hold with pages holding something like it.
      search: async (term) => exact.search(term.replace('leaderboard', 'server')),
    };
    const { results, notice } = await understandQuery(
      'vllm leaderboard',
      fuzzy,
      options(buildVocabulary(Object.values(guides)).words),
    );
    expect(results[0]?.id).toBe('/vllm');
    expect(notice).toEqual({ kind: 'relaxed', query: 'vllm', original: 'vllm leaderboard' });
    const alone = await understandQuery('leaderboard', fuzzy, options(buildVocabulary(Object.values(guides)).words));
    expect(alone).toEqual({ results: [], notice: null });
  });

  it('searches a name whose number or joiner the docs write apart as they write it, silently', async () => {
    const pages = { '/llama': 'Rubra Llama 3. The 8B model.', '/phi': 'Rubra Phi. Phi mini.' };
    const engine = scoringEngine(pages);
    const { results, notice } = await understandQuery(
      'llama3',
      engine,
      options(buildVocabulary(Object.values(pages)).words),
    );
    expect(results.map((result) => result.id)).toEqual(['/llama']);
    expect(notice).toBeNull();
    expect(engine.terms).toContain('llama 3');
    expect(wordParts('llama3')).toBe('llama 3');
    expect(wordParts('block-expan')).toBe('block expan');
    expect(wordParts('llama')).toBeNull();
  });

  it('holds a word as an index does: run together and in its parts', () => {
    expect(wordForms('gsm-8k')).toEqual(['gsm8k', 'gsm', '8', 'k']);
    expect(wordForms('llama.cpp')).toEqual(['llamacpp', 'llama', 'cpp']);
    expect(wordForms('metal')).toEqual(['metal']);
  });

  it('corrects and leaves out nothing when the vocabulary could not be loaded', async () => {
    const exact = engineOver(pages);
    // Like Pagefind, which answers a word it does not hold with near matches.
    const fuzzy: QueryEngine<Page> = {
      ...exact,
      search: async (term) => exact.search(term.replace('asistant', 'assistant')),
    };
    const { results, notice } = await understandQuery('asistant', fuzzy, options([]));
    expect(results.map((result) => result.id)).toEqual(['/assistants', '/delete']);
    expect(notice).toBeNull();
  });

  it('puts a page with a section whose heading holds every word of a question first, after a page titled with the query', async () => {
    const pages = {
      '/mistral': 'Rubra Mistral. Mistral calls tools. Mistral, Mistral, Mistral already calls tools well.',
      '/faq': 'Questions. Does Mistral already call tools? Yes, some.',
      '/tools': 'Call tools. Mistral already does.',
    };
    const headed: QueryEngine<Page> = {
      ...scoringEngine(pages),
      headings: async (result) => (result.id === '/faq' ? ['Does Mistral already call tools?'] : []),
    };
    const plain = await understandQuery('how does mistral already call tools', scoringEngine(pages), options([]));
    expect(plain.results[0]?.id).not.toBe('/faq');
    const { results } = await understandQuery('how does mistral already call tools', headed, options([]));
    expect(results[0]?.id).toBe('/faq');
    expect(results).toHaveLength(3);
    // Without a stop word, the words name a thing rather than ask a question: the ranking stands.
    const { results: named } = await understandQuery('mistral already call tools', headed, options([]));
    expect(named[0]?.id).toBe(plain.results[0]?.id);
    const { results: titled } = await understandQuery('call tools', headed, options([]));
    expect(titled[0]?.id).toBe('/tools');
  });

  it('puts first, of the first results, the page whose title holds the query’s neighbouring words side by side', async () => {
    const api = {
      '/create-thread': 'Create a thread. A thread starts with a message: add each message to the thread. Threads.',
      '/get-thread': 'Get a thread. A thread and its message list.',
      '/create-message': 'Create a message. Add a message to a thread.',
    };
    const apiData: QueryData = { groups: [['create', 'add', 'post']], stopWords: ['a', 'to'] };
    const read = (query: string) =>
      understandQuery(query, scoringEngine(api), { data: apiData, vocabulary: async () => [] });
    // Both titles hold two of the words; only one holds two that the reader put together.
    const { results } = await read('add message to thread');
    expect(results.map((result) => result.id)).toEqual(['/create-message', '/create-thread', '/get-thread']);
    // Without such a pair, the ranking's order stands.
    const { results: apart } = await read('thread message');
    expect(apart.map((result) => result.id)).toEqual(['/create-thread', '/get-thread', '/create-message']);
  });

  it('orders the first results by their own title, headings and text, whatever scores the engine gives', async () => {
    const guides = {
      '/metal': 'Metal builds. Build with Metal on a Mac.',
      '/serving':
        'Serving. Pick an engine; a Mac with Metal runs one, a GPU box another, each with its own long list of flags.',
    };
    const firstOf = async (order: string[]) => {
      const engine = engineOver(guides);
      const ranked: QueryEngine<Page> = {
        ...engine,
        // Two engines that weigh the same pages the other way round.
        search: async (term) =>
          (await engine.search(term)).map((page) => ({ ...page, score: 10 - order.indexOf(page.id) })),
      };
      return (await understandQuery('metal', ranked, { data, vocabulary: async () => [] })).results[0]?.id;
    };
    expect(await firstOf(['/metal', '/serving'])).toBe('/metal');
    expect(await firstOf(['/serving', '/metal'])).toBe('/metal');
  });

  it('puts first, of titles with as many pairs, the one whose words the query covers most', async () => {
    const api = {
      '/get-run-step': 'Get a run step. The step of a run, its status and the run status of each step.',
      '/get-run': 'Get a run. A run and its status.',
    };
    const apiData: QueryData = { groups: [['get', 'poll']], stopWords: ['a'] };
    const { results } = await understandQuery('poll run status', scoringEngine(api), {
      data: apiData,
      vocabulary: async () => [],
    });
    // Both titles hold "get run"; "step" is a word of one title that the reader did not ask for.
    expect(results.map((result) => result.id)).toEqual(['/get-run', '/get-run-step']);
  });

  it('counts a title’s pairs of the query’s words in the query’s order, plurals and docs’ words alike', () => {
    const table = synonymTable(data);
    expect(titlePairs('Create a message', ['create', 'message', 'thread'], data, table)).toBe(1);
    expect(titlePairs('Create a thread', ['create', 'message', 'thread'], data, table)).toBe(0);
    expect(titlePairs('List files', ['list', 'file'], data, table)).toBe(1);
    expect(titlePairs('File list', ['list', 'file'], data, table)).toBe(0);
    expect(titlePairs('Remove a file for the assistant', ['delete', 'file', 'assistant'], data, table)).toBe(2);
  });

  it('starts loading the texts of the results the caller shows with those it reads', async () => {
    const many = Object.fromEntries([...'abcdefghij'].map((id) => [`/${id}`, `Page ${id}. Llama.`]));
    const engine = scoringEngine(many);
    const read: string[] = [];
    const reading: QueryEngine<Page> = {
      ...engine,
      text: async (result) => {
        read.push(result.id);
        return result.text;
      },
    };
    await understandQuery('llama', reading, { ...options([]), resultsShown: 8 });
    expect(new Set(read).size).toBe(8);
  });
});

describe('vocabulary', () => {
  it('lists the words a typo can be corrected to, most frequent first, and names only when used more than once', () => {
    expect(
      buildVocabulary(['Run a run; RUN the model', 'model qwen2 llama.cpp ab 8000 v0.3 qwen2 page-0013.mdx llama.cpp'])
        .words,
    ).toEqual(['run', 'llama.cpp', 'model', 'qwen2', 'the']);
  });

  it('reads a built page’s main text without its navigation and buttons', () => {
    const html =
      '<html><body><nav>Navbar words</nav><main><nav class="breadcrumbs">Crumbs</nav><h1>Rubra&nbsp;Llama</h1>' +
      '<button>Copy</button><p>Serve it.</p></main><footer>Footer</footer></body></html>';
    expect(mainText(html)).toBe('Rubra Llama Serve it.');
  });
});
