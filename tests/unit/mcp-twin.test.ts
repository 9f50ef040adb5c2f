import { describe, expect, it } from 'vitest';

import { checkTwin, HeadingIds } from '@rubra/twin-reader';

describe('heading anchors', () => {
  it('numbers a repeated slug within a page, leaving explicit ids out of the count', () => {
    const ids = new HeadingIds();
    const anchors = [['Example'], ['Example', 'own'], ['Example'], ['Example 1'], ['Example']].map(
      ([text = '', given]) => ids.next(text, given),
    );
    expect(anchors).toEqual(['example', 'own', 'example-1', 'example-1-1', 'example-2']);
  });
});

describe('checkTwin', () => {
  it('accepts a twin, with Windows line ends and leading blank lines', () => {
    expect(() => checkTwin('\r\n# Page\r\nIntro.\r\n## Next\r\nMore.\r\n', 'page.md')).not.toThrow();
  });

  it('rejects a file without a "# Title" first line, naming the file and what it found', () => {
    expect(() => checkTwin('<!DOCTYPE html><html></html>', 'https://docs.example.test/x.md')).toThrow(
      new Error(
        'https://docs.example.test/x.md is not a page\'s Markdown twin: it must start with a "# Title" line, but it starts with "<!DOCTYPE html><html></html>".',
      ),
    );
    expect(() => checkTwin('## Only a section', 'y.md')).toThrow(/y\.md .* starts with "## Only a section"/);
    expect(() => checkTwin(' \n', 'z.md')).toThrow(/z\.md .* it is empty/);
  });
});
