/**
 * Server-sent events read from text as it arrives, by eventsource-parser: a line may be
 * split across chunks, and one chunk may hold several events. Besides the standard
 * fields, a line `error: {...}` is an event of type `error` (llama.cpp's server reports
 * failures so), and an event the stream ends without a blank line after still counts.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';

export interface ServerEvent {
  /** `message` unless the stream named another type (`error`). */
  type: string;
  data: string;
}

export class EventReader {
  private ready: ServerEvent[] = [];
  private readonly parser: EventSourceParser = createParser({
    onEvent: ({ event, data }) => this.ready.push({ type: event ?? 'message', data }),
    onError: (error) => {
      if (error.type === 'unknown-field' && error.field === 'error') {
        this.ready.push({ type: 'error', data: error.value ?? '' });
      }
    },
  });

  /** The events that the text completes; an unfinished line waits for the next text. */
  push(text: string): ServerEvent[] {
    this.parser.feed(text);
    return this.take();
  }

  /** The stream ended: the last line and the event it belongs to are complete. */
  end(): ServerEvent[] {
    this.parser.feed('\n\n');
    return this.take();
  }

  private take(): ServerEvent[] {
    const events = this.ready;
    this.ready = [];
    return events;
  }
}
