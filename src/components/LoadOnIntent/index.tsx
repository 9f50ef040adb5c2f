/**
 * A button whose component loads when the reader reaches for it (pointer, focus or
 * press) and opens on the press: the serving guides' Try it and Check your server. A
 * failed load is forgotten, so that the next press tries again.
 */
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useCallback, useRef, useState, type ComponentType } from 'react';

export function useLoadOnIntent<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  const hydrated = useIsBrowser();
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const preload = () => void load().catch(() => undefined);
  const buttonProps = {
    ref: button,
    type: 'button' as const,
    disabled: !hydrated,
    'aria-expanded': open,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      if (open) {
        close();
        return;
      }
      setFailed(false);
      load()
        .then((module) => {
          setLoaded(() => module.default);
          setOpen(true);
        })
        .catch(() => setFailed(true));
    },
  };
  return { buttonProps, failed, close, Open: open ? Loaded : null };
}
