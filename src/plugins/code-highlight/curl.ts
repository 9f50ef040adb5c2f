/// <reference types="remark-mdx" />
/**
 * Remark plugin: a curl block that sends a request to this machine (`localhost`,
 * `127.0.0.1`) gets a "Try it" console that sends the same request to the reader's own
 * server: method, URL and headers from the curl line, the body from `-d`, or for
 * `-d @file.json` from the nearest block before it titled `file.json`. A piped block (its
 * output the console cannot reproduce) or another host gets no console.
 */
import type { Root } from 'mdast';
import { parse as parseShell } from 'shell-quote';
import type { VFile } from 'vfile';

import { jsxElement, replaceCodeBlocks } from './remark';
import { codeBlockRules } from '../../plugins-lib/prism-settings';
import type { ApiRequest } from '../../shared/api-request';

/** The component that wraps a block with its console, and where the page imports it from. */
const TRY_IT = 'CurlTryIt';
const TRY_IT_SOURCE = '@site/src/components/CurlTryIt';

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CurlCommand {
  method: string;
  url: URL;
  headers: { name: string; value: string }[];
  /** The body: text as written, or the file it is read from (`-d @request.json`). */
  data?: { text: string } | { file: string };
}

const DATA_FLAGS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--json']);
/** Flags that only change what curl prints or how it connects, not the request. */
const QUIET_FLAGS = new Set(['-s', '--silent', '-S', '--show-error', '-N', '--no-buffer', '-i', '-v', '-f', '--fail']);

/**
 * A curl command's request, or null when the text is not one curl command the console
 * can send as it is (a pipe or another program, a flag it does not know).
 */
export function parseCurl(source: string): CurlCommand | null {
  // A backslash before a line break continues the line; a line break left is a second command.
  const command = source.trim().replace(/\\\r?\n/g, ' ');
  if (command.includes('\n')) return null;
  // Variables stay as written: the page shows `$KEY`, and the reader's key goes in the console's field.
  const tokens = parseShell(command, (name) => `$${name}`);
  // An operator, a redirection or a comment is not a request the console can send as it is.
  const words = tokens.filter((token): token is string => typeof token === 'string');
  if (words.length !== tokens.length || words[0] !== 'curl') {
    return null;
  }
  let method: string | undefined;
  let address: string | undefined;
  const headers: CurlCommand['headers'] = [];
  let data: CurlCommand['data'];
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const next = () => {
      index += 1;
      return words[index] ?? '';
    };
    if (word === '-X' || word === '--request') {
      method = next().toUpperCase();
    } else if (word === '-H' || word === '--header') {
      const header = next();
      const colon = header.indexOf(':');
      if (colon > 0) headers.push({ name: header.slice(0, colon).trim(), value: header.slice(colon + 1).trim() });
    } else if (DATA_FLAGS.has(word)) {
      const value = next();
      data = value.startsWith('@') ? { file: value.slice(1) } : { text: value };
      if (word === '--json') headers.push({ name: 'Content-Type', value: 'application/json' });
    } else if (QUIET_FLAGS.has(word)) {
      continue;
    } else if (word.startsWith('-') || address !== undefined) {
      return null;
    } else {
      address = word;
    }
  }
  const href = address && (/^[a-z]+:\/\//i.test(address) ? address : `http://${address}`);
  if (!href || !URL.canParse(href)) {
    return null;
  }
  return { method: method ?? (data ? 'POST' : 'GET'), url: new URL(href), headers, ...(data ? { data } : {}) };
}

/**
 * The request a curl command sends, in the console's request model: the server URL is the
 * OpenAI-style base URL where there is one, and `Authorization` is left to the key field.
 */
export function curlRequest(command: CurlCommand, bodyText: string | undefined): ApiRequest {
  const versioned = /^(\/v\d+)(\/.*)$/.exec(command.url.pathname);
  const contentType = command.headers.find((header) => header.name.toLowerCase() === 'content-type')?.value;
  return {
    serverUrl: command.url.origin + (versioned?.[1] ?? ''),
    method: command.method,
    path: (versioned?.[2] ?? command.url.pathname) + command.url.search,
    pathParams: [],
    query: [],
    headers: command.headers.filter((header) => !['authorization', 'content-type'].includes(header.name.toLowerCase())),
    // The body as the block writes it: the console reads it from the text, so the page carries it once.
    ...(bodyText === undefined
      ? {}
      : { body: { kind: 'json', contentType: contentType ?? 'application/json', value: undefined, text: bodyText } }),
  };
}

export function remarkCurlTryIt() {
  const { parseCodeBlockTitle } = codeBlockRules();
  return (tree: Root, file: VFile): void => {
    const titled = new Map<string, string>();
    replaceCodeBlocks(tree, file, TRY_IT, TRY_IT_SOURCE, (node) => {
      const title = parseCodeBlockTitle(node.meta ?? undefined);
      if (title) {
        titled.set(title, node.value);
      }
      const command = SHELL_LANGUAGES.has(node.lang ?? '') ? parseCurl(node.value) : null;
      if (command?.url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(command.url.hostname)) {
        return undefined;
      }
      const { data } = command;
      const bodyText = data && 'file' in data ? titled.get(data.file) : data?.text;
      if (data && 'file' in data && bodyText === undefined) {
        throw new Error(
          `this curl block sends -d @${data.file}, but no code block before it is titled "${data.file}"; add one (\`\`\`json title="${data.file}"), so that the page shows, and Try it sends, the same body`,
        );
      }
      return jsxElement(TRY_IT, 'request', curlRequest(command, bodyText), [node]);
    });
  };
}
