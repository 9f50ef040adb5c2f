/**
 * Server-sent events read from text as it arrives, by eventsource-parser: a line may be
 * split across chunks, and one chunk may hold several events. Besides the standard
 * fields, a line `error: {...}` is an event of type `error` (llama.cpp's server reports
 * failures so), and an event the stream ends without a blank line after still counts.
 */
import { createParser } from 'eventsource-parser';

export interface ServerEvent {
  /** `message` unless the stream named another type (`error`). */
  type: string;
  data: string;
}

/**
 * A reader of one stream: `push` gives the events that the text completes (an unfinished
 * line waits for the next text), `end` those the end of the stream completes.
 */
export function eventReader() {
  let ready: ServerEvent[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => ready.push({ type: event ?? 'message', data }),
    onError: (error) => {
      if (error.type === 'unknown-field' && error.field === 'error') {
        ready.push({ type: 'error', data: error.value ?? '' });
      }
    },
  });
  const push = (text: string): ServerEvent[] => {
    parser.feed(text);
    const events = ready;
    ready = [];
    return events;
  };
  return { push, end: () => push('\n\n') };
}
