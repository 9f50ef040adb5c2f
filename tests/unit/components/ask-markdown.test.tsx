import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { page } from '../../support/dom';

import Markdown from '@site/src/components/AskDocs/Markdown';

const SITE = 'https://docs.example.org';

function answer(text: string): HTMLElement {
  return render(<Markdown text={text} siteUrl={SITE} />).container;
}

describe('an answer rendered from Markdown', () => {
  it('renders a GitHub table with its header, rows and alignment', () => {
    answer('Sizes:\n\n| Model | Parameters |\n| :-- | --: |\n| Llama-3 | 8B |\n| Phi-3 | 3.8B |\n');
    const table = page().getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Model', 'Parameters']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Llama-3', '8B'],
      ['Phi-3', '3.8B'],
    ]);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[1]).toHaveStyle({ textAlign: 'right' });
  });

  it('renders lists, emphasis, code and code blocks', () => {
    const root = answer('1. **Start** the server\n2. Run `curl`\n\n```bash\nllama-server --jinja\n```\n');
    const items = page().getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Start the server', 'Run curl']);
    expect(root.querySelector('ol strong')?.textContent).toBe('Start');
    expect(root.querySelector('li code')?.textContent).toBe('curl');
    expect(root.querySelector('pre code')?.textContent).toBe('llama-server --jinja');
  });

  it("links to this site's pages only; another address shows as text", () => {
    answer(`See [vLLM](/inference/vllm#start-the-server), [FAQ](${SITE}/faq) and [a trap](javascript:alert(1)).`);
    expect(page().getByRole('link', { name: 'vLLM' })).toHaveAttribute('href', '/inference/vllm#start-the-server');
    expect(page().getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(page().queryByRole('link', { name: 'a trap' })).toBeNull();
    expect(page().getByText(/a trap \(javascript:alert\(1\)\)/)).toBeInTheDocument();
  });

  it('shows raw HTML as text and never runs it', () => {
    const root = answer('<script>window.ran = true</script>\n\nText with <img src=x onerror="window.ran = true">.');
    expect(root.querySelector('script, img')).toBeNull();
    expect(root.textContent).toContain('<script>window.ran = true</script>');
    expect(root.textContent).toContain('<img src=x onerror="window.ran = true">');
  });
});
