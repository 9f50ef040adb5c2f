import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import clsx from 'clsx';
import type { ReactNode } from 'react';

import { identity } from '@site/src/site/identity';

import styles from './styles.module.css';

const sections = [
  { to: '/', label: 'Introduction', text: 'What Rubra is and where to start.' },
  { to: '/category/models', label: 'Models', text: 'The tool-calling models and how to use each.' },
  {
    to: '/category/serving--inferencing',
    label: 'Serving / Inferencing',
    text: 'Run the models with llama.cpp, vLLM or transformers.',
  },
  { to: '/benchmark', label: 'Benchmarks', text: 'Every model compared, figure by figure.' },
  { to: '/faq', label: 'FAQ', text: 'Short answers to the common questions.' },
  { to: '/api', label: 'API reference', text: 'The assistants-style HTTP API, operation by operation.' },
] as const;

/** The not-found page: says what happened and offers the ways back in. */
export default function NotFoundContent(): ReactNode {
  // The page is prerendered once as 404.html: the missing path is only known in the
  // browser, after hydration.
  const { pathname } = useLocation();
  const hydrated = useIsBrowser();
  const words = (hydrated ? pathname : '')
    .split(/[/\-_.]+/)
    .filter((word) => /^[a-z0-9]{2,}$/i.test(word) && word !== 'html')
    .join(' ');
  return (
    <main className="container margin-vert--xl">
      <Head>
        <meta
          name="description"
          content={`This address is not a page of ${identity.title}. From here, reach the model guides, the serving guides, the benchmarks, the FAQ and the API reference, or search the docs.`}
        />
      </Head>
      <div className="row">
        {/* The docs' text styles: links in running text are underlined. */}
        <div className="col col--8 col--offset-2 markdown">
          <h1>Page not found</h1>
          {/* What is known only after hydration comes last, so the text before it stays put. */}
          <p className={clsx('lede', styles.lede)}>
            This address has no page: it may have moved, or the link that brought you here may have a typo.
            {hydrated ? (
              <>
                {' '}
                Nothing lives at <code>{pathname}</code>.
              </>
            ) : null}
          </p>
          <p className={styles.hint}>
            Press <kbd>/</kbd> or <kbd>Ctrl</kbd>+<kbd>K</kbd> anywhere on the site to search
            {words ? (
              <>
                , or <Link to={`/search?q=${encodeURIComponent(words)}`}>search the docs for “{words}”</Link> now.
              </>
            ) : (
              ' the docs.'
            )}
          </p>
          <h2>Where to go from here</h2>
          <ul className={clsx('clean-list', styles.sections)}>
            {sections.map((section) => (
              <li key={section.to} className="card margin--none padding-horiz--md padding-vert--sm">
                <Link to={section.to}>{section.label}</Link>
                <span>{section.text}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
