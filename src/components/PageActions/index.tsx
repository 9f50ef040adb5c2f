/**
 * The page-actions button beside a page's title (on narrow screens an icon on the
 * breadcrumb line, so that the title keeps the column's width): copy the page as Markdown, view
 * its Markdown twin, or open it in an assistant. Only the button and the status
 * line are in the page's first load; the menu, the clipboard code and the keyboard
 * handling load when the reader reaches for the button (pointer, focus or touch).
 */
import { useCallback, useId, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';

import type { CopyOutcome } from './copy';
import { markdownTwinPath } from './links';
import type { InitialFocus, PageActionsMenuProps } from './Menu';
import styles from './styles.module.css';

type MenuModule = typeof import('./Menu');

let menuModule: Promise<MenuModule> | null = null;

function loadMenu(): Promise<MenuModule> {
  menuModule ??= import(/* webpackChunkName: "page-actions-menu" */ './Menu').catch((error: unknown) => {
    menuModule = null;
    throw error;
  });
  return menuModule;
}

function preloadMenu(): void {
  loadMenu().catch(() => undefined);
}

type Status = CopyOutcome | 'menu-failed';

const STATUS_TEXT: Record<Status, string> = {
  copied: 'Copied the page as Markdown.',
  refused: 'Your browser did not allow copying to the clipboard.',
  'twin-failed': 'The Markdown version of this page could not be loaded.',
  'menu-failed': 'The page actions could not be loaded.',
};

/** How long the confirmation stays; a failure stays, since it offers a link. */
const CONFIRMATION_MS = 6000;

function DocumentIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </svg>
  );
}

export default function PageActions({ permalink }: { permalink: string }): ReactNode {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const statusTimer = useRef<number | undefined>(undefined);
  const [Menu, setMenu] = useState<ComponentType<PageActionsMenuProps> | null>(null);
  const [openWith, setOpenWith] = useState<InitialFocus | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  const showStatus = useCallback((next: Status | null) => {
    window.clearTimeout(statusTimer.current);
    setStatus(next);
    if (next === 'copied') {
      statusTimer.current = window.setTimeout(() => setStatus(null), CONFIRMATION_MS);
    }
  }, []);

  const open = (focus: InitialFocus) => {
    showStatus(null);
    setOpenWith(focus);
    loadMenu()
      .then((module) => setMenu(() => module.default))
      .catch(() => {
        setOpenWith(null);
        showStatus('menu-failed');
      });
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpenWith(null);
    if (returnFocus) {
      buttonRef.current?.focus();
    }
  }, []);

  const onCopy = useCallback(
    (outcome: Promise<CopyOutcome>) => {
      outcome.then(showStatus, () => showStatus('refused'));
    },
    [showStatus],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && openWith) {
      close(true);
    }
  };

  const isOpen = openWith !== null;
  const showsLink = status !== null && status !== 'copied';

  return (
    <div className={styles.pageActions} ref={containerRef}>
      <button
        type="button"
        id={buttonId}
        ref={buttonRef}
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onTouchStart={preloadMenu}
        onKeyDown={onKeyDown}
        onClick={() => (isOpen ? close(false) : open('first'))}
      >
        <DocumentIcon />
        <span className={styles.label}>Page actions</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {isOpen && Menu ? (
        <Menu
          id={menuId}
          labelledBy={buttonId}
          permalink={permalink}
          initialFocus={openWith}
          containerRef={containerRef}
          onClose={close}
          onCopy={onCopy}
        />
      ) : null}
      <div role="status" className={styles.statusRegion}>
        {status ? (
          <p className={styles.status} data-status={status}>
            {STATUS_TEXT[status]}
            {showsLink ? (
              <>
                {' '}
                <a href={markdownTwinPath(permalink)}>View as Markdown</a>
                <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => showStatus(null)}>
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </button>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
