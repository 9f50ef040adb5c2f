import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';

import { remarkPrismLanguages } from '@site/src/plugins/prism-languages';

/** The page's MDX after the plugin, as text. */
function transform(mdx: string, grammars: readonly string[] = ['cue', 'docker']): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkMdx)
      .use(remarkPrismLanguages, { grammars })
      .use(remarkStringify)
      .processSync(mdx),
  );
}

const fence = (lang: string, code = 'x') => `\`\`\`${lang}\n${code}\n\`\`\`\n`;

describe('prism-languages remark plugin', () => {
  it('imports a grammar into a page with a code block in its language, once, before the content', () => {
    const out = transform(`# Build\n\n${fence('docker title="Dockerfile"', 'FROM x')}\n${fence('docker')}`);
    expect(out.startsWith('import "prismjs/components/prism-docker";\n')).toBe(true);
    expect(out.match(/import /g)).toHaveLength(1);
    expect(out).toContain('```docker title="Dockerfile"');
  });

  it('recognises a language by its alias', () => {
    expect(transform(fence('dockerfile'))).toContain('import "prismjs/components/prism-docker";');
  });

  it('imports each grammar a page needs', () => {
    const out = transform(`${fence('cue')}\n${fence('docker')}`);
    expect(out).toContain('import "prismjs/components/prism-cue";');
    expect(out).toContain('import "prismjs/components/prism-docker";');
  });

  it('imports a grammar after the grammars it extends', () => {
    const out = transform(fence('php'), ['php']);
    expect(out.indexOf('prism-markup-templating')).toBeGreaterThan(-1);
    expect(out.indexOf('prism-markup-templating')).toBeLessThan(out.indexOf('prism-php"'));
  });

  it('leaves pages alone that show no such code', () => {
    const mdx = `# Run\n\n${fence('python', 'print(1)')}\n${fence('')}\nText.\n`;
    expect(transform(mdx)).not.toContain('import');
  });

  it('fails on a name that is not a Prism language', () => {
    expect(() => transform('', ['dockr'])).toThrow(/"dockr" is not one of Prism's language components/);
  });
});
