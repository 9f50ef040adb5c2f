/**
 * The API pages' "Try it" console, loaded when the reader presses the button: a form for
 * the operation's server, key, parameters and body, which sends the request from the
 * browser to the reader's own server and shows the answer. Nothing is sent before the
 * reader presses Send; the key goes only into the request.
 */
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';

import {
  codeSamples,
  downloadName,
  outgoingRequest,
  requestUrl,
  type ApiCodeSample,
} from '@site/src/shared/api-request';
import type { ApiConsoleData, ApiOperationPage } from '@site/src/shared/api-types';
import { rubraServerCorsOrigins } from '@site/src/site/identity';

import AnswerView from './AnswerView';
import type { ServerKind } from '@site/src/client/failure';
import {
  BodyField,
  ConsolePanel,
  FailureView,
  FieldMessage,
  KeyField,
  SendBar,
  ServerField,
  TimeoutField,
  useConsoleForm,
} from './Fields';
import { readForm, urlProblem } from './form';
import { deletedId, idsInAnswer, withRememberedIds } from './ids';
import type { SchemaProblem } from './json';
import { isTextual, VIEW_LIMIT_BYTES } from '@site/src/client/answer';
import { send, type Outcome } from '@site/src/client/send';
import { clearRemembered, forgetId, rememberedIds, rememberIds, usedServers, type Lists } from '@site/src/client/store';
import { outcomeStatus } from '@site/src/client/useServerCall';
import styles from './styles.module.css';

const RUBRA_SERVER: ServerKind = {
  name: 'Rubra server',
  underV1: false,
  allowOrigin: () =>
    `A Rubra server allows ${rubraServerCorsOrigins.join(', ')}: to try the API from a copy of these docs, open it at http://localhost:3000.`,
};

export interface ApiConsoleProps {
  operation: ApiOperationPage;
  data: ApiConsoleData;
  /** The samples for what the form holds now, for the page's samples to show. */
  onSamples: (samples: ApiCodeSample[]) => void;
  onClose: () => void;
}

/** A parameter's default or example as the text a field shows: a JSON string unquoted. */
function decoded(json = ''): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return json;
  }
}

function exampleBodyText(data: ApiConsoleData, ids: Lists): string {
  const body = data.request.body;
  return body?.kind === 'json' ? JSON.stringify(withRememberedIds(body.value, ids), null, 2) : '';
}

/** The form's parameters and body, without the Server URL the console's form holds. */
function initialValues(operation: ApiOperationPage, data: ApiConsoleData, ids: Lists) {
  const body = data.request.body;
  return {
    params: Object.fromEntries(
      pathAndQuery(operation).map((parameter) => [
        parameter.name,
        parameter.in === 'path' ? (ids[parameter.name]?.[0] ?? '') : decoded(parameter.default),
      ]),
    ),
    bodyText: exampleBodyText(data, ids),
    fields: Object.fromEntries(
      body?.kind === 'multipart' ? body.fields.map((field) => [field.name, field.file ? '' : field.value]) : [],
    ),
  };
}

const pathAndQuery = (operation: ApiOperationPage) =>
  operation.parameters.filter((parameter) => parameter.in === 'path' || parameter.in === 'query');

interface RowOptions {
  choices: string[] | undefined;
  /** Set for a parameter: marks the label, and an optional one's choice may be left unsent. */
  required?: boolean;
  help?: string;
  /** Ids this tab has seen, suggested for the text. */
  suggestions?: readonly string[];
  text?: InputHTMLAttributes<HTMLInputElement>;
  onFile?: ((file: File | undefined) => void) | undefined;
}

function enumOf(schema: unknown): string[] | undefined {
  const values = (schema as { enum?: unknown } | undefined)?.enum;
  return Array.isArray(values) ? values.filter((value) => value !== null).map(String) : undefined;
}

export default function ApiConsole({ operation, data, onSamples, onClose }: ApiConsoleProps): ReactNode {
  const isDownload = data.call.action === 'content';
  const [ids, setIds] = useState<Lists>(rememberedIds);
  const [values, setValues] = useState(() => initialValues(operation, data, ids));
  const [bodyEdited, setBodyEdited] = useState(false);
  const form = useConsoleForm('api', () => usedServers('api')[0] ?? operation.serverUrl);
  const { call, fieldId, problemOf, serverUrl, timeoutSeconds } = form;
  const [schemaWarning, setSchemaWarning] = useState<SchemaProblem[] | null>(null);
  const [done, setDone] = useState<{ outcome: Outcome; name: string } | null>(null);
  const files = useRef(new Map<string, File>());
  const lastBody = useRef<unknown>(data.request.body?.kind === 'json' ? data.request.body.value : undefined);
  const result = useRef<HTMLDivElement>(null);

  const read = useMemo(() => readForm({ ...values, serverUrl }, data, lastBody.current), [values, serverUrl, data]);
  if (read.request.body?.kind === 'json') {
    lastBody.current = read.request.body.value;
  }

  useEffect(() => {
    onSamples(codeSamples(read.request, data.call));
  }, [read.request, data.call, onSamples]);

  // The answer or the failure comes into view where the console scrolls on its own.
  useEffect(() => {
    if (done) {
      result.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [done]);

  const setValue = (group: 'param' | 'field', name: string, text: string) =>
    setValues((current) => ({ ...current, [`${group}s`]: { ...current[`${group}s`], [name]: text } }));

  /** A parameter's or a multipart field's row: a file, a choice of its enum's values, or text. */
  const row = (group: 'param' | 'field', name: string, { choices, required, help, ...more }: RowOptions) => {
    const id = fieldId(`${group}-${name}`);
    const problem = problemOf(`${group}:${name}`);
    const value = values[`${group}s`][name] ?? '';
    const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValue(group, name, event.target.value);
    const common = {
      id,
      'data-field': `${group}:${name}`,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [help ? `${id}-about` : '', problem ? `${id}-problem` : ''].join(' ').trim() || undefined,
      required,
    };
    const list = more.suggestions?.length && !choices ? `${id}-ids` : undefined;
    return (
      <div key={name} className={styles.row}>
        <label htmlFor={id}>
          <code>{name}</code>
          {required ? <span className={styles.help}> (required)</span> : null}
        </label>
        {more.onFile ? (
          <input {...common} type="file" onChange={(event) => more.onFile?.(event.target.files?.[0])} />
        ) : choices ? (
          <select {...common} value={value} onChange={onChange}>
            {required === false ? <option value="">(not sent)</option> : null}
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input {...common} {...more.text} type="text" value={value} list={list} onChange={onChange} />
        )}
        {list ? (
          <datalist id={list}>
            {more.suggestions?.map((item) => (
              <option key={item} value={item} />
            ))}
          </datalist>
        ) : null}
        {help ? (
          <p id={`${id}-about`} className={styles.help}>
            {help}
          </p>
        ) : null}
        <FieldMessage id={`${id}-problem`} problem={problem} />
      </div>
    );
  };

  const sendNow = async (anyway: boolean) => {
    const url = requestUrl(read.request);
    if (!form.accept([...read.problems, read.problems.length === 0 ? urlProblem(url) : null])) {
      setSchemaWarning(null);
      return;
    }
    if (read.schemaProblems.length > 0 && !anyway) {
      setSchemaWarning(read.schemaProblems);
      call.setStatus('Nothing was sent: the body does not match the operation’s schema. Fix it, or send it anyway.');
      return;
    }
    setSchemaWarning(null);
    const outgoing = outgoingRequest(read.request, {
      apiKey: form.keyState[0].key,
      files: Object.fromEntries(files.current),
    });
    const outcome = await call.run(read.request.serverUrl, `Sending ${read.request.method} ${url}…`, (signal) =>
      send(outgoing, {
        serverUrl: read.request.serverUrl,
        server: RUBRA_SERVER,
        timeoutSeconds: Number(timeoutSeconds),
        cancel: signal,
      }),
    );
    if (!outcome) {
      return;
    }
    call.setStatus(outcomeStatus(outcome, '', { server: RUBRA_SERVER, serverUrl: read.request.serverUrl }));
    const answer = outcome.ok && outcome.answer.status < 300 && !isDownload ? outcome.answer : null;
    if (answer && isTextual(answer.contentType) && answer.body.size < VIEW_LIMIT_BYTES) {
      try {
        const body: unknown = JSON.parse(await answer.body.text());
        const gone = read.request.method === 'DELETE' ? deletedId(body) : null;
        if (gone) {
          forgetId(gone.param, gone.id);
        }
        rememberIds(idsInAnswer(body));
        setIds(rememberedIds());
      } catch {
        // An answer that is not JSON carries no ids.
      }
    }
    setDone({ outcome, name: downloadName(read.request) });
  };

  const parameters = pathAndQuery(operation);
  const bodyExample = data.request.body;
  const urlTooLong = problemOf('url');
  return (
    <ConsolePanel
      title={`Try it: ${operation.method} ${operation.path}`}
      marker="data-api-console"
      form={form}
      onClose={onClose}
      onSubmit={() => void sendNow(false)}
    >
      <ServerField {...form.field('server')} suggestions={[...call.servers, operation.serverUrl]} autoFocus />
      <KeyField id={fieldId('key')} keyState={form.keyState} />
      {parameters.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>Parameters</legend>
          {parameters.map((parameter) =>
            row('param', parameter.name, {
              choices: enumOf(data.parameters.find((item) => item.name === parameter.name)?.schema),
              required: parameter.required,
              help: [parameter.in, parameter.type, parameter.default && `default ${parameter.default}`]
                .concat(parameter.constraints.length > 0 ? parameter.constraints.join(', ') : [])
                .filter(Boolean)
                .join(' · '),
              suggestions: ids[parameter.name] ?? [],
              text: {
                inputMode: parameter.type === 'integer' || parameter.type === 'number' ? 'numeric' : undefined,
                autoComplete: 'off',
                spellCheck: false,
                placeholder: decoded(parameter.example) || undefined,
              },
            }),
          )}
        </fieldset>
      ) : null}
      {bodyExample?.kind === 'json' ? (
        <BodyField
          id={fieldId('body')}
          value={values.bodyText}
          onChange={(text) => {
            setBodyEdited(true);
            setValues((current) => ({ ...current, bodyText: text }));
          }}
          onReset={() => {
            setBodyEdited(false);
            setValues((current) => ({ ...current, bodyText: exampleBodyText(data, ids) }));
          }}
          problem={problemOf('body')}
          {...(bodyEdited ? {} : { note: 'The example, with the newest ids this tab has seen in its id fields.' })}
        />
      ) : null}
      {bodyExample?.kind === 'multipart' ? (
        <fieldset className={styles.group}>
          <legend>Request body (multipart/form-data)</legend>
          {bodyExample.fields.map((field) =>
            row('field', field.name, {
              choices: enumOf(
                ((data.bodySchema ?? {}) as { properties?: Record<string, unknown> }).properties?.[field.name],
              ),
              onFile: field.file
                ? (file) => {
                    if (file) files.current.set(field.name, file);
                    else files.current.delete(field.name);
                    setValue('field', field.name, file?.name ?? '');
                  }
                : undefined,
            }),
          )}
        </fieldset>
      ) : null}
      <TimeoutField {...form.field('timeout')} />
      {urlTooLong ? <p className={styles.problem}>{urlTooLong.message}</p> : null}
      {schemaWarning ? (
        <div className="alert alert--warning margin-bottom--md" data-console-schema-problems="">
          <p className="margin-bottom--xs">The body does not match the operation’s schema:</p>
          <ul className="margin-bottom--sm">
            {schemaWarning.map(({ pointer, message }) => (
              <li key={`${pointer} ${message}`}>
                <code>{pointer || 'the body'}</code>: {message}
              </li>
            ))}
          </ul>
          <p className="margin-bottom--sm">Your server may accept more than the description says.</p>
          <button type="button" className="button button--sm button--secondary" onClick={() => void sendNow(true)}>
            Send anyway
          </button>
        </div>
      ) : null}
      <SendBar call={call} />
      <div ref={result}>
        {done && !done.outcome.ok ? <FailureView failure={done.outcome.failure} /> : null}
        {done?.outcome.ok ? (
          <AnswerView answer={done.outcome.answer} downloadName={done.name} isDownload={isDownload} />
        ) : null}
      </div>
      <p className="margin-top--md margin-bottom--none">
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            clearRemembered();
            setIds({});
            call.setStatus('The ids and server URLs remembered in this tab are cleared.');
          }}
        >
          Clear remembered ids and servers
        </button>
      </p>
    </ConsolePanel>
  );
}
