/**
 * The open page-actions menu: loaded on demand by the trigger, so none of this is
 * in a page's first load. Keyboard behaviour follows the WAI-ARIA menu button
 * pattern: arrows, Home and End move, Escape closes and returns focus to the
 * button, Tab closes and lets focus move on.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

import { copyTwin, fetchTwin, type CopyOutcome } from './copy';
import { assistantLinks, markdownTwinPath } from './links';
import styles from './Menu.module.css';
import triggerStyles from './styles.module.css';

export type InitialFocus = 'first' | 'last';

export interface PageActionsMenuProps {
  id: string;
  labelledBy: string;
  permalink: string;
  initialFocus: InitialFocus;
  /** The trigger and the menu together: a press outside it closes the menu. */
  containerRef: RefObject<HTMLElement | null>;
  onClose: (returnFocus: boolean) => void;
  onCopy: (outcome: Promise<CopyOutcome>) => void;
}

/** A line icon; its meaning is always in the item's text, so it is hidden from screen readers. */
function Icon({ path }: { path: string }) {
  return (
    <svg className={triggerStyles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const COPY_ICON =
  'M8 10a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2zM16 8V5a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h2';
const MARKDOWN_ICON =
  'M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM6 15V9l3 3 3-3v6M16 9v6m-2.5-2.5L16 15l2.5-2.5';
const NEW_TAB_ICON = 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

export default function PageActionsMenu({
  id,
  labelledBy,
  permalink,
  initialFocus,
  containerRef,
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
      if (!containerRef.current?.contains(event.target as Node)) {
        onClose(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [containerRef, onClose]);

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

  return (
    <ul id={id} role="menu" aria-labelledby={labelledBy} className={styles.menu} ref={menuRef} onKeyDown={onKeyDown}>
      <li role="none">
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={styles.item}
          onClick={() => {
            onCopy(copyTwin(twinPath));
            onClose(true);
          }}
        >
          <Icon path={COPY_ICON} />
          Copy page
          <span className={styles.hint}>as Markdown</span>
        </button>
      </li>
      <li role="none">
        <a role="menuitem" tabIndex={-1} className={styles.item} href={twinPath} onClick={() => onClose(false)}>
          <Icon path={MARKDOWN_ICON} />
          View as Markdown
        </a>
      </li>
      {assistantLinks(permalink).map((assistant) => (
        <li role="none" key={assistant.name}>
          <a
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            href={assistant.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onClose(false)}
          >
            <Icon path={NEW_TAB_ICON} />
            Open in {assistant.name}
            <span className={triggerStyles.srOnly}> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
