import { startTransition, useEffect, useState } from 'react';
import { onServerPage } from '@/lib/server-page';

/**
 * How many of `total` parts (a list of carousels) to draw: on the page the
 * server rendered, one more after each frame, each in a task of its own, so
 * that laying out all of them at once is not one long task on a phone (ADR
 * 048); they arrive below what is on screen, one after the other. Elsewhere
 * (a page the browser draws, tests) all of them at once.
 */
export function useRevealedCount(total: number): number {
  const [oneByOne] = useState(onServerPage);
  const [revealed, setRevealed] = useState(1);
  useEffect(() => {
    if (!oneByOne || revealed >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setRevealed((count) => count + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [oneByOne, revealed, total]);
  return oneByOne ? Math.min(revealed, total) : total;
}
