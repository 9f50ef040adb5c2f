import { useHistory } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * Whether this element keeps the markup the server rendered instead of rendering its
 * children. True only for an element that mounts while the page hydrates: React then
 * adopts the server's DOM as it is and walks none of it, and the element stays that
 * way for its lifetime (the `<details>` inside open and close natively). The server
 * renders the children, and so does a page reached by client-side navigation, which
 * has no server markup to keep.
 */
export function useKeepsServerMarkup(): boolean {
  const isBrowser = useIsBrowser();
  const [keeps] = useState(() => typeof window !== 'undefined' && !isBrowser);
  return keeps;
}

/** The site-internal address of a link a plain left click follows, or undefined. */
export function internalTarget(anchor: HTMLAnchorElement, origin: string): string | undefined {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) {
    return undefined;
  }
  const url = new URL(anchor.href);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

function anchorOf(event: SyntheticEvent<HTMLElement>): HTMLAnchorElement | undefined {
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  return target instanceof HTMLAnchorElement && event.currentTarget.contains(target) ? target : undefined;
}

/**
 * Props for an element whose inside stays the server's markup (see
 * `useKeepsServerMarkup`). Its links still behave as the site's links do: a plain
 * click navigates in the page, pointing at one loads its page's code, and one in view
 * prefetches it.
 */
export function useServerMarkupProps<T extends HTMLElement>() {
  const history = useHistory();
  const ref = useRef<T>(null);

  useEffect(() => {
    const container = ref.current;
    if (!container || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.target instanceof HTMLAnchorElement) {
          observer.unobserve(entry.target);
          const target = internalTarget(entry.target, window.location.origin);
          if (target) {
            void window.docusaurus.prefetch(target);
          }
        }
      }
    });
    container.querySelectorAll('a[href]').forEach((anchor) => observer.observe(anchor));
    return () => observer.disconnect();
  }, []);

  const preload = (event: SyntheticEvent<T>) => {
    const anchor = anchorOf(event);
    const target = anchor && internalTarget(anchor, window.location.origin);
    if (target) {
      void window.docusaurus.preload(target);
    }
  };

  return {
    ref,
    dangerouslySetInnerHTML: { __html: '' },
    suppressHydrationWarning: true,
    onMouseOver: preload,
    onTouchStart: preload,
    onClick: (event: MouseEvent<T>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      const anchor = anchorOf(event);
      const target = anchor && internalTarget(anchor, window.location.origin);
      if (target) {
        event.preventDefault();
        history.push(target);
      }
    },
  };
}
