/**
 * A button whose component loads when the reader reaches for it (pointer, focus or
 * press) and opens on the press: the serving guides' Try it and Check your server. A
 * failed load is forgotten, so that the next press tries again.
 */
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useCallback, useRef, useState, type ComponentType } from 'react';

export function useLoadOnIntent<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  const hydrated = useIsBrowser();
  const [Open, setOpen] = useState<ComponentType<P> | null>(null);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(null);
    button.current?.focus();
  }, []);
  const preload = () => void load().catch(() => undefined);
  const buttonProps = {
    ref: button,
    type: 'button' as const,
    disabled: !hydrated,
    'aria-expanded': Open !== null,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      if (Open) {
        close();
        return;
      }
      setFailed(false);
      load()
        .then((module) => setOpen(() => module.default))
        .catch(() => setFailed(true));
    },
  };
  return { buttonProps, failed, close, Open };
}
