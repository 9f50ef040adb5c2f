import { useRef, type ReactNode } from 'react';

import styles from './styles.module.css';

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

interface Props {
  id: string;
  value: string;
  onChange: (text: string) => void;
  describedBy?: string;
  invalid: boolean;
}

/**
 * A textarea over a highlighted copy of its text: the reader types in the textarea,
 * whose own text is transparent, and sees the colours of the layer under it. The two
 * share font, padding and wrapping, and the layer follows the textarea's scrolling.
 */
export default function BodyEditor({ id, value, onChange, describedBy, invalid }: Props): ReactNode {
  const layer = useRef<HTMLPreElement>(null);
  return (
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
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (layer.current) {
            layer.current.scrollTop = event.currentTarget.scrollTop;
            layer.current.scrollLeft = event.currentTarget.scrollLeft;
          }
        }}
      />
    </div>
  );
}
