import { Suspense, useRef, type ReactNode } from 'react';
import { useInView } from '@/hooks/use-in-view';

interface LazySectionProps {
  /** Shown until the section scrolls near, and while its code or data loads. */
  placeholder: string;
  children: ReactNode;
  className?: string;
}

/**
 * Renders its children only once scrolled near (SPEC.md section 2). Children
 * may be React.lazy components: their code is then fetched at that moment too.
 */
export function LazySection({ placeholder, children, className }: LazySectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const fallback = <p className="lazy-section__placeholder">{placeholder}</p>;

  return (
    <div ref={ref} className={className}>
      {inView ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </div>
  );
}
