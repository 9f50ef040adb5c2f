/**
 * Reading the body a reader typed: JSON with the line and column of a mistake, and a
 * check against the operation's schema by a validator that interprets the schema (the
 * site's Content-Security-Policy allows no compiled code), each problem at its JSON pointer.
 */
import { Validator, type OutputUnit } from '@cfworker/json-schema';

/** The characters that may follow a backslash in a JSON string (`\u` takes four hex digits). */
const ESCAPES = ['"', '\\', '/', 'b', 'f', 'n', 'r', 't'];

/**
 * Where JSON text first goes wrong, and what was expected there: engines' messages do not
 * always say where, so the console walks the grammar itself (JSON.parse reads the value).
 */
function firstMistake(text: string): { offset: number; expected: string } {
  let at = 0;
  const fail = (expected: string): never => {
    throw Object.assign(new Error(expected), { offset: at });
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at += 1;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail(`expected ${word}`);
  };
  const string = () => {
    at += 1;
    while (at < text.length && text.charAt(at) !== '"') {
      const char = text.charAt(at);
      if (char < ' ') fail('a line break or control character inside a string');
      if (char === '\\') {
        at += 1;
        if (text.charAt(at) === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) at += 4;
        else if (!ESCAPES.includes(text.charAt(at)) || at >= text.length) fail('an escape such as \\n or \\"');
      }
      at += 1;
    }
    if (at >= text.length) fail('a closing quote');
    at += 1;
  };
  /** An object's members or a list's items, from the opening character to `close`, separated by commas. */
  const members = (close: string, closeName: string, member: () => void) => {
    at += 1;
    space();
    let more = text.charAt(at) !== close;
    while (more) {
      member();
      space();
      more = text.charAt(at) === ',';
      if (!more && text.charAt(at) !== close) fail(`a comma or a closing ${closeName}`);
      at += more ? 1 : 0;
    }
    at += 1;
  };
  const property = () => {
    space();
    if (text.charAt(at) !== '"') fail('a property name in double quotes');
    string();
    space();
    if (text.charAt(at) !== ':') fail('a colon after the property name');
    at += 1;
    value();
  };
  const value = (): void => {
    space();
    const char = text.charAt(at);
    if (char === '{') return members('}', 'brace', property);
    if (char === '[') return members(']', 'bracket', value);
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (number) {
      at += number[0].length;
      return;
    }
    fail(at >= text.length ? 'a value, but the text ended' : 'a value');
  };
  try {
    value();
    space();
    if (at < text.length) fail('the end of the text');
  } catch (error) {
    return { offset: (error as { offset: number }).offset, expected: (error as Error).message };
  }
  return { offset: text.length, expected: 'valid JSON' };
}

export function parseJson(text: string) {
  try {
    return { ok: true as const, value: JSON.parse(text) as unknown };
  } catch {
    const { offset, expected } = firstMistake(text);
    const found = offset < text.length ? `found ${JSON.stringify(text.charAt(offset))}` : 'found the end';
    const message = expected.startsWith('expected') ? `${expected}, ${found}` : `expected ${expected}, ${found}`;
    // The line and column count from 1.
    const lines = text.slice(0, offset).split('\n');
    return { ok: false as const, message, line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
  }
}

export interface SchemaProblem {
  /** The JSON pointer of the value, `` for the whole body. */
  pointer: string;
  message: string;
}

/** Keywords that only say a problem lies deeper, where a more precise error names it. */
const ONLY_POINTING_DEEPER = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'dependentSchemas']);

/** An error inside one branch of oneOf or anyOf: the branch's own error says it matched none. */
const INSIDE_A_BRANCH = /\/(oneOf|anyOf)\/\d+\//;

/** Each problem once, in the order the validator first gives it. */
function problemsOf(errors: readonly OutputUnit[]): SchemaProblem[] {
  const problems = errors
    .filter((error) => !ONLY_POINTING_DEEPER.has(error.keyword) && !INSIDE_A_BRANCH.test(error.keywordLocation))
    .map((error) => ({ pointer: error.instanceLocation.replace(/^#/, ''), message: error.error }));
  return [...new Map(problems.map((problem) => [`${problem.pointer} ${problem.message}`, problem])).values()];
}

/** One validator per schema: the form is checked at every keystroke. */
const validators = new WeakMap<object, Validator>();

/** The problems of a value against a JSON Schema (2020-12, as OpenAPI 3.1 writes it). */
export function checkAgainstSchema(value: unknown, schema: unknown): SchemaProblem[] {
  if (typeof schema !== 'object' || schema === null) {
    return [];
  }
  const validator = validators.get(schema) ?? new Validator(schema as Record<string, unknown>, '2020-12', false);
  validators.set(schema, validator);
  const result = validator.validate(value);
  return result.valid ? [] : problemsOf(result.errors);
}
