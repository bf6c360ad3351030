import { useEffect, useState, type RefObject } from 'react';
import { lazyLoadMarginPx, lazyLoadThreshold } from '@sas/domain';

// Sections the visitor has already scrolled past (a jump with End, a link to
// the footer) count as near too, so their content is there on the way back
// up; scroll anchoring keeps the view still while it fills in above.
const alreadyPassedMarginPx = 1_000_000;

/**
 * True once the element comes within 100px of the viewport with 10% of it
 * visible (SPEC.md section 2), and stays true: lazy sections load once.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  // Not in view while rendering on the server (and so while hydrating): lazy
  // sections are placeholders in the HTML. Every browser we support has IntersectionObserver.
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (inView || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      {
        rootMargin: `${alreadyPassedMarginPx}px ${lazyLoadMarginPx}px ${lazyLoadMarginPx}px`,
        threshold: lazyLoadThreshold,
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, inView]);

  return inView;
}
