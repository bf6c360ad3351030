// jsdom has no layout, so nothing ever intersects. This stand-in records what
// is observed and lets a test say when elements come into view.

interface Observation {
  observer: MockIntersectionObserver;
  target: Element;
}

let observations: Observation[] = [];
/** Elements a test has brought into view: an observer that starts watching one later hears of it, as in a browser. */
let inView: Element[] = [];

export class MockIntersectionObserver implements IntersectionObserver {
  readonly root: Element | Document | null;
  readonly rootMargin: string;
  readonly thresholds: readonly number[];
  readonly scrollMargin = '0px';
  private readonly callback: IntersectionObserverCallback;

  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.root = options.root ?? null;
    this.rootMargin = options.rootMargin ?? '0px';
    const threshold = options.threshold ?? 0;
    this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
  }

  observe(target: Element): void {
    observations.push({ observer: this, target });
    // A browser reports a target's state when it is first observed (in a task of its own).
    if (inView.some((element) => target === element || target.contains(element))) {
      setTimeout(() => {
        if (observations.some((o) => o.observer === this && o.target === target)) this.notify(target, true);
      }, 0);
    }
  }

  unobserve(target: Element): void {
    observations = observations.filter((o) => !(o.observer === this && o.target === target));
  }

  disconnect(): void {
    observations = observations.filter((o) => o.observer !== this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Delivers one entry, as the browser would when the target crosses a threshold. */
  notify(target: Element, isIntersecting: boolean): void {
    const rect = target.getBoundingClientRect();
    const entry: IntersectionObserverEntry = {
      target,
      isIntersecting,
      intersectionRatio: isIntersecting ? 1 : 0,
      boundingClientRect: rect,
      intersectionRect: rect,
      rootBounds: null,
      time: performance.now(),
    };
    this.callback([entry], this);
  }
}

/**
 * Brings `element` (or the observed element around it) into view: observers
 * watching it hear of it now, and one that starts watching it later (its
 * effect not run yet when the test scrolled) when it does.
 */
export function scrollNear(element: Element): void {
  inView.push(element);
  for (const { observer, target } of [...observations]) {
    if (target === element || target.contains(element)) observer.notify(target, true);
  }
}

export function resetIntersectionObservers(): void {
  observations = [];
  inView = [];
}
