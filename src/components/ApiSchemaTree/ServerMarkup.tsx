import { useHistory } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import { useEffect, useState, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

/** What stays of the inside when React keeps the server's: nothing rendered, the same value every time. */
const KEPT_INSIDE = { __html: '' };

/** The site-internal address that a plain left click on `element`, in a link, follows; or undefined. */
function internalTarget(element: EventTarget | null): string | undefined {
  const anchor = element instanceof Element ? element.closest('a[href]') : null;
  const followed = anchor instanceof HTMLAnchorElement && ['', '_self'].includes(anchor.target);
  const url = followed && !anchor.hasAttribute('download') ? new URL(anchor.href) : undefined;
  return url?.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/**
 * The props that make an element keep the markup the server rendered instead of
 * rendering its children, or undefined when it renders them. It keeps them only when
 * it mounts while the page hydrates: React then adopts the server's DOM as it is and
 * walks none of it, and the element stays that way for its lifetime (the `<details>`
 * inside open and close natively). The server renders the children, and so does a page
 * reached by client-side navigation, which has no server markup to keep. Should
 * hydration fail and React render the page afresh, the element finds itself empty and
 * renders its children before the browser paints. Links in kept markup still behave as
 * the site's links do: a plain click navigates in the page, pointing at one loads its
 * page's code, and one in view prefetches it.
 */
export function useServerMarkup<T extends HTMLElement>(ref: RefObject<T | null>, enabled = true) {
  const isBrowser = useIsBrowser();
  const history = useHistory();
  const [keeps, setKeeps] = useState(() => enabled && typeof window !== 'undefined' && !isBrowser);
  useIsomorphicLayoutEffect(() => {
    if (keeps && ref.current && !ref.current.hasChildNodes()) {
      setKeeps(false);
    }
  }, [keeps, ref]);

  useEffect(() => {
    const container = ref.current;
    if (!keeps || !container || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          observer.unobserve(entry.target);
          const target = internalTarget(entry.target);
          if (target) {
            void window.docusaurus.prefetch(target);
          }
        }
      }
    });
    container.querySelectorAll('a[href]').forEach((anchor) => observer.observe(anchor));
    return () => observer.disconnect();
  }, [ref, keeps]);

  const preload = (event: SyntheticEvent<T>) => {
    const target = internalTarget(event.target);
    if (target) {
      void window.docusaurus.preload(target);
    }
  };

  if (!keeps) {
    return undefined;
  }
  return {
    dangerouslySetInnerHTML: KEPT_INSIDE,
    suppressHydrationWarning: true,
    onMouseOver: preload,
    onTouchStart: preload,
    onClick: (event: MouseEvent<T>) => {
      const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      const target =
        event.defaultPrevented || event.button !== 0 || modified ? undefined : internalTarget(event.target);
      if (target) {
        event.preventDefault();
        history.push(target);
      }
    },
  };
}
