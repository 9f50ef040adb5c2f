/**
 * The serving guides' console: sends a guide's chat completion request from the page to
 * the reader's own model server (llama.cpp's llama-server, vLLM) and shows the reply,
 * plain or streamed, as text and tool calls. It shares the API console's fields, sending
 * and failure messages; nothing is sent before the reader presses Send.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';

import { requestUrl, type ApiRequest } from '@site/src/shared/api-request';

import AnswerView from './AnswerView';
import { statusLine } from '@site/src/client/answer';
import ChatAnswer from './ChatAnswer';
import type { ChatReply } from '@site/src/client/chat';
import { requestCompletion } from '@site/src/client/completion';
import {
  BodyField,
  ConsoleFrame,
  consoleKeys,
  DEFAULT_TIMEOUT_SECONDS,
  FailureView,
  KeyField,
  SendBar,
  ServerField,
  TimeoutField,
  timeoutProblem,
  useApiKey,
} from './Fields';
import type { FieldProblem } from './form';
import { parseJson } from './json';
import type { Outcome } from '@site/src/client/send';
import { checkServerUrl } from '@site/src/client/serverUrl';
import { rememberServer, usedServers } from '@site/src/client/store';
import styles from './styles.module.css';

/** The settings store's name for model servers. */
const SERVER_SCOPE = 'model';

export interface ChatConsoleProps {
  /** The guide's request, from its curl block. */
  request: ApiRequest;
  onClose: () => void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; controller: AbortController; streaming: boolean }
  | { kind: 'done'; outcome: Outcome; streamed: boolean };

function exampleText(request: ApiRequest): string {
  const body = request.body;
  return body?.kind === 'json' ? (body.text ?? JSON.stringify(body.value, null, 2)) : '';
}

export default function ChatConsole({ request, onClose }: ChatConsoleProps): ReactNode {
  const id = useId();
  const [serverUrl, setServerUrl] = useState(request.serverUrl);
  const [servers] = useState(() => usedServers(SERVER_SCOPE));
  const keyState = useApiKey();
  const [bodyText, setBodyText] = useState(() => exampleText(request));
  const [timeoutSeconds, setTimeoutSeconds] = useState(String(DEFAULT_TIMEOUT_SECONDS));
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [status, setStatus] = useState('');
  const [reply, setReply] = useState<ChatReply | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const problemOf = (field: string) => problems.find((problem) => problem.field === field);
  const parsed = useMemo(() => parseJson(bodyText), [bodyText]);

  const sendNow = async () => {
    if (phase.kind === 'sending') {
      return;
    }
    const found: FieldProblem[] = [];
    const server = checkServerUrl(serverUrl);
    if (!server.ok) {
      found.push({ field: 'server', message: server.message });
    }
    if (!parsed.ok) {
      found.push({
        field: 'body',
        message: `Line ${parsed.line}, column ${parsed.column}: ${parsed.message}. Nothing was sent.`,
      });
    }
    const badTimeout = timeoutProblem(timeoutSeconds);
    if (badTimeout) {
      found.push(badTimeout);
    }
    setProblems(found);
    if (!server.ok || !parsed.ok || found.length > 0) {
      setStatus(
        `Nothing was sent: ${found.length === 1 ? 'one field needs' : `${found.length} fields need`} a change.`,
      );
      const first = found[0];
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first?.field ?? ''}"]`)?.focus();
      return;
    }
    const sent: ApiRequest = {
      ...request,
      serverUrl: server.url,
      body: { kind: 'json', contentType: 'application/json', value: parsed.value, text: bodyText },
    };
    const streaming = (parsed.value as { stream?: unknown } | null)?.stream === true;
    rememberServer(SERVER_SCOPE, server.url);
    const controller = new AbortController();
    setPhase({ kind: 'sending', controller, streaming });
    setReply(null);
    setStatus(`Sending ${sent.method} ${requestUrl(sent)}…`);
    const {
      outcome,
      reply: finished,
      streamed,
    } = await requestCompletion(sent, {
      apiKey: keyState[0].key,
      timeoutSeconds: Number(timeoutSeconds),
      cancel: controller.signal,
      onReply: setReply,
    });
    if (outcome.ok) {
      const { answer } = outcome;
      const why = finished?.error
        ? `the server reported an error: ${finished.error}`
        : finished?.finishReason
          ? `finish reason ${finished.finishReason}`
          : '';
      setStatus(`${statusLine(answer.status, answer.statusText)} in ${answer.ms} ms${why ? `; ${why}` : ''}.`);
    } else {
      setStatus(`${outcome.failure.message} ${outcome.failure.fix}`);
    }
    setPhase({ kind: 'done', outcome, streamed });
  };

  const sending = phase.kind === 'sending';
  return (
    <ConsoleFrame
      title={`Try it: ${request.method} ${request.path}`}
      marker="data-chat-console"
      formRef={formRef}
      onClose={onClose}
      onSubmit={() => void sendNow()}
      onKeyDown={(event) =>
        consoleKeys(event, {
          sending,
          cancel: () => (phase.kind === 'sending' ? phase.controller.abort() : undefined),
          close: onClose,
          send: () => void sendNow(),
        })
      }
    >
      <ServerField
        id={`${id}-server`}
        value={serverUrl}
        onChange={setServerUrl}
        suggestions={[request.serverUrl, ...servers]}
        problem={problemOf('server')}
        inputRef={firstField}
      />
      <KeyField id={`${id}-key`} keyState={keyState} />
      <BodyField
        id={`${id}-body`}
        value={bodyText}
        onChange={setBodyText}
        onReset={() => setBodyText(exampleText(request))}
        problem={problemOf('body')}
        note='Set "stream": true to see the reply as it arrives.'
      />
      <TimeoutField
        id={`${id}-timeout`}
        value={timeoutSeconds}
        onChange={setTimeoutSeconds}
        problem={problemOf('timeout')}
      />
      <SendBar
        sending={sending}
        onCancel={() => (phase.kind === 'sending' ? phase.controller.abort() : undefined)}
        status={status}
      />
      {reply ? <ChatAnswer reply={reply} streaming={sending} /> : null}
      {phase.kind === 'done' && !phase.outcome.ok ? <FailureView failure={phase.outcome.failure} /> : null}
      {phase.kind === 'done' && phase.outcome.ok ? (
        reply && phase.outcome.answer.status < 300 ? (
          <details className={styles.raw}>
            <summary>Raw answer</summary>
            <AnswerView answer={phase.outcome.answer} downloadName="reply.txt" isDownload={false} />
          </details>
        ) : (
          <AnswerView answer={phase.outcome.answer} downloadName="reply.txt" isDownload={false} />
        )
      ) : null}
    </ConsoleFrame>
  );
}
