/** Seeded randomness and the word lists (scale-lists.json) that the scale run's generated pages are written from. */
import words from './scale-lists.json';

/** A small deterministic generator (a linear congruential one): the same seed, the same site. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647;
  if (state <= 0) state += 2147483646;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

export const { nouns: NOUNS, verbs: VERBS, adjectives: ADJECTIVES } = words;

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
