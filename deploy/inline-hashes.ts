// Finds the inline code of the built pages and hashes it for the Content-Security-Policy:
// every inline script, every style attribute and <style> element. The HTML is parsed
// with parse5, the WHATWG parser, so the hashed text is the text a browser hashes
// (entities decoded in attributes, line endings normalised).
import { createHash } from 'node:crypto';

import { parse } from 'parse5';

import { attributeOf, elementsOf } from './page-pass';

/** Script types a browser executes; others (application/ld+json) are data, outside the policy. */
const EXECUTABLE_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

export function sha256Source(text: string) {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * The texts of the inline scripts a browser runs, the values of style attributes and texts
 * of <style> elements, and the inline code the policy never allows (event-handler
 * attributes, javascript: URLs).
 */
export function inlineCodeOf(html: string) {
  const found = { scripts: [] as string[], styles: [] as string[], forbidden: [] as string[] };
  for (const node of elementsOf(parse(html))) {
    for (const { name, value } of node.attrs) {
      if (name === 'style') {
        found.styles.push(value);
      } else if (
        /^on/i.test(name) ||
        (/^(href|src|action|formaction)$/i.test(name) && /^\s*javascript:/i.test(value))
      ) {
        found.forbidden.push(`<${node.tagName} ${name}="${value}">`);
      }
    }
    const text = () => node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
    if (node.tagName === 'script') {
      const type = attributeOf(node, 'type')?.trim().toLowerCase() ?? '';
      if (attributeOf(node, 'src') === undefined && EXECUTABLE_SCRIPT_TYPES.has(type)) {
        found.scripts.push(text());
      }
    } else if (node.tagName === 'style') {
      found.styles.push(text());
    }
  }
  return found;
}

export type InlineHashes = { scriptHashes: string[]; styleHashes: string[] };

/**
 * The hashes of all inline code in the given pages. Throws, naming the file, on inline
 * code no hash can allow.
 */
export function inlineHashesOf(pages: Iterable<{ file: string; html: string }>): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const { file, html } of pages) {
    const code = inlineCodeOf(html);
    if (code.forbidden.length > 0) {
      throw new Error(
        `${file}: inline event handlers and javascript: URLs cannot pass the Content-Security-Policy; move the code into a script: ${code.forbidden.join(', ')}`,
      );
    }
    code.scripts.forEach((text) => scripts.add(sha256Source(text)));
    code.styles.forEach((text) => styles.add(sha256Source(text)));
  }
  return { scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort() };
}

/** Reads the hashes back from a Content-Security-Policy value. */
export function hashesInPolicy(policy: string): InlineHashes {
  const hashes = (directive: string) => {
    const part = policy.split(';').find((item) => item.trim().startsWith(`${directive} `)) ?? '';
    return [...part.matchAll(/'(sha256-[A-Za-z0-9+/=]+)'/g)].map((match) => match[1] ?? '');
  };
  return { scriptHashes: hashes('script-src'), styleHashes: hashes('style-src') };
}
