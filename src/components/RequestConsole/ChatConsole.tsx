/**
 * The serving guides' console: sends a guide's chat completion request from the page to
 * the reader's own model server (llama.cpp's llama-server, vLLM) and shows the reply,
 * plain or streamed, as text and tool calls. It shares the API console's fields, sending
 * and failure messages; nothing is sent before the reader presses Send.
 */
import { useMemo, useState, type ReactNode } from 'react';

import { requestUrl, type ApiRequest } from '@site/src/shared/api-request';

import AnswerView from './AnswerView';
import ChatAnswer from './ChatAnswer';
import type { ChatReply } from '@site/src/client/chat';
import { requestCompletion } from '@site/src/client/completion';
import { MODEL_SERVER } from '@site/src/client/failure';
import {
  BodyField,
  ConsolePanel,
  FailureView,
  KeyField,
  SendBar,
  ServerField,
  TimeoutField,
  useConsoleForm,
} from './Fields';
import { bodyProblem } from './form';
import { parseJson } from './json';
import type { Outcome } from '@site/src/client/send';
import { checkServerUrl } from '@site/src/client/serverUrl';
import { outcomeStatus } from '@site/src/client/useServerCall';

function exampleText(request: ApiRequest): string {
  const body = request.body;
  return body?.kind === 'json' ? (body.text ?? JSON.stringify(body.value, null, 2)) : '';
}

/** `request` is the guide's, from its curl block. */
export default function ChatConsole({ request, onClose }: { request: ApiRequest; onClose: () => void }): ReactNode {
  const form = useConsoleForm('model', request.serverUrl);
  const { call, fieldId, problemOf, serverUrl, timeoutSeconds } = form;
  const [bodyText, setBodyText] = useState(() => exampleText(request));
  const [done, setDone] = useState<Outcome | null>(null);
  const [reply, setReply] = useState<ChatReply | null>(null);

  const parsed = useMemo(() => parseJson(bodyText), [bodyText]);

  const sendNow = async () => {
    const server = checkServerUrl(serverUrl);
    if (!form.accept([server.ok ? null : server, parsed.ok ? null : bodyProblem(parsed)]) || !server.ok || !parsed.ok) {
      return;
    }
    const sent: ApiRequest = {
      ...request,
      serverUrl: server.url,
      body: { kind: 'json', contentType: 'application/json', value: parsed.value, text: bodyText },
    };
    setReply(null);
    setDone(null);
    const result = await call.run(server.url, `Sending ${sent.method} ${requestUrl(sent)}…`, (signal) =>
      requestCompletion(sent, {
        apiKey: form.keyState[0].key,
        timeoutSeconds: Number(timeoutSeconds),
        cancel: signal,
        onReply: setReply,
      }),
    );
    if (!result) {
      return;
    }
    const { outcome, reply: finished } = result;
    const why = finished?.error
      ? `the server reported an error: ${finished.error}`
      : finished?.finishReason
        ? `finish reason ${finished.finishReason}`
        : '';
    call.setStatus(outcomeStatus(outcome, why, { server: MODEL_SERVER, serverUrl: server.url }));
    setDone(outcome);
  };

  const answer = done?.ok ? done.answer : null;
  const answerView = answer ? <AnswerView answer={answer} downloadName="reply.txt" isDownload={false} /> : null;
  return (
    <ConsolePanel
      title={`Try it: ${request.method} ${request.path}`}
      marker="data-chat-console"
      form={form}
      onClose={onClose}
      onSubmit={() => void sendNow()}
    >
      <ServerField {...form.field('server')} suggestions={[request.serverUrl, ...call.servers]} autoFocus />
      <KeyField id={fieldId('key')} keyState={form.keyState} />
      <BodyField
        id={fieldId('body')}
        value={bodyText}
        onChange={setBodyText}
        onReset={() => setBodyText(exampleText(request))}
        problem={problemOf('body')}
        note='Set "stream": true to see the reply as it arrives.'
      />
      <TimeoutField {...form.field('timeout')} />
      <SendBar call={call} />
      {reply ? <ChatAnswer reply={reply} streaming={call.sending} /> : null}
      {done && !done.ok ? <FailureView failure={done.failure} /> : null}
      {answer && reply && answer.status < 300 ? (
        <details className="margin-top--sm">
          <summary>Raw answer</summary>
          {answerView}
        </details>
      ) : (
        answerView
      )}
    </ConsolePanel>
  );
}
