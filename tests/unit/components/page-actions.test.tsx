import { cleanup, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { page } from '../../support/dom';

import PageActions from '@site/src/components/PageActions';

const TWIN = '# Llama\n\nThe twin of the page.\n';

function trigger(): HTMLElement {
  return page().getByRole('button', { name: 'Page actions' });
}

async function openMenu(key: string): Promise<HTMLElement[]> {
  trigger().focus();
  await user.keyboard(key);
  const menu = await page().findByRole('menu', { name: 'Page actions' });
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}

// The menu's code arrives on demand; loaded once here, so that no test waits on the first import.
beforeAll(async () => {
  await import('@site/src/components/PageActions/Menu');
});

/** Keys go through one user per test: user-event's direct calls keep state across this file's documents. */
let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  user = userEvent.setup();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(TWIN, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } })),
  );
  render(<PageActions permalink="/models/llama" />);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the page-actions menu from the keyboard', () => {
  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['ArrowDown', '{ArrowDown}'],
  ])('%s opens the menu on its first item and names it as controlled', async (_, key) => {
    const items = await openMenu(key);
    await waitFor(() => expect(items[0]).toHaveFocus());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', page().getByRole('menu').id);
  });

  it('ArrowUp opens the menu on its last item', async () => {
    const items = await openMenu('{ArrowUp}');
    expect(items.at(-1)).toHaveFocus();
  });

  it('lists the actions in order', async () => {
    const items = await openMenu('{Enter}');
    expect(items.map((item) => item.getAttribute('aria-label') ?? item.textContent)).toEqual([
      'Copy pageas Markdown',
      'View as Markdown',
      'Open in ChatGPT (opens in a new tab)',
      'Open in Claude (opens in a new tab)',
      'Add to CursorMCP server',
      'Add to VS CodeMCP server',
      'Add to VS Code InsidersMCP server',
      'Copy MCP server configJSON',
      'Copy Claude Code commandclaude mcp add',
    ]);
    expect(page().getByRole('menuitem', { name: 'View as Markdown' })).toHaveAttribute('href', '/models/llama.md');
  });

  it('arrows, Home and End move through the items, wrapping at the ends', async () => {
    const items = await openMenu('{Enter}');
    const last = items.length - 1;
    for (const [key, index] of [
      ['{ArrowDown}', 1],
      ['{ArrowDown}', 2],
      ['{ArrowUp}', 1],
      ['{End}', last],
      ['{ArrowDown}', 0],
      ['{ArrowUp}', last],
      ['{Home}', 0],
    ] as const) {
      await user.keyboard(key);
      expect(items[index], key).toHaveFocus();
    }
  });

  it('Escape closes the menu and gives focus back to the button', async () => {
    await openMenu('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(page().queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveFocus();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Tab closes the menu and lets focus move on', async () => {
    await openMenu('{Enter}');
    await user.tab();
    expect(page().queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the page-actions menu with a pointer', () => {
  it('a click opens it, a second click closes it, and a press outside closes it', async () => {
    await user.click(trigger());
    expect(page().getByRole('menu')).toBeInTheDocument();
    await user.click(trigger());
    expect(page().queryByRole('menu')).toBeNull();
    await user.click(trigger());
    await page().findByRole('menu');
    await user.click(document.body);
    expect(page().queryByRole('menu')).toBeNull();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Copy page', () => {
  it('copies the twin and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(trigger());
    await user.click(await page().findByRole('menuitem', { name: /^Copy page/ }));
    await waitFor(() => expect(page().getByRole('status')).toHaveTextContent('Copied the page as Markdown.'));
    expect(writeText).toHaveBeenCalledWith(TWIN);
    expect(trigger()).toHaveFocus();
  });

  it('a refused write says so, offers the twin and can be dismissed', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied.', 'NotAllowedError'));
    await user.click(trigger());
    await user.click(await page().findByRole('menuitem', { name: /^Copy page/ }));
    const status = page().getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Your browser did not allow copying to the clipboard.'));
    expect(status).not.toHaveTextContent('Copied');
    expect(page().getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/models/llama.md');
    await user.click(page().getByRole('button', { name: 'Dismiss' }));
    expect(status).toBeEmptyDOMElement();
  });

  it('a browser without the clipboard API gets the same offer, from the keyboard', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
    await openMenu('{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(page().getByRole('status')).toHaveTextContent('Your browser did not allow copying to the clipboard.'),
    );
    expect(page().getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/models/llama.md');
  });

  it('a twin that does not load says so', async () => {
    // Another page: a twin once fetched is kept for the page view.
    cleanup();
    render(<PageActions permalink="/faq" />);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    await user.click(trigger());
    await user.click(await page().findByRole('menuitem', { name: /^Copy page/ }));
    await waitFor(() =>
      expect(page().getByRole('status')).toHaveTextContent('The Markdown version of this page could not be loaded.'),
    );
  });
});
