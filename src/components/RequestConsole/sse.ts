/**
 * Server-sent events read from text as it arrives: a line may be split across chunks,
 * and one chunk may hold several events. Besides the standard fields, a line
 * `error: {...}` is an event of type `error` (llama.cpp's server reports failures so).
 */

export interface ServerEvent {
  /** `message` unless the stream named another type (`error`). */
  type: string;
  data: string;
}

export class EventReader {
  private pending = '';
  private type = '';
  private data: string[] = [];

  /** The events that the text completes; an unfinished line waits for the next text. */
  push(text: string): ServerEvent[] {
    this.pending += text;
    const lines = this.pending.split(/\r\n|\r|\n/);
    // A trailing \r may be the first half of \r\n: keep it with the unfinished line.
    this.pending = lines.pop() ?? '';
    return lines.flatMap((line) => this.line(line));
  }

  /** The stream ended: an event that was not followed by a blank line still counts. */
  end(): ServerEvent[] {
    const last = this.pending === '' ? [] : this.line(this.pending);
    this.pending = '';
    return [...last, ...this.dispatch()];
  }

  private line(line: string): ServerEvent[] {
    if (line === '') {
      return this.dispatch();
    }
    if (line.startsWith(':')) {
      return [];
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') {
      this.data.push(value);
    } else if (field === 'event') {
      this.type = value;
    } else if (field === 'error') {
      this.type = 'error';
      this.data.push(value);
    }
    return [];
  }

  private dispatch(): ServerEvent[] {
    if (this.data.length === 0) {
      this.type = '';
      return [];
    }
    const event = { type: this.type || 'message', data: this.data.join('\n') };
    this.type = '';
    this.data = [];
    return [event];
  }
}
