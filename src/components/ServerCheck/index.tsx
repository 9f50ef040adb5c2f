/**
 * The serving guides' "Check your server" button: its panel's code (./Panel, and the
 * client's checks) loads when the reader reaches for the button (pointer, focus or
 * press), so the guide itself carries only this button. Ask AI's settings host the
 * panel directly.
 */
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type { Guide } from '@site/src/client/check';
import styles from '../CurlTryIt/styles.module.css';
import type { ServerCheckProps } from './Panel';

let panelModule: Promise<typeof import('./Panel')> | null = null;

function loadPanel() {
  panelModule ??= import(/* webpackChunkName: "server-check" */ './Panel').catch((error: unknown) => {
    panelModule = null;
    throw error;
  });
  return panelModule;
}

export default function ServerCheckButton({ guide }: { guide: Guide }): ReactNode {
  const hydrated = useIsBrowser();
  const [Panel, setPanel] = useState<ComponentType<ServerCheckProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const preload = () => {
    loadPanel().catch(() => undefined);
  };
  return (
    <div className={styles.block} data-pagefind-ignore="">
      <div className={styles.bar}>
        <button
          ref={button}
          type="button"
          className="button button--primary button--sm"
          disabled={!hydrated}
          aria-expanded={open}
          data-server-check-button=""
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            if (open) {
              close();
              return;
            }
            setFailed(false);
            loadPanel()
              .then((module) => {
                setPanel(() => module.default);
                setOpen(true);
              })
              .catch(() => setFailed(true));
          }}
        >
          Check your server
        </button>
        <span className={styles.note} role="status">
          {failed
            ? 'The check could not be loaded. Check your connection and press Check your server again.'
            : 'Test your own server for tool calls from this page, step by step.'}
        </span>
      </div>
      {open && Panel ? <Panel guide={guide} onClose={close} /> : null}
    </div>
  );
}
