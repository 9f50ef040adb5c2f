/**
 * The page-actions button beside a page's title (on narrow screens an icon on the
 * breadcrumb line, so that the title keeps the column's width): copy the page as
 * Markdown, view its Markdown twin, open it in an assistant, or add the docs MCP
 * server to an editor. Only the button and the status line are in the page's first
 * load; the menu, its texts, the clipboard code and the keyboard handling load when
 * the reader reaches for the button (pointer, focus or touch).
 */
import { useCallback, useId, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';

import { markdownTwinPath } from './links';
import type { InitialFocus, PageActionsMenuProps, StatusMessage } from './Menu';
import styles from './styles.module.css';

// The bundler's import() loads the chunk once, and again after a failed load.
const loadMenu = () => import(/* webpackChunkName: "page-actions-menu" */ './Menu');
const preloadMenu = () => void loadMenu().catch(() => undefined);

const MENU_FAILED: StatusMessage = { text: 'The page actions could not be loaded.', failed: true, offersTwin: true };

/** How long a confirmation stays; a failure stays until dismissed, with what to do instead. */
const CONFIRMATION_MS = 6000;

export default function PageActions({ permalink }: { permalink: string }): ReactNode {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const statusTimer = useRef<number | undefined>(undefined);
  // Open once its code is here: the button never names a menu that is not in the page.
  const [menu, setMenu] = useState<{ Menu: ComponentType<PageActionsMenuProps>; focus: InitialFocus } | null>(null);
  const [status, setStatus] = useState<StatusMessage | null>(null);

  const showStatus = useCallback((next: StatusMessage | null) => {
    window.clearTimeout(statusTimer.current);
    setStatus(next);
    if (next && !next.failed) {
      statusTimer.current = window.setTimeout(() => setStatus(null), CONFIRMATION_MS);
    }
  }, []);

  const open = (focus: InitialFocus) => {
    showStatus(null);
    loadMenu().then(
      (module) => setMenu({ Menu: module.default, focus }),
      () => showStatus(MENU_FAILED),
    );
  };

  const close = useCallback((returnFocus: boolean) => {
    setMenu(null);
    if (returnFocus) {
      buttonRef.current?.focus();
    }
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && menu) {
      close(true);
    }
  };

  return (
    <div className={styles.pageActions}>
      <button
        type="button"
        id={buttonId}
        ref={buttonRef}
        className={styles.trigger}
        // The name on narrow screens too, where only the icon shows.
        aria-label="Page actions"
        aria-haspopup="menu"
        aria-expanded={menu !== null}
        aria-controls={menu ? menuId : undefined}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onTouchStart={preloadMenu}
        onKeyDown={onKeyDown}
        onClick={() => (menu ? close(false) : open('first'))}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5M9 13h6M9 17h4" />
        </svg>
        <span className={styles.label}>Page actions</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {menu ? (
        <menu.Menu
          id={menuId}
          labelledBy={buttonId}
          permalink={permalink}
          initialFocus={menu.focus}
          onClose={close}
          onCopy={(message) => void message.then(showStatus)}
        />
      ) : null}
      <div role="status" className={styles.statusRegion}>
        {status ? (
          <p className={styles.status} data-status={status.failed ? 'failed' : 'copied'}>
            {status.text}
            {status.offersTwin ? (
              <>
                {' '}
                <a href={markdownTwinPath(permalink)}>View as Markdown</a>
              </>
            ) : null}
            {status.failed ? (
              <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => showStatus(null)}>
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
