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
import styles from './Menu.module.css';
import triggerStyles from './styles.module.css';

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

interface ItemProps {
  icon: string;
  children: ReactNode;
  hint?: string;
  /** A link item's target; without one, the item is a button. */
  href?: string;
  newTab?: boolean;
  onClick: () => void;
}

function Item({ icon, children, hint, href, newTab, onClick }: ItemProps) {
  const Tag = href === undefined ? 'button' : 'a';
  return (
    <li role="none">
      <Tag
        type={href === undefined ? 'button' : undefined}
        role="menuitem"
        tabIndex={-1}
        className={styles.item}
        href={href}
        target={newTab ? '_blank' : undefined}
        rel={newTab ? 'noopener noreferrer' : undefined}
        onClick={onClick}
      >
        {/* Its meaning is always in the item's text, so the icon is hidden from screen readers. */}
        <svg className={triggerStyles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d={icon} />
        </svg>
        {children}
        {hint === undefined ? null : <span className={styles.hint}>{hint}</span>}
        {newTab ? <span className={triggerStyles.srOnly}> (opens in a new tab)</span> : null}
      </Tag>
    </li>
  );
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
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        moveTo(current - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(all.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        break;
      case ' ':
        // Space activates a link item too, as it does a button item.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        break;
    }
  };

  /** An item that puts a text on the clipboard closes the menu and reports in the status line. */
  const copy = (message: () => Promise<StatusMessage>) => () => {
    onCopy(message());
    onClose(true);
  };
  const follow = () => onClose(false);

  return (
    <ul id={id} role="menu" aria-labelledby={labelledBy} className={styles.menu} ref={menuRef} onKeyDown={onKeyDown}>
      <Item
        icon={COPY_ICON}
        hint="as Markdown"
        onClick={copy(() => statusOf(copyTwin(twinPath), 'Copied the page as Markdown.', true))}
      >
        Copy page
      </Item>
      <Item icon={MARKDOWN_ICON} href={twinPath} onClick={follow}>
        View as Markdown
      </Item>
      {assistantLinks(permalink).map(({ name, href }) => (
        <Item key={name} icon={NEW_TAB_ICON} href={href} newTab onClick={follow}>
          Open in {name}
        </Item>
      ))}
      {mcpInstallLinks().map(({ editor, href }) => (
        <Item key={editor} icon={PLUG_ICON} hint="MCP server" href={href} onClick={follow}>
          Add to {editor}
        </Item>
      ))}
      <Item
        icon={COPY_ICON}
        hint="JSON"
        onClick={copy(() => statusOf(copyText(mcpServersJson()), 'Copied the MCP server config.', false))}
      >
        Copy MCP server config
      </Item>
      <Item
        icon={TERMINAL_ICON}
        hint="claude mcp add"
        onClick={copy(() => statusOf(copyText(claudeCodeCommand()), 'Copied the claude mcp add command.', false))}
      >
        Copy Claude Code command
      </Item>
    </ul>
  );
}
