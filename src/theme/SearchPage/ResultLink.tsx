/**
 * A result's link. A page of results holds five pages' links or more (with their sections'): unlike
 * Docusaurus's Link, which downloads the code of every linked page that scrolls into
 * view, it loads a page's code when the reader points at or touches its link, and
 * navigates inside the app on a plain click.
 */
import { useHistory } from '@docusaurus/router';
import type { MouseEvent, ReactNode } from 'react';

import { toSitePath } from '@site/src/search/pageResults';

/** HTML that the search layer escaped, keeping only <mark>. */
export function Html({ html, className }: { html: string; className?: string }): ReactNode {
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function ResultLink({ url, html }: { url: string; html: string }): ReactNode {
  const history = useHistory();
  const href = toSitePath(url);
  if (!href.startsWith('/')) {
    return (
      <a href={href}>
        <Html html={html} />
      </a>
    );
  }
  const preload = () => void window.docusaurus.preload(href);
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    history.push(href);
  };
  return (
    <a href={href} onMouseEnter={preload} onTouchStart={preload} onClick={navigate}>
      <Html html={html} />
    </a>
  );
}
