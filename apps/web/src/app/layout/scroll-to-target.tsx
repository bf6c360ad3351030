import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

// A hash target may render a moment after the route (lazy sections, fetched content).
const hashRetryDelayMs = 100;
const hashRetryLimit = 20;

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

/**
 * SPEC.md section 2: on every route change scroll to the hash target, else to
 * the top. A page that rewrites its own URL in place (a replace on the same
 * path: dates chosen in the booking panel, a results filter) has not changed
 * route, and the visitor stays where they are.
 */
export function ScrollToTarget() {
  const { pathname, search, hash } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const samePage = previousPathname.current === pathname;
    previousPathname.current = pathname;
    if (navigationType === NavigationType.Replace && samePage) return;
    if (hash === '') {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryScroll = () => {
      const target = findHashTarget(hash);
      if (target) {
        target.scrollIntoView({ block: 'start' });
      } else if (attempts++ < hashRetryLimit) {
        timer = setTimeout(tryScroll, hashRetryDelayMs);
      }
    };
    tryScroll();
    return () => clearTimeout(timer);
  }, [pathname, search, hash, navigationType]);

  return null;
}
