/**
 * A serving guide's curl block that calls this machine, with a Try it button under it
 * that opens a console to send the same request from the page to the reader's own model
 * server. The request is the block's, read when the page was compiled
 * (src/plugins/code-highlight/curl.ts); the console's code loads when the reader
 * reaches for the button (pointer, focus or press).
 */
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type { ApiRequest } from '@site/src/shared/api-request';
import type { ChatConsoleProps } from '../RequestConsole/ChatConsole';
import styles from './styles.module.css';

let consoleModule: Promise<typeof import('../RequestConsole/ChatConsole')> | null = null;

function loadConsole() {
  consoleModule ??= import(/* webpackChunkName: "chat-console" */ '../RequestConsole/ChatConsole').catch(
    (error: unknown) => {
      consoleModule = null;
      throw error;
    },
  );
  return consoleModule;
}

export default function CurlTryIt({ request, children }: { request: ApiRequest; children: ReactNode }): ReactNode {
  const hydrated = useIsBrowser();
  const [Console, setConsole] = useState<ComponentType<ChatConsoleProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const preload = () => {
    loadConsole().catch(() => undefined);
  };
  return (
    <div className={styles.block} data-curl-try-it="">
      {children}
      <div className={styles.bar} data-pagefind-ignore="">
        <button
          ref={button}
          type="button"
          className="button button--primary button--sm"
          disabled={!hydrated}
          aria-expanded={open}
          data-curl-try-it-button=""
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            if (open) {
              close();
              return;
            }
            setFailed(false);
            loadConsole()
              .then((module) => {
                setConsole(() => module.default);
                setOpen(true);
              })
              .catch(() => setFailed(true));
          }}
        >
          Try it
        </button>
        <span className={styles.note} role="status">
          {failed
            ? 'The console could not be loaded. Check your connection and press Try it again.'
            : 'Send this request to your own server from the page.'}
        </span>
      </div>
      {open && Console ? <Console request={request} onClose={close} /> : null}
    </div>
  );
}
