import { ThemeClassNames } from '@docusaurus/theme-common';
import { CodeBlockContextProvider, useCodeWordWrap } from '@docusaurus/theme-common/internal';
import type { Props as ThemeProps } from '@theme/CodeBlock';
import CodeBlockButtons from '@theme/CodeBlock/Buttons';
import clsx from 'clsx';
import { Children, isValidElement, type ReactNode, type RefObject } from 'react';

import { codeText, type HighlightedCode } from '@site/src/shared/highlighted-code';
import styles from './styles.module.css';

declare module '@theme/CodeBlock' {
  interface Props {
    /** The code, highlighted when the site was built; without it, `children` is shown as plain text. */
    readonly highlighted?: HighlightedCode;
  }
}

/**
 * The theme's code block for code highlighted when the site is built (fenced code and the
 * API reference's samples): it renders the tokens it is given, coloured by classes, with
 * the title, numbered and marked lines, and the copy and word-wrap buttons of the theme's
 * block. It reads no `themeConfig.prism`; code given as a plain string shows unhighlighted.
 */
export default function CodeBlock({ highlighted, children, ...props }: ThemeProps): ReactNode {
  const parts = Children.toArray(children);
  if (!highlighted && parts.some((part) => isValidElement(part))) {
    // `<pre>` holding elements rather than text, in MDX: shown as given, in the code block's frame.
    return (
      <div className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)}>
        <pre tabIndex={0} className={clsx(styles.codeBlock, 'thin-scrollbar')}>
          <code className={styles.codeBlockLines}>{children}</code>
        </pre>
      </div>
    );
  }
  const { title, showLineNumbers: numbers } = props;
  const code = highlighted ?? {
    language: props.language?.toLowerCase() ?? 'text',
    lines: parts
      .join('')
      .replace(/\r?\n$/, '')
      .split(/\r?\n/)
      .map((line) => (line === '' ? [] : [line])),
    lineNumbersStart: typeof numbers === 'number' ? numbers : numbers ? 1 : undefined,
  };
  return (
    <HighlightedBlock
      code={typeof title === 'string' && title !== '' ? { ...code, title } : code}
      className={props.className}
    />
  );
}

function HighlightedBlock({ code, className }: { code: HighlightedCode; className: string | undefined }): ReactNode {
  const wordWrap = useCodeWordWrap();
  const languageClass = `language-${code.language}`;
  const containerClass = clsx(className, !className?.includes(languageClass) && languageClass);
  const text = codeText(code);
  const numbered = code.lineNumbersStart !== undefined;
  const metadata = {
    codeInput: text,
    code: text,
    className: containerClass,
    language: code.language,
    title: code.title,
    lineNumbersStart: code.lineNumbersStart,
    lineClassNames: {},
  };
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <div className={clsx(containerClass, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)}>
        {code.title ? <div className={styles.codeBlockTitle}>{code.title}</div> : null}
        <div className={styles.codeBlockContent}>
          <pre
            ref={wordWrap.codeBlockRef as RefObject<HTMLPreElement>}
            // The block scrolls sideways: keyboard readers reach it with Tab.
            tabIndex={0}
            className={clsx('prism-code', languageClass, styles.codeBlock, 'thin-scrollbar')}
            style={numbered ? { counterReset: `line-count ${(code.lineNumbersStart ?? 1) - 1}` } : undefined}
          >
            <code className={clsx(styles.codeBlockLines, numbered && styles.codeBlockLinesWithNumbering)}>
              {code.lines.map((tokens, index) => {
                const content = tokens.map((token, key) => {
                  const [types, text] = typeof token === 'string' ? ['plain', token] : token;
                  return (
                    <span key={key} className={`token ${types}`}>
                      {text}
                    </span>
                  );
                });
                return (
                  <span
                    key={index}
                    className={clsx('token-line', code.lineClassNames?.[index], numbered && styles.codeLine)}
                  >
                    {numbered ? (
                      <>
                        <span className={styles.codeLineNumber} />
                        <span className={styles.codeLineContent}>{content}</span>
                      </>
                    ) : (
                      content
                    )}
                    <br />
                  </span>
                );
              })}
            </code>
          </pre>
          <CodeBlockButtons />
        </div>
      </div>
    </CodeBlockContextProvider>
  );
}
