/**
 * A serving guide's curl block that calls this machine, with a Try it button under it
 * that opens a console to send the same request from the page to the reader's own model
 * server. The request is the block's, read when the page was compiled
 * (src/plugins/code-highlight/curl.ts); the console's code loads when the reader
 * reaches for the button (pointer, focus or press).
 */
import type { ReactNode } from 'react';

import type { ApiRequest } from '@site/src/shared/api-request';
import { loadOnce } from '../../shared/load-once';
import { useLoadOnIntent } from '../LoadOnIntent';
import styles from './styles.module.css';

const loadConsole = loadOnce(() => import(/* webpackChunkName: "chat-console" */ '../RequestConsole/ChatConsole'));

export default function CurlTryIt({ request, children }: { request: ApiRequest; children: ReactNode }): ReactNode {
  const { buttonProps, failed, close, Open } = useLoadOnIntent(loadConsole);
  return (
    <div className={styles.block} data-curl-try-it="">
      {children}
      <div className={styles.bar} data-pagefind-ignore="">
        <button {...buttonProps} className="button button--primary button--sm" data-curl-try-it-button="">
          Try it
        </button>
        <span className={styles.note} role="status">
          {failed
            ? 'The console could not be loaded. Check your connection and press Try it again.'
            : 'Send this request to your own server from the page.'}
        </span>
      </div>
      {Open ? <Open request={request} onClose={close} /> : null}
    </div>
  );
}
