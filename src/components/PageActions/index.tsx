/**
 * The page-actions button beside a page's title (on narrow screens an icon on the
 * breadcrumb line, so that the title keeps the column's width): copy the page as
 * Markdown, view its Markdown twin, open it in an assistant, or add the docs MCP
 * server to an editor. Only the button and the status line are in the page's first
 * load; the menu, its texts, the clipboard code and the keyboard handling load when
 * the reader reaches for the button (pointer, touch included, or focus).
 */
import clsx from 'clsx';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { markdownTwinPath } from './links';
import type { StatusMessage } from './copy';
import styles from './styles.module.css';

// The bundler's import() loads the chunk once, and again after a failed load.
const loadMenu = () => import(/* webpackChunkName: "page-actions-menu" */ './Menu');
const preloadMenu = () => void loadMenu().catch(() => undefined);

export default function PageActions({ permalink }: { permalink: string }): ReactNode {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Open once its code is here: the button never names a menu that is not in the page.
  const [menu, setMenu] = useState<{ Menu: typeof import('./Menu').default; focusLast: boolean } | null>(null);
  const [status, setStatus] = useState<StatusMessage | null>(null);

  // A confirmation stays 6 s; a failure stays until dismissed, with what to do instead.
  useEffect(() => {
    if (status && !status.failed) {
      const timer = window.setTimeout(() => setStatus(null), 6000);
      return () => window.clearTimeout(timer);
    }
  }, [status]);

  const open = (focusLast: boolean) => {
    setStatus(null);
    loadMenu().then(
      (module) => setMenu({ Menu: module.default, focusLast }),
      () => setStatus({ text: 'The page actions could not be loaded.', failed: true, offersTwin: true }),
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
      open(event.key === 'ArrowUp');
    }
  };

  return (
    <div className={clsx('dropdown dropdown--right', menu && 'dropdown--show', styles.pageActions)}>
      <button
        type="button"
        id={`${id}-button`}
        ref={buttonRef}
        className={clsx('button button--secondary', menu && 'button--active', styles.trigger)}
        // The name on narrow screens too, where only the icon shows.
        aria-label="Page actions"
        aria-haspopup="menu"
        aria-expanded={menu !== null}
        aria-controls={menu ? id : undefined}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onKeyDown={onKeyDown}
        onClick={() => (menu ? close(false) : open(false))}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4" />
        </svg>
        <span>Page actions</span>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {menu ? (
        <menu.Menu
          id={id}
          permalink={permalink}
          focusLast={menu.focusLast}
          onClose={close}
          onCopy={(message) => void message.then(setStatus)}
        />
      ) : null}
      <div role="status" className={styles.statusRegion}>
        {status ? (
          <p className={clsx('alert', status.failed ? 'alert--danger' : 'alert--success', styles.status)}>
            {status.text}
            {status.offersTwin ? (
              <>
                {' '}
                <a href={markdownTwinPath(permalink)}>View as Markdown</a>
              </>
            ) : null}
            {status.failed ? (
              <button type="button" className="clean-btn" aria-label="Dismiss" onClick={() => setStatus(null)}>
                ×
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
