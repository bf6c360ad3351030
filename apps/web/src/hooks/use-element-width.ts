import { useCallback, useState } from 'react';

/**
 * The width of an element in CSS pixels, kept up to date as it resizes (a
 * chart deciding how many labels fit). Attach the returned ref; 0 until then.
 */
export function useElementWidth<T extends Element>(): [(node: T | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (node === null) return undefined;
    setWidth(node.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
