import { useRef, type TouchEvent } from 'react';
import { swipeThresholdPx } from '@sas/domain';
import { prefersReducedMotion } from '@/utils/motion';
import type { EmblaApi } from './use-selected-slide';

/** Which way a finger went from touch to release: left shows what comes next. */
export type SwipeDirection = 'left' | 'right';

/**
 * A horizontal movement of at least `thresholdPx` (SPEC.md section 9: 50px) is
 * a swipe; anything shorter, or more vertical than horizontal (scrolling the
 * page), is not.
 */
export function swipeDirection(dx: number, dy: number, thresholdPx: number = swipeThresholdPx): SwipeDirection | null {
  if (Math.abs(dx) < thresholdPx || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? 'left' : 'right';
}

interface SwipeStart {
  x: number;
  y: number;
  /** The slide on screen when the finger came down. */
  index: number;
}

/**
 * Touch paging for the site's looping Embla carousels (the reviews and other
 * paged carousels, the full photo gallery). Embla still moves the slides under
 * the finger, but it decides where to land from the drag's speed, so a slow
 * 60px drag would snap back and a quick 30px flick would turn. On release this
 * settles it by distance alone: 50px or more turns one slide that way, less
 * stays on the slide where the touch began. Spread the handlers on the element
 * given to Embla as its viewport: Embla's own listeners there run first.
 */
export function useSwipePaging(embla: EmblaApi | undefined) {
  const start = useRef<SwipeStart | null>(null);

  return {
    onTouchStart(event: TouchEvent) {
      // A second finger makes it a pinch, which never turns the page.
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      start.current =
        touch === undefined || embla === undefined
          ? null
          : { x: touch.clientX, y: touch.clientY, index: embla.selectedScrollSnap() };
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (from === null || touch === undefined || embla === undefined) return;

      const direction = swipeDirection(touch.clientX - from.x, touch.clientY - from.y);
      const step = direction === 'left' ? 1 : direction === 'right' ? -1 : 0;
      const count = embla.scrollSnapList().length;
      if (count === 0) return;
      // The carousels loop: after the last slide comes the first.
      const target = (from.index + step + count) % count;
      if (embla.selectedScrollSnap() !== target) embla.scrollTo(target, prefersReducedMotion());
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}
