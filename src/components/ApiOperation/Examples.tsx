/**
 * The column beside an operation's reference: the "Try it" button, the console once the
 * reader opens it, the code samples (which follow the console's form while it is open)
 * and the example response. Only the button is in the page's first load: the console's
 * code and its data (the request, the schemas it checks against) are fetched when the
 * reader reaches for the button (pointer, focus or press).
 */
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import clsx from 'clsx';
import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type { ApiCodeSample } from '@site/src/shared/api-request';
import { API_CONSOLE_DIR, type ApiConsoleData, type ApiOperationPage } from '@site/src/shared/api-types';
import type { ApiConsoleProps } from '../RequestConsole/ApiConsole';
import styles from './styles.module.css';

interface Loaded {
  Console: ComponentType<ApiConsoleProps>;
  data: ApiConsoleData;
}

let consoleModule: Promise<typeof import('../RequestConsole/ApiConsole')> | null = null;
const consoleData = new Map<string, Promise<ApiConsoleData>>();

function loadConsole(dataUrl: string): Promise<Loaded> {
  consoleModule ??= import(/* webpackChunkName: "api-console" */ '../RequestConsole/ApiConsole');
  const data =
    consoleData.get(dataUrl) ??
    fetch(dataUrl).then((response) => {
      if (!response.ok) {
        throw new Error(`${dataUrl} answered ${response.status}`);
      }
      return response.json() as Promise<ApiConsoleData>;
    });
  consoleData.set(dataUrl, data);
  const loading = Promise.all([consoleModule, data]).then(([module, loadedData]) => ({
    Console: module.default,
    data: loadedData,
  }));
  loading.catch(() => {
    consoleModule = null;
    consoleData.delete(dataUrl);
  });
  return loading;
}

export default function ApiExamples({
  operation,
  children,
}: {
  operation: ApiOperationPage;
  /** The example response's block, which the console takes the place of while it is open. */
  children: ReactNode;
}): ReactNode {
  const hydrated = useIsBrowser();
  const { siteConfig } = useDocusaurusContext();
  const dataUrl = `${siteConfig.baseUrl}${API_CONSOLE_DIR}/${operation.pageId}.json`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [liveSamples, setLiveSamples] = useState<ApiCodeSample[] | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const preload = () => void loadConsole(dataUrl).catch(() => undefined);
  const openConsole = () => {
    setFailed(false);
    setLoading(true);
    loadConsole(dataUrl)
      .then((result) => {
        setLoaded(result);
        setOpen(true);
      })
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  };
  const close = useCallback(() => {
    setOpen(false);
    setLiveSamples(null);
    button.current?.focus();
  }, []);

  return (
    <>
      <div className={styles.tryIt} data-pagefind-ignore="">
        <button
          ref={button}
          type="button"
          className="button button--primary button--sm"
          disabled={!hydrated || loading}
          aria-expanded={open}
          data-api-try-it=""
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => (open ? close() : openConsole())}
        >
          Try it
        </button>
        <span className={styles.tryItNote} role="status">
          {failed
            ? 'The console could not be loaded. Check your connection and press Try it again.'
            : loading
              ? 'Loading the console…'
              : 'Send this request to your own server.'}
        </span>
      </div>
      {open && loaded ? (
        <div className={clsx(styles.examplesBlock, styles.consoleBlock)}>
          <loaded.Console operation={operation} data={loaded.data} onSamples={setLiveSamples} onClose={close} />
        </div>
      ) : null}
      <div
        className={clsx(styles.examplesBlock, styles.samplesBlock)}
        // The anchor of the twin's "Code samples" section (API_HEADINGS in the generator).
        id="code-samples"
        role="region"
        aria-label="Code samples"
        tabIndex={0}
        data-api-examples-scroller=""
      >
        {/* The request in curl, Python and Node.js, one tab each; the choice sticks across pages. */}
        <div className={styles.samples} data-api-code-samples="">
          <Tabs groupId="api-code-sample">
            {(liveSamples ?? operation.samples).map((sample) => (
              <TabItem key={sample.id} value={sample.id} label={sample.label}>
                <CodeBlock language={sample.language} highlighted={sample.highlighted}>
                  {sample.code}
                </CodeBlock>
              </TabItem>
            ))}
          </Tabs>
        </div>
      </div>
      {open ? null : children}
    </>
  );
}
