import type { ReactNode } from 'react';

import { parsedArguments, type ChatReply } from '@site/src/client/chat';
import styles from './styles.module.css';

/** A chat completion for the reader: the text, the tool calls with their arguments, why it stopped, the tokens. */
export default function ChatAnswer({ reply, streaming }: { reply: ChatReply; streaming: boolean }): ReactNode {
  return (
    <div className="margin-top--sm margin-bottom--md" data-chat-answer="">
      {reply.content ? (
        <div className={styles.chatText} data-chat-text="">
          {reply.content}
        </div>
      ) : null}
      {reply.toolCalls.length > 0 ? (
        <>
          <p className="margin-top--md margin-bottom--xs text--semibold">
            Tool calls ({reply.toolCalls.length}){streaming ? '' : ':'}
          </p>
          <ol className="margin-bottom--sm" data-chat-tool-calls="">
            {reply.toolCalls.map((call, index) => {
              const parsed = streaming ? null : parsedArguments(call.arguments);
              return (
                <li key={call.id ?? index} data-chat-tool-call={call.name}>
                  <code className="text--semibold">{call.name}</code>
                  <pre className={styles.small} data-chat-arguments="">
                    {parsed ? JSON.stringify(parsed.value, null, 2) : call.arguments}
                  </pre>
                  {parsed || streaming ? null : (
                    <p className={styles.help} data-chat-arguments-note="">
                      The model wrote arguments that are not JSON; they are shown as written.
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
      {reply.error ? (
        <p className={styles.problem} data-chat-error="">
          The server reported an error: {reply.error}
        </p>
      ) : null}
      {reply.finishReason || reply.usage ? (
        <p className={styles.help} data-chat-meta="">
          {reply.finishReason ? (
            <>
              Finish reason: <code>{reply.finishReason}</code>
            </>
          ) : null}
          {reply.finishReason && reply.usage ? ' · ' : null}
          {reply.usage
            ? `${reply.usage.prompt} prompt + ${reply.usage.completion} completion = ${reply.usage.total} tokens`
            : null}
        </p>
      ) : null}
    </div>
  );
}
