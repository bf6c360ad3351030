import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { onServerPage } from '@/lib/server-page';

const subscribe = () => () => {};

/**
 * False while rendering on the server and while hydrating its HTML, true
 * after: for what only the browser knows (the URL's hash, the guest's clock,
 * the signed-in user), so the first render in the browser draws exactly what
 * the server sent. A page the browser renders itself reads true at once.
 */
export function useHydrated(): boolean {
  // The server's snapshot (false) while hydrating. After, false still on the
  // server's page, so React has no snapshot change to catch up on in one
  // synchronous render of every component that asked (ADR 048): the change
  // comes from the effect below, in a transition, which React draws in slices
  // like the hydration. True at once on a page the browser draws itself.
  const drawnInBrowser = useSyncExternalStore(subscribe, () => !onServerPage(), () => false);
  const [afterHydration, setAfterHydration] = useState(false);
  useEffect(() => {
    if (!drawnInBrowser) startTransition(() => setAfterHydration(true));
  }, [drawnInBrowser]);
  return drawnInBrowser || afterHydration;
}
