import Head from '@docusaurus/Head';
import { useLocation } from '@docusaurus/router';
import cardTags from '@rubra/social-card-tags';
import type { ReactNode } from 'react';

/**
 * Every page's social card tags (og:image and twitter:image with their size, type and
 * alt text), by route, from the social-cards plugin (src/plugins/social-cards). Only
 * the server bundle holds them: link previews read the served HTML, so the browser
 * gets no table of cards, and after hydration the head holds no card tags.
 */
export default function Root({ children }: { children: ReactNode }): ReactNode {
  const tags = cardTags[useLocation().pathname];
  return (
    <>
      {tags && (
        <Head>
          {tags.map((attributes) => (
            <meta key={attributes.property ?? attributes.name} {...attributes} />
          ))}
        </Head>
      )}
      {children}
    </>
  );
}
