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
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import clsx from 'clsx';
import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type { ApiCodeSample } from '@site/src/shared/api-request';
import { API_CONSOLE_DIR, type ApiConsoleData, type ApiOperationPage } from '@site/src/shared/api-types';
import type { ApiConsoleProps } from '../RequestConsole/ApiConsole';
import treeStyles from '../ApiSchemaTree/styles.module.css';
import styles from './styles.module.css';

interface Loaded {
  Console: ComponentType<ApiConsoleProps>;
  data: ApiConsoleData;
}

/** Each operation's console, loading or loaded: its code (one chunk for all) and its file. A failed load is retried. */
const consoles = new Map<string, Promise<Loaded>>();

function loadConsole(dataUrl: string): Promise<Loaded> {
  const loading =
    consoles.get(dataUrl) ??
    Promise.all([
      import(/* webpackChunkName: "api-console" */ '../RequestConsole/ApiConsole'),
      fetch(dataUrl).then((response) => {
        if (!response.ok) {
          throw new Error(`${dataUrl} answered ${response.status}`);
        }
        return response.json() as Promise<ApiConsoleData>;
      }),
    ]).then(([module, data]) => ({ Console: module.default, data }));
  consoles.set(dataUrl, loading);
  loading.catch(() => consoles.delete(dataUrl));
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
  const dataUrl = useBaseUrl(`/${API_CONSOLE_DIR}/${operation.pageId}.json`);
  /** The console while it is open, else whether it is loading or failed to. */
  const [state, setState] = useState<Loaded | 'idle' | 'loading' | 'failed'>('idle');
  const open = typeof state === 'object' ? state : null;
  const [liveSamples, setLiveSamples] = useState<ApiCodeSample[] | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const preload = () => void loadConsole(dataUrl).catch(() => undefined);
  const openConsole = () => {
    setState('loading');
    loadConsole(dataUrl).then(setState, () => setState('failed'));
  };
  const close = useCallback(() => {
    setState('idle');
    setLiveSamples(null);
    button.current?.focus();
  }, []);

  return (
    <>
      <div data-pagefind-ignore="">
        <button
          ref={button}
          type="button"
          className="button button--primary button--sm"
          disabled={!hydrated || state === 'loading'}
          aria-expanded={open !== null}
          data-api-try-it=""
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => (open ? close() : openConsole())}
        >
          Try it
        </button>
        <span className={`${treeStyles.muted} margin-left--sm`} role="status">
          {state === 'failed'
            ? 'The console could not be loaded. Check your connection and press Try it again.'
            : state === 'loading'
              ? 'Loading the console…'
              : 'Send this request to your own server.'}
        </span>
      </div>
      {open ? (
        <div className={clsx(styles.examplesBlock, styles.consoleBlock)}>
          <open.Console operation={operation} data={open.data} onSamples={setLiveSamples} onClose={close} />
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
        data-api-code-samples=""
      >
        {/* The request in curl, Python and Node.js, one tab each; the choice sticks across pages. */}
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
      {open ? null : children}
    </>
  );
}
