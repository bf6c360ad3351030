import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { chunkLoadTimeoutMs } from '@sas/domain';

function findHashTarget(hash: string): HTMLElement | null {
  const raw = hash.slice(1);
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A malformed escape is looked up as written.
  }
  return id === '' ? null : document.getElementById(id);
}

/** What the visitor does to scroll by themselves: from then on the page leaves the scroll to them. */
const ownScrollEvents = ['wheel', 'touchmove', 'keydown', 'mousedown'] as const;

/**
 * Scrolls to the element of `hash` once it exists: a target inside a lazy
 * section appears only when that section's code has arrived, which on a phone
 * may be seconds after the page (SPEC.md's chunk timeout, 120 s, is the most
 * it may take). Gives up when the visitor scrolls themselves. Returns a stop.
 */
function scrollToHashTarget(hash: string): () => void {
  const target = findHashTarget(hash);
  if (target) {
    target.scrollIntoView({ block: 'start' });
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const found = findHashTarget(hash);
    if (found) {
      stop();
      found.scrollIntoView({ block: 'start' });
    }
  });
  const timer = setTimeout(() => stop(), chunkLoadTimeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ownScrollEvents) window.removeEventListener(type, stop, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  for (const type of ownScrollEvents) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

interface Address {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * SPEC.md section 2: on every route change scroll to the hash target, else to
 * the top; a link to where the visitor already is (a contents link clicked
 * twice, "Choose dates" again) scrolls again. A page that rewrites its own URL
 * in place (a replace on the same path: dates chosen in the booking panel, a
 * results filter) has not changed route, and the visitor stays where they are.
 * The first load leaves the top to the browser (which restores the position on
 * a reload) and only follows a hash.
 *
 * A layout effect: it runs before the page's own effects, so a page that
 * scrolls to something itself (search results) has the last word.
 */
export function ScrollToTarget() {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<Address | null>(null);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { pathname, search, hash };
    const samePage = before?.pathname === pathname;
    const sameAddress = samePage && before.search === search && before.hash === hash;
    if (navigationType === NavigationType.Replace && samePage && !sameAddress) return;
    if (hash !== '') return scrollToHashTarget(hash);
    if (before !== null) window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search, hash, key, navigationType]);

  return null;
}
