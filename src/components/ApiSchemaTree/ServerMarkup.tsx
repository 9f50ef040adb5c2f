import { useHistory } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useEffect, useLayoutEffect, useState, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

/** A layout effect in the browser; on the server, where none runs, a plain one (which React does not warn about). */
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** What stays of the inside when React keeps the server's: nothing rendered, the same value every time. */
const KEPT_INSIDE = { __html: '' };

/**
 * Whether an element keeps the markup the server rendered instead of rendering its
 * children. True only for an element that mounts while the page hydrates: React then
 * adopts the server's DOM as it is and walks none of it, and the element stays that
 * way for its lifetime (the `<details>` inside open and close natively). The server
 * renders the children, and so does a page reached by client-side navigation, which
 * has no server markup to keep. Should hydration fail and React render the page
 * afresh, the element finds itself empty and renders its children before the browser
 * paints.
 */
export function useKeepsServerMarkup(ref: RefObject<HTMLElement | null>, enabled = true): boolean {
  const isBrowser = useIsBrowser();
  const [keeps, setKeeps] = useState(() => enabled && typeof window !== 'undefined' && !isBrowser);
  useBrowserLayoutEffect(() => {
    if (keeps && ref.current && !ref.current.hasChildNodes()) {
      setKeeps(false);
    }
  }, [keeps, ref]);
  return keeps;
}

/** The site-internal address of a link a plain left click follows, or undefined. */
function internalTarget(anchor: HTMLAnchorElement, origin: string): string | undefined {
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
 * `useKeepsServerMarkup`, given the same ref). Its links still behave as the site's
 * links do: a plain click navigates in the page, pointing at one loads its page's code,
 * and one in view prefetches it.
 */
export function useServerMarkupProps<T extends HTMLElement>(ref: RefObject<T | null>, keeps: boolean) {
  const history = useHistory();

  useEffect(() => {
    const container = ref.current;
    if (!keeps || !container || typeof IntersectionObserver === 'undefined') {
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
  }, [ref, keeps]);

  const preload = (event: SyntheticEvent<T>) => {
    const anchor = anchorOf(event);
    const target = anchor && internalTarget(anchor, window.location.origin);
    if (target) {
      void window.docusaurus.preload(target);
    }
  };

  return {
    dangerouslySetInnerHTML: KEPT_INSIDE,
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
