/**
 * Ask AI: a question answered by the reader's own model server from these pages, which it
 * searches and reads through tools run here in the browser (agent.ts); the answer streams
 * in with the searches and pages it used. Nothing leaves the reader's machine but the
 * requests to their server, and the conversation lives in memory only.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';

import { groupHitsByPage } from '@site/src/search/pageResults';
import { loadSearchSetup, useSearchConfig } from '@site/src/search/setup';
import { twinPath } from '@site/src/shared/twin-paths';
import { siteUrl } from '@site/src/site/identity';

import { completeChat, listModels, modelRequest, pickModel } from '@site/src/client/completion';
import {
  ConsolePanel,
  FailureView,
  KeyField,
  ServerField,
  TimeoutField,
  timeoutProblem,
  useApiKey,
} from '../RequestConsole/Fields';
import type { Failure } from '@site/src/client/failure';
import { checkServerUrl } from '@site/src/client/serverUrl';
import { useServerCall } from '@site/src/client/useServerCall';
import consoleStyles from '../RequestConsole/styles.module.css';
import ServerCheckButton from '../ServerCheck';
import { ask, type ChatMessage } from './agent';
import { linkedPages } from './links';
import Markdown from './Markdown';
import styles from './styles.module.css';

/** The serving guides' servers: llama.cpp's llama-server first, vLLM one click away. */
const SERVERS = [
  { label: 'llama.cpp', url: 'http://localhost:1234/v1' },
  { label: 'vLLM', url: 'http://localhost:8000/v1' },
];
/** A reply may pause while the model thinks; this long without a byte, the request stops. */
const IDLE_SECONDS = '60';

export interface AskPanelProps {
  /** The question the reader typed in the search box. */
  question: string;
  onClose: () => void;
  /** A dialog over the page (from the search modal, whose host closes it on Escape), rather than in place (on /search). */
  modal?: boolean;
}

interface Turn {
  question: string;
  steps: string[];
  answer: string;
  sources: { path: string; title: string }[];
  /** What went wrong: the client's failure to get an answer, or what the server or the model said. */
  failure?: Failure | string;
  /** The conversation so far, once this turn is answered: the next question goes on from the last of these. */
  messages?: ChatMessage[];
}

/**
 * Text without the `<mark>` and other tags the results carry for highlighting: a parsed
 * document runs nothing, and its `<body>` opens first so that leading spaces are kept.
 */
const plain = (html: string) => new DOMParser().parseFromString(`<body>${html}`, 'text/html').body.textContent ?? '';

/** The answer and its sources as Markdown with absolute links, for the clipboard. */
function copyText(turn: Turn): string {
  const absolute = (path: string) => (path.startsWith('/') ? `${siteUrl}${path}` : path);
  const answer = turn.answer.replace(/\]\((\/[^)\s]*)\)/g, (_, path: string) => `](${absolute(path)})`);
  const sources = turn.sources.map((source) => `- [${source.title}](${absolute(source.path)})`);
  return sources.length > 0 ? `${answer}\n\nSources:\n${sources.join('\n')}\n` : `${answer}\n`;
}

export default function AskPanel({ question, onClose, modal = false }: AskPanelProps): ReactNode {
  const id = useId();
  const { options, facetFilters } = useSearchConfig();
  const dialog = useRef<HTMLDialogElement>(null);
  const call = useServerCall('model');
  const { setStatus } = call;
  const [serverUrl, setServerUrl] = useState(() => call.servers[0] ?? SERVERS[0]?.url ?? '');
  const keyState = useApiKey();
  const [model, setModel] = useState('');
  /** The models a server listed: another server, or one that listed nothing, is asked first. */
  const [listed, setListed] = useState<{ server: string; models: string[] | null } | null>(null);
  /** The last question that got no answer: an Ask with the box empty asks it again. */
  const [unanswered, setUnanswered] = useState<string | null>(null);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [timeoutSeconds, setTimeoutSeconds] = useState(IDLE_SECONDS);
  const titles = useRef(new Map<string, string>());
  const serverField = useRef<HTMLInputElement>(null);
  const asked = useRef(false);

  const update = (patch: (turn: Turn) => Turn) =>
    setTurns((current) => current.map((turn, index) => (index === current.length - 1 ? patch(turn) : turn)));

  const run = async (text: string) => {
    const trimmed = text.trim() || unanswered || '';
    if (call.sending) {
      return;
    }
    if (trimmed === '') {
      setStatus('Type a question to ask.');
      return;
    }
    setUnanswered(trimmed);
    const checked = checkServerUrl(serverUrl);
    if (!checked.ok) {
      setServerProblem(checked.message);
      serverField.current?.focus();
      setStatus(`Nothing was sent: ${checked.message}`);
      return;
    }
    setServerProblem(null);
    const server = checked.url;
    await call.run(server, 'Asking your model…', async (signal) => {
      const asking: Turn = { question: trimmed, steps: [], answer: '', sources: [] };
      // Asking a failed question again replaces its failure.
      setTurns((current) => {
        const retried = current.at(-1)?.question === trimmed && current.at(-1)?.failure;
        return [...(retried ? current.slice(0, -1) : current), asking];
      });
      let chosen = model;
      if (listed?.server !== server || !listed.models) {
        const served = await listModels(server, { apiKey: keyState[0].key, cancel: signal });
        setListed({ server, models: served });
        chosen = pickModel(served, model);
      }
      chosen ||= 'default';
      setModel(chosen);
      let failure: Failure | undefined;
      const complete = async (body: Record<string, unknown>) => {
        update((turn) => ({ ...turn, answer: '' }));
        const completed = await completeChat(modelRequest(server, 'POST', '/chat/completions', body), {
          apiKey: keyState[0].key,
          timeoutSeconds: Number(timeoutSeconds) > 0 ? Number(timeoutSeconds) : Number(IDLE_SECONDS),
          cancel: signal,
          onReply: (partial) => update((turn) => ({ ...turn, answer: partial.content })),
        });
        failure = completed.ok ? undefined : completed.failure;
        return completed;
      };
      const outcome = await ask(
        turns.findLast((turn) => turn.messages)?.messages ?? [],
        trimmed,
        chosen,
        {
          complete,
          searchDocs: async (query) => {
            setStatus(`Searching the docs for “${query}”…`);
            // The site's first pages, as plain text.
            const { backend } = await loadSearchSetup(options);
            const response = await backend.search({ query, facetFilters, hitsPerPage: 5, page: 0 });
            return groupHitsByPage(response.hits, siteUrl).map((page) => {
              const title = plain(page.title);
              titles.current.set(page.url.split('#')[0] ?? page.url, title);
              return { title, url: page.url, excerpt: plain(page.excerpt || page.headings[0]?.excerpt || '') };
            });
          },
          readPage: async (path) => {
            setStatus(`Reading ${path}…`);
            const response = await fetch(twinPath(path, '/')).catch(() => null);
            return response?.ok ? response.text() : null;
          },
          onStep: (step) => update((turn) => ({ ...turn, steps: [...turn.steps, step] })),
        },
        siteUrl,
      );
      if (outcome.ok) {
        const paths = [...new Set([...linkedPages(outcome.answer, siteUrl), ...outcome.pagesRead])];
        update((turn) => ({
          ...turn,
          answer: outcome.answer,
          sources: paths.map((path) => ({ path, title: titles.current.get(path) ?? path })),
          messages: outcome.messages,
        }));
        setUnanswered(null);
        setStatus('The answer is complete.');
      } else {
        // The turn says what went wrong, as an alert; the status line does not say it again.
        update((turn) => ({ ...turn, failure: failure ?? outcome.message }));
        setStatus('');
      }
    });
  };

  // Once: the question is asked, and the dialog makes the page inert and takes focus (the host gives it back on close).
  useEffect(() => {
    if (!asked.current) {
      asked.current = true;
      void run(question);
      dialog.current?.showModal();
      dialog.current?.focus();
    }
  });

  const answering = call.sending ? turns.length - 1 : -1;
  const modelField = {
    id: `${id}-model`,
    value: model,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setModel(event.target.value),
  };
  const panel = (
    <ConsolePanel title="Ask AI, answered by your own model from these pages" marker="data-ask-panel" onClose={onClose}>
      <details
        className={`${styles.settings} margin-bottom--sm`}
        open={Boolean(serverProblem) || typeof turns.at(-1)?.failure === 'object'}
      >
        <summary>
          Your model server: {serverUrl}
          {model ? `, ${model}` : ''}
        </summary>
        <ServerField
          id={`${id}-server`}
          value={serverUrl}
          onChange={setServerUrl}
          suggestions={[...SERVERS.map((server) => server.url), ...call.servers]}
          problem={serverProblem ? { field: 'server', message: serverProblem } : undefined}
          inputRef={serverField}
        />
        <p className={`${consoleStyles.inline} margin-bottom--sm`}>
          {SERVERS.map((server) => (
            <button
              key={server.url}
              type="button"
              className={consoleStyles.linkButton}
              onClick={() => setServerUrl(server.url)}
            >
              {server.label}: {server.url}
            </button>
          ))}
        </p>
        <div className={consoleStyles.row}>
          <label htmlFor={`${id}-model`}>Model</label>
          {listed?.models ? (
            <select {...modelField}>
              {listed.models.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          ) : (
            <input {...modelField} type="text" placeholder="The server's model, listed when you ask" />
          )}
        </div>
        <KeyField id={`${id}-key`} keyState={keyState} />
        <TimeoutField
          id={`${id}-timeout`}
          value={timeoutSeconds}
          onChange={setTimeoutSeconds}
          problem={timeoutProblem(timeoutSeconds) ?? undefined}
        />
        {/* The guides' ports: vLLM's 8000, llama-server's 1234; the check asks the server which it is. */}
        <ServerCheckButton
          guide={serverUrl.includes(':8000') ? 'vllm' : 'llamacpp'}
          serverUrl={serverUrl}
          {...(model ? { model } : {})}
        />
      </details>
      {turns.map((turn, index) => (
        <article key={index} className={`${styles.turn} margin-bottom--md`} data-ask-turn="">
          <p className="margin-bottom--sm text--bold">{turn.question}</p>
          {turn.steps.length > 0 ? (
            <ul className={`${consoleStyles.note} margin-bottom--sm`} aria-label="What was looked up" data-ask-steps="">
              {turn.steps.map((step, stepIndex) => (
                <li key={stepIndex}>{step}</li>
              ))}
            </ul>
          ) : null}
          {turn.answer ? (
            <div className={styles.answer} aria-busy={index === answering} data-ask-answer="">
              <Markdown text={turn.answer} siteUrl={siteUrl} />
            </div>
          ) : null}
          {turn.sources.length > 0 ? (
            <div data-ask-sources="">
              <p className="margin-top--sm margin-bottom--xs text--bold">Pages this answer used</p>
              <ul>
                {turn.sources.map((source) => (
                  <li key={source.path}>
                    <a href={source.path}>{source.title}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {turn.failure ? (
            <div role="alert">
              {typeof turn.failure === 'string' ? (
                <p className={consoleStyles.problem} data-ask-error="">
                  {turn.failure}
                </p>
              ) : (
                <FailureView failure={turn.failure} />
              )}
            </div>
          ) : null}
          {index === turns.length - 1 && turn.failure && !call.sending ? (
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void run(turn.question)}
            >
              Retry
            </button>
          ) : null}
          {index !== answering && turn.answer ? (
            <button
              type="button"
              className={consoleStyles.linkButton}
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(copyText(turn))
                  .then(() => setStatus('The answer and its links are copied.'))
              }
            >
              Copy answer
            </button>
          ) : null}
        </article>
      ))}
      <p role="status" className={consoleStyles.status} data-ask-status="">
        {call.status}
      </p>
      <form
        className={consoleStyles.row}
        onSubmit={(event) => {
          event.preventDefault();
          const text = String(new FormData(event.currentTarget).get('question'));
          event.currentTarget.reset();
          void run(text);
        }}
      >
        <label htmlFor={`${id}-follow-up`}>Follow-up question</label>
        <textarea
          id={`${id}-follow-up`}
          name="question"
          rows={2}
          placeholder={unanswered && !call.sending ? `Leave empty to ask “${unanswered}” again` : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <div className={consoleStyles.actions}>
          <button type="submit" className="button button--primary button--sm" disabled={call.sending}>
            Ask
          </button>
          {call.sending ? (
            <button type="button" className="button button--secondary button--sm" onClick={call.cancel}>
              Stop
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={call.sending || turns.length === 0}
            onClick={() => {
              setTurns([]);
              setStatus('The conversation is cleared.');
            }}
          >
            Clear conversation
          </button>
        </div>
      </form>
    </ConsolePanel>
  );
  return modal ? (
    // Escape is the search bar's to handle (an Escape in a console inside stays there), not the browser's.
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label="Ask AI"
      tabIndex={-1}
      onCancel={(event) => event.preventDefault()}
    >
      {panel}
    </dialog>
  ) : (
    panel
  );
}
