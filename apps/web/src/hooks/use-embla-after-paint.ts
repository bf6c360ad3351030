import { startTransition, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { onServerPage } from '@/lib/server-page';
import type { EmblaApi } from './use-selected-slide';

type EmblaParameters = Parameters<typeof useEmblaCarousel>;

/**
 * useEmblaCarousel for a carousel of a page the server rendered (ADR 048):
 * Embla measures its slides when it starts, and on a page still hydrating, or
 * one whose carousels arrive with their data, that measure forces the
 * browser to lay the page out in the middle of React's work, a long task on a
 * phone. Here Embla starts once the next frame is drawn (the layout done),
 * each carousel in a task of its own. What the carousel shows does not change:
 * the server's HTML already has its first page in place. A carousel the browser
 * draws itself (a later page) starts at once, as before.
 */
export function useEmblaAfterPaint(
  options?: EmblaParameters[0],
  plugins?: EmblaParameters[1],
): [(viewport: HTMLElement | null) => void, EmblaApi | undefined] {
  const [emblaRef, embla] = useEmblaCarousel(options, plugins);
  // Decided once: a navigation away from the server's page must not restart a carousel on screen.
  const [afterPaint] = useState(onServerPage);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!afterPaint || viewport === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => emblaRef(viewport)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      emblaRef(null);
    };
  }, [afterPaint, viewport, emblaRef]);

  return [afterPaint ? setViewport : emblaRef, embla];
}
