/**
 * The parts both consoles' forms share: the server, the key, the body, the timeout, the
 * send and cancel buttons, the status line and a failure's explanation, each labelled and
 * tied to its message, so that the API pages and the serving guides behave alike.
 */
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';

import type { Failure } from '@site/src/client/failure';
import type { FieldProblem } from './form';
import { keepApiKey, readApiKey } from '@site/src/client/store';
import { fieldsNeedChange, useServerCall } from '@site/src/client/useServerCall';
import styles from './styles.module.css';

export function FieldMessage({ id, problem }: { id: string; problem: FieldProblem | undefined }): ReactNode {
  return problem ? (
    <p id={id} className={styles.problem} data-console-field-problem="">
      {problem.message}
    </p>
  ) : null;
}

/** A field's text, and its problem when it has one, shown under it. */
interface FieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  problem: FieldProblem | undefined;
}

export function ServerField({
  id,
  value,
  onChange,
  suggestions,
  problem,
  inputRef,
  autoFocus = false,
}: FieldProps & {
  suggestions: readonly string[];
  inputRef?: RefObject<HTMLInputElement>;
  autoFocus?: boolean;
}): ReactNode {
  // The list's id is also a plain CSS selector: some DOM implementations look it up by one.
  const listId = `${id.replace(/[^\w-]/g, '')}-used`;
  return (
    <div className={styles.row}>
      <label htmlFor={id}>Server URL</label>
      <input
        ref={inputRef}
        id={id}
        autoFocus={autoFocus}
        data-field="server"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        list={listId}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {[...new Set(suggestions)].map((server) => (
          <option key={server} value={server} />
        ))}
      </datalist>
      <FieldMessage id={`${id}-problem`} problem={problem} />
    </div>
  );
}

/** The key field with its own state: memory for the tab, the device only when remembered. */
export function useApiKey() {
  const [key, setKey] = useState(readApiKey);
  const keep = (next: typeof key) => {
    keepApiKey(next.key, next.remembered);
    setKey(next);
  };
  return [key, keep] as const;
}

const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * A console's form: its call, its key, the Server URL and Timeout it holds (the server
 * starting at `serverUrl`), ids for its fields and the problems shown under them.
 */
export function useConsoleForm(scope: 'api' | 'model', serverUrl: string | (() => string)) {
  // Without React's colons, an id is also a valid CSS selector (the datalist's `list` lookup).
  const id = useId().replace(/:/g, '');
  const call = useServerCall(scope);
  const keyState = useApiKey();
  const held = { server: useState(serverUrl), timeout: useState(String(DEFAULT_TIMEOUT_SECONDS)) };
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const fieldId = (name: string) => `${id}-${name.replace(/[^\w-]/g, '_')}`;
  const problemOf = (field: string) => problems.find((problem) => problem.field === field);
  return {
    call,
    keyState,
    formRef,
    fieldId,
    problemOf,
    serverUrl: held.server[0],
    timeoutSeconds: held.timeout[0],
    /** The props of the Server URL's or the Timeout's field. */
    field: (name: keyof typeof held): FieldProps => ({
      id: fieldId(name),
      value: held[name][0],
      onChange: held[name][1],
      problem: problemOf(name),
    }),
    /**
     * Shows the problems under their fields, the Timeout's last; true when there are none.
     * Otherwise nothing is sent: the status says how many fields need a change, and the
     * first takes the focus.
     */
    accept: (given: (FieldProblem | null)[]) => {
      const found = [...given, timeoutProblem(held.timeout[0])].filter((problem) => problem !== null);
      setProblems(found);
      if (found.length > 0) {
        call.setStatus(fieldsNeedChange(found.length));
        formRef.current?.querySelector<HTMLElement>(`[data-field="${found[0]?.field ?? ''}"]`)?.focus();
      }
      return found.length === 0;
    },
  };
}

export function KeyField({ id, keyState }: { id: string; keyState: ReturnType<typeof useApiKey> }): ReactNode {
  const [key, keep] = keyState;
  return (
    <div className={styles.row}>
      <label htmlFor={id}>API key</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key.key}
        placeholder="Optional"
        aria-describedby={`${id}-help`}
        onChange={(event) => keep({ key: event.target.value, remembered: key.remembered })}
      />
      <p id={`${id}-help`} className={styles.help}>
        Sent as a bearer token only when filled; kept for this tab unless remembered.
      </p>
      <div className={styles.actions}>
        <input
          id={`${id}-remember`}
          type="checkbox"
          checked={key.remembered}
          onChange={(event) => keep({ key: key.key, remembered: event.target.checked && key.key !== '' })}
        />
        <label htmlFor={`${id}-remember`}>Remember on this device</label>
        {key.remembered ? (
          <button type="button" className={styles.linkButton} onClick={() => keep({ key: '', remembered: false })}>
            Forget
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** JSON's tokens: a string (a key when a colon follows), a number, a literal, or anything else. */
const TOKEN = /("(?:[^"\\\n]|\\.)*"?)(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** The text as spans with the code blocks' token colours; every character stays where it is. */
function highlight(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    if (start > last) {
      parts.push(text.slice(last, start));
    }
    const [whole, string, colon] = match;
    const className = string ? (colon ? styles.jsonKey : styles.jsonString) : styles.jsonValue;
    parts.push(
      <span key={start} className={className}>
        {string ?? whole}
      </span>,
    );
    if (string && colon) {
      parts.push(colon);
    }
    last = start + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * The body's field: a textarea over a highlighted copy of its text. The reader types in
 * the textarea, whose own text is transparent, and sees the colours of the layer under it;
 * the two share font, padding and wrapping, and the layer follows the textarea's scrolling.
 */
export function BodyField({
  id,
  value,
  onChange,
  onReset,
  problem,
  note,
}: FieldProps & { onReset: () => void; note?: string }): ReactNode {
  const layer = useRef<HTMLPreElement>(null);
  return (
    <div className={styles.row}>
      <div className={styles.consoleHeader}>
        <label htmlFor={id}>Request body</label>
        <button type="button" className={styles.linkButton} onClick={onReset}>
          Reset to example
        </button>
      </div>
      <div className={styles.editor}>
        <pre className={styles.editorLayer} ref={layer} aria-hidden="true">
          {highlight(value)}
          {'\n'}
        </pre>
        <textarea
          id={id}
          data-field="body"
          className={styles.editorInput}
          value={value}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          rows={Math.min(18, Math.max(4, value.split('\n').length + 1))}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => onChange(event.target.value)}
          onScroll={(event) => {
            if (layer.current) {
              layer.current.scrollTop = event.currentTarget.scrollTop;
              layer.current.scrollLeft = event.currentTarget.scrollLeft;
            }
          }}
        />
      </div>
      <FieldMessage id={`${id}-problem`} problem={problem} />
      {note ? <p className={styles.help}>{note}</p> : null}
    </div>
  );
}

export function TimeoutField({ id, value, onChange, problem }: FieldProps): ReactNode {
  return (
    <div className={styles.row}>
      <label htmlFor={id}>Timeout (seconds)</label>
      <input
        id={id}
        data-field="timeout"
        className={styles.short}
        type="number"
        min={1}
        max={600}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessage id={`${id}-problem`} problem={problem} />
    </div>
  );
}

/** The timeout's problem, when the field does not hold a number of seconds above 0. */
export function timeoutProblem(text: string): FieldProblem | null {
  const seconds = Number(text);
  return Number.isFinite(seconds) && seconds > 0
    ? null
    : { field: 'timeout', message: 'Enter a timeout in seconds, above 0.' };
}

/**
 * The submit button, Cancel while a request runs, what follows them (by default the
 * shortcut), and the status line that screen readers announce, marked by `marker`.
 */
export function SendBar({
  call,
  label = 'Send request',
  status = call.status,
  marker = 'data-console-status',
  children = <span className={styles.help}>or Ctrl+Enter</span>,
}: {
  call: ReturnType<typeof useServerCall>;
  label?: string;
  status?: string;
  marker?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <>
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={call.sending}>
          {label}
        </button>
        {call.sending ? (
          <button type="button" className="button button--secondary" onClick={call.cancel}>
            Cancel
          </button>
        ) : null}
        {children}
      </div>
      <p role="status" className={styles.status} {...{ [marker]: '' }}>
        {status}
      </p>
    </>
  );
}

export function FailureView({ failure }: { failure: Failure }): ReactNode {
  return (
    <div className="alert alert--danger margin-bottom--md" data-console-failure={failure.kind}>
      <p className="margin-bottom--xs">
        <strong>{failure.message}</strong>
      </p>
      <p className="margin--none">{failure.fix}</p>
    </div>
  );
}

/**
 * A console's box: its title and Close, marked by the data attribute `marker`
 * (`data-api-console`). With `form`, the children are the form whose submit sends; inside,
 * Escape closes the console (or stops a request first) and Ctrl or Cmd+Enter sends.
 */
export function ConsolePanel({
  title,
  marker,
  onClose,
  form,
  onSubmit,
  children,
}: {
  title: string;
  marker: string;
  onClose: () => void;
  form?: Pick<ReturnType<typeof useConsoleForm>, 'formRef' | 'call'>;
  onSubmit?: () => void;
  children: ReactNode;
}): ReactNode {
  const titleId = useId();
  // One request at a time: a press while one runs sends nothing.
  const submit = () => {
    if (!form?.call.sending) onSubmit?.();
  };
  return (
    <section
      className={`${styles.console} padding--md`}
      aria-labelledby={titleId}
      data-pagefind-ignore=""
      {...{ [marker]: '' }}
      onKeyDown={(event) => {
        if (!form) return;
        if (event.key === 'Escape') {
          event.stopPropagation();
          if (form.call.sending) form.call.cancel();
          else onClose();
        } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          submit();
        }
      }}
    >
      <div className={`${styles.consoleHeader} margin-bottom--sm`}>
        <p id={titleId} className={`${styles.consoleTitle} margin--none`}>
          {title}
        </p>
        <button type="button" className="button button--sm button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {form ? (
        <form
          ref={form.formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {children}
        </form>
      ) : (
        children
      )}
    </section>
  );
}
