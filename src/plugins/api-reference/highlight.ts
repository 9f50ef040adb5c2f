import type { ApiReference } from '../../plugins-lib/api-reference';
import type { CodeHighlighter } from '../../plugins-lib/highlight';

/**
 * Highlights every page's code samples and examples, beside their text, so the pages
 * show them in colour without a highlighter in the browser.
 */
export function highlightApiCode(reference: ApiReference, highlight: CodeHighlighter['highlight']): void {
  for (const page of reference.pages) {
    for (const sample of page.samples) {
      sample.highlighted = highlight(sample.code, { language: sample.language });
    }
    const body = page.requestBody;
    if (body?.example !== undefined) {
      body.highlightedExample = highlight(body.example, { language: 'json' });
    }
    for (const response of page.responses) {
      if (response.example !== undefined) {
        // As JSON when the content type says so, else as text.
        const language = response.contentType?.includes('json') ? 'json' : 'text';
        response.highlightedExample = highlight(response.example, { language });
      }
    }
  }
}

/**
 * `JSON.stringify` replacer for the page data the browser loads: a sample's code and an
 * example's text are left out where their highlighted form carries the same text.
 */
export function withoutHighlightedText(this: unknown, key: string, value: unknown): unknown {
  const holder = this as Record<string, unknown>;
  const highlighted = key === 'code' ? holder.highlighted : key === 'example' ? holder.highlightedExample : undefined;
  return highlighted === undefined ? value : undefined;
}
