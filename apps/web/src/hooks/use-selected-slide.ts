import { useCallback, useSyncExternalStore } from 'react';
import type { UseEmblaCarouselType } from 'embla-carousel-react';

/** The carousel API useEmblaCarousel hands out once its viewport is mounted. */
export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * The index of the slide an Embla carousel shows, kept up to date as it
 * moves (`select`) and when its slides change (`reInit`). `initial` stands in
 * on the server, while hydrating and before Embla starts: the slide Embla
 * will start on, so the first paint already hides the others.
 */
export function useSelectedSlide(embla: EmblaApi | undefined, initial = 0): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      embla?.on('select', onChange).on('reInit', onChange);
      return () => {
        embla?.off('select', onChange).off('reInit', onChange);
      };
    },
    [embla],
  );
  return useSyncExternalStore(
    subscribe,
    () => embla?.selectedScrollSnap() ?? initial,
    () => initial,
  );
}
