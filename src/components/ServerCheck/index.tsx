/**
 * The serving guides' "Check your server" button: its panel's code (./Panel, and the
 * client's checks) loads when the reader reaches for the button, so the guide itself
 * carries only this button. Ask AI's settings carry it too, with their server and model.
 */
import type { ReactNode } from 'react';

import { loadOnce } from '../../shared/load-once';
import styles from '../CurlTryIt/styles.module.css';
import { useLoadOnIntent } from '../LoadOnIntent';
import type { ServerCheckProps } from './Panel';

const loadPanel = loadOnce(() => import(/* webpackChunkName: "server-check" */ './Panel'));

export default function ServerCheckButton(
  props: Omit<ServerCheckProps, 'onClose'> & Pick<Required<ServerCheckProps>, 'guide'>,
): ReactNode {
  const { buttonProps, failed, close, Open } = useLoadOnIntent(loadPanel);
  return (
    <div className={styles.block} data-pagefind-ignore="">
      <div className={styles.bar}>
        <button {...buttonProps} className="button button--primary button--sm" data-server-check-button="">
          Check your server
        </button>
        <span className={styles.note} role="status">
          {failed ? 'The check could not be loaded. Press Check your server again.' : 'From this page.'}
        </span>
      </div>
      {Open ? <Open {...props} onClose={close} /> : null}
    </div>
  );
}
