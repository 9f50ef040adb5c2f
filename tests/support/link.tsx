/** `@docusaurus/Link` for component tests: a plain anchor to the same place (the router is the site's). */
import type { ReactNode } from 'react';

export default function Link({ to, children }: { to: string; children: ReactNode }): ReactNode {
  return <a href={to}>{children}</a>;
}
