/**
 * The open page-actions menu: loaded on demand by the trigger, so none of this is
 * in a page's first load. Keyboard behaviour follows the WAI-ARIA menu button
 * pattern: arrows, Home and End move, Escape closes and returns focus to the
 * button, Tab closes and lets focus move on.
 */
import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { claudeCodeCommand, mcpInstallLinks, mcpServersJson } from '@site/src/shared/mcp-install';

import { copyAs, copyTwin, fetchTwin, type StatusMessage } from './copy';
import { assistantLinks, markdownTwinPath } from './links';
import styles from './styles.module.css';

interface MenuProps {
  /** The menu's id, which its button's id starts with. */
  id: string;
  permalink: string;
  focusLast: boolean;
  onClose: (returnFocus: boolean) => void;
  onCopy: (message: Promise<StatusMessage>) => void;
}

/** A link to follow (another site's in a new tab), or a text to put on the clipboard that the status line reports on. */
interface Action {
  label: string;
  hint?: string;
  href?: string;
  copy?: () => Promise<StatusMessage>;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

export default function PageActionsMenu({ id, permalink, focusLast, onClose, onCopy }: MenuProps): ReactNode {
  const menuRef = useRef<HTMLUListElement>(null);
  const twinPath = markdownTwinPath(permalink);

  useEffect(() => {
    const all = menuItems(menuRef.current);
    (focusLast ? all.at(-1) : all[0])?.focus();
    // Fetched while the reader picks an item, so that Copy page can write at once.
    fetchTwin(twinPath).catch(() => undefined);
    const onPointerDown = (event: PointerEvent) => {
      // The menu's parent holds the button too: a press outside both closes the menu.
      if (!menuRef.current?.parentElement?.contains(event.target as Node)) {
        onClose(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [focusLast, twinPath, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems(menuRef.current);
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: all.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      all[(target + all.length) % all.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose(false);
    } else if (event.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // Space activates a link item too, as it does a button item.
      event.preventDefault();
      document.activeElement.click();
    }
  };

  const actions: Action[] = [
    {
      label: 'Copy page',
      hint: 'as Markdown',
      copy: () => copyTwin(twinPath),
    },
    { label: 'View as Markdown', href: twinPath },
    ...assistantLinks(permalink).map(({ name, href }) => ({
      label: `Open in ${name}`,
      href,
    })),
    ...mcpInstallLinks().map(({ editor, href }) => ({
      label: `Add to ${editor}`,
      hint: 'MCP server',
      href,
    })),
    {
      label: 'Copy MCP server config',
      hint: 'JSON',
      copy: () => copyAs(mcpServersJson(), 'Copied the MCP server config.'),
    },
    {
      label: 'Copy Claude Code command',
      hint: 'claude mcp add',
      copy: () => copyAs(claudeCodeCommand(), 'Copied the claude mcp add command.'),
    },
  ];

  return (
    <ul
      id={id}
      role="menu"
      aria-labelledby={`${id}-button`}
      className="dropdown__menu"
      ref={menuRef}
      onKeyDown={onKeyDown}
    >
      {actions.map(({ label, hint, href, copy }) => {
        const Tag = href === undefined ? 'button' : 'a';
        const newTab = href?.startsWith('https:');
        return (
          <li key={label} role="none">
            <Tag
              type={href === undefined ? 'button' : undefined}
              role="menuitem"
              tabIndex={-1}
              className={clsx('dropdown__link clean-btn', styles.item)}
              href={href}
              target={newTab ? '_blank' : undefined}
              rel={newTab ? 'noopener noreferrer' : undefined}
              aria-label={newTab ? `${label} (opens in a new tab)` : undefined}
              // A copy reports in the status line and gives focus back to the button; a link lets the page go.
              onClick={() => {
                if (copy) {
                  onCopy(copy());
                }
                onClose(copy !== undefined);
              }}
            >
              {label}
              {hint === undefined ? null : <span className={styles.hint}>{hint}</span>}
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}
