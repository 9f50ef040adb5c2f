/**
 * The open page-actions menu: loaded on demand by the trigger, so none of this is
 * in a page's first load. Keyboard behaviour follows the WAI-ARIA menu button
 * pattern: arrows, Home and End move, Escape closes and returns focus to the
 * button, Tab closes and lets focus move on.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { claudeCodeCommand, mcpInstallLinks, mcpServersJson } from '@site/src/shared/mcp-install';

import { copyText, copyTwin, fetchTwin, type CopyOutcome } from './copy';
import { assistantLinks, markdownTwinPath } from './links';
import styles from './styles.module.css';

export type InitialFocus = 'first' | 'last';

/** The status line under the button: a confirmation fades, a failure stays. */
export interface StatusMessage {
  text: string;
  failed: boolean;
  /** A failure about this page offers its Markdown twin instead. */
  offersTwin: boolean;
}

const FAILURES = {
  refused: 'Your browser did not allow copying to the clipboard.',
  'twin-failed': 'The Markdown version of this page could not be loaded.',
};

/** Words for what a copy request came to; `copied` names what is now on the clipboard. */
async function statusOf(outcome: Promise<CopyOutcome>, copied: string, offersTwin: boolean): Promise<StatusMessage> {
  const result = await outcome;
  return result === 'copied'
    ? { text: copied, failed: false, offersTwin: false }
    : { text: FAILURES[result], failed: true, offersTwin };
}

export interface PageActionsMenuProps {
  id: string;
  labelledBy: string;
  permalink: string;
  initialFocus: InitialFocus;
  onClose: (returnFocus: boolean) => void;
  onCopy: (message: Promise<StatusMessage>) => void;
}

const COPY_ICON =
  'M8 10a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2zM16 8V5a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h2';
const MARKDOWN_ICON =
  'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM6 15V9l3 3 3-3v6M16 9v6m-2.5-2.5L16 15l2.5-2.5';
const NEW_TAB_ICON = 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5';
const PLUG_ICON = 'M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4';
const TERMINAL_ICON = 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM7 10l3 2-3 2M12 15h5';

/** A link to follow, or a text to put on the clipboard that the status line then reports on. */
interface Action {
  icon: string;
  label: string;
  hint?: string;
  href?: string;
  newTab?: boolean;
  copy?: () => Promise<StatusMessage>;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

export default function PageActionsMenu({
  id,
  labelledBy,
  permalink,
  initialFocus,
  onClose,
  onCopy,
}: PageActionsMenuProps): ReactNode {
  const menuRef = useRef<HTMLUListElement>(null);
  const twinPath = markdownTwinPath(permalink);

  useEffect(() => {
    const all = menuItems(menuRef.current);
    (initialFocus === 'first' ? all[0] : all.at(-1))?.focus();
    // Fetched while the reader picks an item, so that Copy page can write at once.
    fetchTwin(twinPath).catch(() => undefined);
  }, [initialFocus, twinPath]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      // The menu's parent holds the button too: a press outside both closes the menu.
      if (!menuRef.current?.parentElement?.contains(event.target as Node)) {
        onClose(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

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
      icon: COPY_ICON,
      label: 'Copy page',
      hint: 'as Markdown',
      copy: () => statusOf(copyTwin(twinPath), 'Copied the page as Markdown.', true),
    },
    { icon: MARKDOWN_ICON, label: 'View as Markdown', href: twinPath },
    ...assistantLinks(permalink).map(({ name, href }) => ({
      icon: NEW_TAB_ICON,
      label: `Open in ${name}`,
      href,
      newTab: true,
    })),
    ...mcpInstallLinks().map(({ editor, href }) => ({
      icon: PLUG_ICON,
      label: `Add to ${editor}`,
      hint: 'MCP server',
      href,
    })),
    {
      icon: COPY_ICON,
      label: 'Copy MCP server config',
      hint: 'JSON',
      copy: () => statusOf(copyText(mcpServersJson()), 'Copied the MCP server config.', false),
    },
    {
      icon: TERMINAL_ICON,
      label: 'Copy Claude Code command',
      hint: 'claude mcp add',
      copy: () => statusOf(copyText(claudeCodeCommand()), 'Copied the claude mcp add command.', false),
    },
  ];

  return (
    <ul id={id} role="menu" aria-labelledby={labelledBy} className={styles.menu} ref={menuRef} onKeyDown={onKeyDown}>
      {actions.map(({ icon, label, hint, href, newTab, copy }) => {
        const Tag = href === undefined ? 'button' : 'a';
        return (
          <li key={label} role="none">
            <Tag
              type={href === undefined ? 'button' : undefined}
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              href={href}
              target={newTab ? '_blank' : undefined}
              rel={newTab ? 'noopener noreferrer' : undefined}
              // A copy reports in the status line and gives focus back to the button; a link lets the page go.
              onClick={() => {
                if (copy) {
                  onCopy(copy());
                }
                onClose(copy !== undefined);
              }}
            >
              {/* Its meaning is always in the item's text, so the icon is hidden from screen readers. */}
              <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
                <path d={icon} />
              </svg>
              {label}
              {hint === undefined ? null : <span className={styles.hint}>{hint}</span>}
              {newTab ? <span className={styles.srOnly}> (opens in a new tab)</span> : null}
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}
