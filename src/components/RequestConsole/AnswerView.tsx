import { useEffect, useMemo, useState, type ReactNode } from 'react';

import { errorMessages, formatBytes, isTextual, statusLine, VIEW_LIMIT_BYTES } from '@site/src/client/answer';
import type { Answer } from '@site/src/client/send';
import styles from './styles.module.css';

/** Above this, the body is shown as raw text only: a tree of every value would be slow to draw. */
const TREE_LIMIT_BYTES = 256 * 1024;

interface Props {
  answer: Answer;
  /** The name a download of the body gets. */
  downloadName: string;
  /** Offer the body as a file first: the operation downloads bytes. */
  isDownload: boolean;
}

/** The body's text up to VIEW_LIMIT_BYTES (null if it is not text), and its value if JSON small enough for a tree. */
async function readBody(answer: Answer, isDownload: boolean): Promise<{ text: string | null; json?: unknown }> {
  if (isDownload || !isTextual(answer.contentType)) {
    return { text: null };
  }
  const text = await answer.body.slice(0, VIEW_LIMIT_BYTES).text();
  try {
    return answer.body.size <= TREE_LIMIT_BYTES ? { text, json: JSON.parse(text) as unknown } : { text };
  } catch {
    return { text };
  }
}

const viewButton = (pressed: boolean) =>
  `button button--sm button--outline button--primary${pressed ? ' button--active' : ''}`;

/** The answer: status, time and size, its error messages, the readable headers, and the body as text. */
export default function AnswerView({ answer, downloadName, isDownload }: Props): ReactNode {
  const [read, setRead] = useState<Awaited<ReturnType<typeof readBody>> | null>(null);
  const [raw, setRaw] = useState(false);
  const href = useMemo(() => URL.createObjectURL(answer.body), [answer.body]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  useEffect(() => {
    let current = true;
    void readBody(answer, isDownload).then((result) => current && setRead(result));
    return () => {
      current = false;
    };
  }, [answer, isDownload]);

  const failed = answer.status >= 400;
  const messages = failed && read?.json !== undefined ? errorMessages(read.json) : [];
  const hasTree = typeof read?.json === 'object' && read.json !== null;
  const download = (label: string) => (
    <a href={href} download={downloadName} data-console-download="">
      {label}
    </a>
  );
  return (
    <div className="margin-top--sm" data-console-answer="">
      <p className="margin-bottom--sm">
        <strong data-console-status-code="" className={failed ? styles.statusFailed : styles.statusOk}>
          {statusLine(answer.status, answer.statusText)}
        </strong>
        <span aria-hidden="true"> · </span>
        <span>{answer.ms} ms</span>
        <span aria-hidden="true"> · </span>
        <span data-console-size="">{formatBytes(answer.body.size)}</span>
      </p>
      {messages.length > 0 ? (
        <ul
          className="margin-bottom--sm text--semibold"
          aria-label="What the server said"
          data-console-error-messages=""
        >
          {messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      ) : null}
      <details className="margin-bottom--sm">
        <summary>Response headers ({answer.headers.length})</summary>
        <dl className="margin-vert--xs">
          {answer.headers.map(([name, value]) => (
            <div key={name} className={styles.header}>
              <dt className="text--semibold">{name}</dt>
              <dd className="margin--none">{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.help}>
          The browser shows a page only the headers that CORS lets it read; the server may have sent others.
        </p>
      </details>
      {read?.text === null ? (
        <p>
          {formatBytes(answer.body.size)} of {answer.contentType || 'bytes'}. {download(`Download ${downloadName}`)}
        </p>
      ) : read ? (
        <>
          {answer.body.size > VIEW_LIMIT_BYTES ? (
            <p className={styles.help}>
              The body is {formatBytes(answer.body.size)}: the first {formatBytes(VIEW_LIMIT_BYTES)} are shown.{' '}
              {download('Download the whole body')}
            </p>
          ) : null}
          {hasTree ? (
            <div className="button-group margin-bottom--xs" role="group" aria-label="Body view">
              <button type="button" className={viewButton(!raw)} aria-pressed={!raw} onClick={() => setRaw(false)}>
                Formatted
              </button>
              <button type="button" className={viewButton(raw)} aria-pressed={raw} onClick={() => setRaw(true)}>
                Raw
              </button>
            </div>
          ) : null}
          <div className={styles.body} role="region" aria-label="Response body" tabIndex={0} data-console-body="">
            {hasTree && !raw ? (
              <div className={`${styles.json} padding--sm`} data-console-json="">
                <JsonNode value={read.json} depth={0} last />
              </div>
            ) : (
              <pre className={styles.small}>{read.text}</pre>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** JSON, indented, each object and list folding on its own. */
function JsonNode({ name, value, depth, last }: { name?: string; value: unknown; depth: number; last: boolean }) {
  const key = name === undefined ? null : <span className={styles.jsonKey}>{JSON.stringify(name)}: </span>;
  const comma = last ? '' : ',';
  const isList = Array.isArray(value);
  const entries = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  if (entries.length === 0) {
    // A scalar, or an empty object or list, as it is written, in its token's colour.
    return (
      <div>
        {key}
        <span className={typeof value === 'string' ? styles.jsonString : styles.jsonValue}>
          {JSON.stringify(value)}
        </span>
        {comma}
      </div>
    );
  }
  return (
    <details open={depth < 3} className={styles.jsonGroup}>
      <summary>
        {key}
        {isList ? '[' : '{'}
        <span className={styles.help}>
          {` ${entries.length} ${isList ? 'item' : 'field'}${entries.length === 1 ? '' : 's'}`}
        </span>
      </summary>
      <div className="padding-left--md">
        {entries.map(([childName, child], index) => (
          <JsonNode
            key={index}
            {...(isList ? {} : { name: childName })}
            value={child}
            depth={depth + 1}
            last={index === entries.length - 1}
          />
        ))}
      </div>
      {isList ? ']' : '}'}
      {comma}
    </details>
  );
}
