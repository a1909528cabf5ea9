import { type ComponentType, type JSX, lazy, Suspense, useState } from 'react';

/**
 * A popup (menu, drawer, popper panel) whose code is downloaded the first time it is needed instead of with the
 * page: `load` is the dynamic import, `preload()` starts it early (on hover or focus of the trigger), and the
 * returned component renders nothing until it has been opened once (then it stays mounted so it can animate
 * closed). Keeps MUI's Modal, Popper and transitions off a public page's first download.
 */
export function lazyOnOpen<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load();
    return pending;
  };
  const Lazy = lazy(preload);

  function LazyOnOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }

  return Object.assign(LazyOnOpen, { preload });
}
