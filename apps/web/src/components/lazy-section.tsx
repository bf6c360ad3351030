import { Suspense, useRef, type ReactNode } from 'react';
import { useInView } from '@/hooks/use-in-view';
import { PartBoundary } from './lazy-part';

interface LazySectionProps {
  /** Shown until the section scrolls near, and while its code or data loads. */
  placeholder: string;
  /** What it shows, for the message when its code fails to load: 'the featured homes'. */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * Renders its children only once scrolled near (SPEC.md section 2). Children
 * may be lazy parts (lazyPart): their code is then fetched at that moment too,
 * and a download that fails leaves a Retry in the section's place.
 */
export function LazySection({ placeholder, label, children, className }: LazySectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const fallback = <p className="lazy-section__placeholder">{placeholder}</p>;

  return (
    <div ref={ref} className={className}>
      {inView ? (
        <PartBoundary label={label}>
          <Suspense fallback={fallback}>{children}</Suspense>
        </PartBoundary>
      ) : (
        fallback
      )}
    </div>
  );
}
