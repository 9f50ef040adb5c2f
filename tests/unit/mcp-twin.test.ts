import { describe, expect, it } from 'vitest';

import { HeadingIds, MalformedTwinError, parseHeading, parseTwin, slugify } from '@rubra/twin-reader';

describe('heading anchors', () => {
  it('slugs heading text the way github-slugger does', () => {
    expect(slugify('Serve it with llama.cpp')).toBe('serve-it-with-llamacpp');
    expect(slugify('1. Install')).toBe('1-install');
    expect(slugify('What is MT-Bench?')).toBe('what-is-mt-bench');
    expect(slugify('snake_case & Co.')).toBe('snake_case--co');
    expect(slugify('Qualität prüfen')).toBe('qualität-prüfen');
  });

  it('takes an explicit {#id} over the text and reads the visible text of inline Markdown', () => {
    expect(parseHeading('Run it in a container {#container}')).toEqual({
      text: 'Run it in a container',
      explicitId: 'container',
    });
    expect(parseHeading('Serve it with `llama.cpp`')).toEqual({ text: 'Serve it with llama.cpp' });
    expect(parseHeading('The [vLLM fork](https://github.com/example/vllm) and **you**')).toEqual({
      text: 'The vLLM fork and you',
    });
    expect(parseHeading('keep snake_case_names')).toEqual({ text: 'keep snake_case_names' });
  });

  it('numbers a repeated slug within a page, leaving explicit ids out of the count', () => {
    const ids = new HeadingIds();
    const anchors = ['Example', 'Example {#own}', 'Example', 'Example 1', 'Example'].map((heading) => {
      const { text, explicitId } = parseHeading(heading);
      return ids.next(text, explicitId);
    });
    expect(anchors).toEqual(['example', 'own', 'example-1', 'example-1-1', 'example-2']);
  });
});

describe('parseTwin', () => {
  it('splits a twin into its introduction and its h2 and h3 sections', () => {
    const twin = parseTwin(
      [
        '# Serve with vLLM',
        '',
        'The introduction.',
        '',
        '## 1. Install {#install}',
        '',
        'Install text.',
        '',
        '### From source',
        '',
        'Source text.',
        '',
        '#### A detail',
        '',
        'Detail text.',
        '',
        '## Troubleshooting ##',
        'Last words.',
      ].join('\n'),
      'vllm.md',
    );
    expect(twin.title).toBe('Serve with vLLM');
    expect(twin.sections).toEqual([
      { heading: 'Serve with vLLM', level: 1, text: 'The introduction.' },
      { heading: '1. Install', level: 2, anchor: 'install', text: 'Install text.' },
      {
        heading: 'From source',
        level: 3,
        anchor: 'from-source',
        text: 'Source text.\n\n#### A detail\n\nDetail text.',
      },
      { heading: 'Troubleshooting', level: 2, anchor: 'troubleshooting', text: 'Last words.' },
    ]);
  });

  it('never takes a # line inside a fenced code block for a heading', () => {
    const twin = parseTwin(
      [
        '# Page',
        '## Install',
        '```bash title="Install"',
        '# a shell comment',
        '## also a comment',
        '```',
        '````md',
        '```',
        '## still inside the four-backtick fence',
        '````',
        '~~~',
        '### inside a tilde fence',
        '~~~',
        '## After the code',
        'Text.',
      ].join('\n'),
      'page.md',
    );
    expect(twin.sections.map((section) => section.heading)).toEqual(['Page', 'Install', 'After the code']);
    expect(twin.sections[1]?.text).toContain('# a shell comment');
    expect(twin.sections[1]?.text).toContain('### inside a tilde fence');
  });

  it('does not count indented lines or #hashtags as headings', () => {
    const twin = parseTwin('# Page\n\n    ## indented code\n\n#hashtag\n\n## Real', 'page.md');
    expect(twin.sections.map((section) => section.heading)).toEqual(['Page', 'Real']);
  });

  it('gives repeated headings the numbered anchors Docusaurus gives them', () => {
    const twin = parseTwin('# Page\n## Example\n### Example\n## Example {#third}\n## Example', 'page.md');
    expect(twin.sections.slice(1).map((section) => section.anchor)).toEqual([
      'example',
      'example-1',
      'third',
      'example-2',
    ]);
  });

  it('accepts Windows line ends and leading blank lines', () => {
    const twin = parseTwin('\r\n# Page\r\nIntro.\r\n## Next\r\nMore.\r\n', 'page.md');
    expect(twin.sections).toEqual([
      { heading: 'Page', level: 1, text: 'Intro.' },
      { heading: 'Next', level: 2, anchor: 'next', text: 'More.' },
    ]);
  });

  it('rejects a file without a "# Title" first line, naming the file and what it found', () => {
    expect(() => parseTwin('<!DOCTYPE html><html></html>', 'https://docs.example.test/x.md')).toThrow(
      new MalformedTwinError(
        'https://docs.example.test/x.md is not a page\'s Markdown twin: it must start with a "# Title" line, but it starts with "<!DOCTYPE html><html></html>".',
      ),
    );
    expect(() => parseTwin('## Only a section', 'y.md')).toThrow(/y\.md .* starts with "## Only a section"/);
    expect(() => parseTwin(' \n', 'z.md')).toThrow(/z\.md .* it is empty/);
  });
});
