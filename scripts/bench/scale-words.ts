/** Seeded randomness and the word lists that the scale run's generated pages are written from. */

/** A small deterministic generator (a linear congruential one): the same seed, the same site. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647;
  if (state <= 0) state += 2147483646;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

export const NOUNS = [
  'model',
  'adapter',
  'tokenizer',
  'server',
  'worker',
  'cache',
  'batch',
  'request',
  'response',
  'stream',
  'thread',
  'message',
  'assistant',
  'tool',
  'function',
  'schema',
  'prompt',
  'template',
  'context',
  'window',
  'quantization',
  'checkpoint',
  'weight',
  'layer',
  'kernel',
  'device',
  'queue',
  'scheduler',
  'endpoint',
  'client',
  'token',
  'embedding',
  'index',
  'shard',
  'replica',
  'gateway',
  'policy',
  'quota',
  'metric',
  'trace',
  'container',
  'volume',
  'secret',
  'config',
  'profile',
  'runtime',
  'sampler',
  'decoder',
  'grammar',
  'parser',
];
export const VERBS = [
  'configure',
  'serve',
  'stream',
  'validate',
  'cache',
  'retry',
  'deploy',
  'tune',
  'measure',
  'limit',
  'rotate',
  'export',
  'import',
  'shard',
  'replicate',
  'schedule',
  'inspect',
  'profile',
  'quantize',
  'merge',
];
export const ADJECTIVES = [
  'default',
  'optional',
  'required',
  'larger',
  'smaller',
  'faster',
  'stable',
  'experimental',
  'local',
  'remote',
  'concurrent',
  'idle',
  'warm',
  'cold',
  'persistent',
  'temporary',
  'structured',
  'partial',
  'complete',
  'strict',
];
export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

export function sentence(random: () => number, unique: string): string {
  return [
    `To ${pick(random, VERBS)} a ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)},`,
    `set \`${unique}\` before you ${pick(random, VERBS)} the ${pick(random, NOUNS)}`,
    `so that each ${pick(random, NOUNS)} keeps its ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}.`,
  ].join(' ');
}

export function paragraph(random: () => number, unique: string, sentences = 4): string {
  return Array.from({ length: sentences }, (_, index) => sentence(random, `${unique}_${index}`)).join(' ');
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
