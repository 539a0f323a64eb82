import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A popup whose code is fetched the first time it opens and which stays mounted after that (its closing
 * transition and its state behave as before): a page's first download carries no popup that may never
 * open, with the forms, schemas and feature code behind it.
 */
export function lazyPopup<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Popup = lazy(() => load().then((component) => ({ default: component })));
  return function LazyPopup(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Adjusting state while rendering (React's pattern for state derived from props): no extra pass.
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Popup {...props} />
      </Suspense>
    ) : null;
  };
}
