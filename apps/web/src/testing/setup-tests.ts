import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { MockIntersectionObserver, resetIntersectionObservers } from './intersection-observer';

// jsdom implements no layout: these APIs are missing or log "not implemented".
class NoopResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** No media query matches: a wide screen without reduced-motion preference. */
function matchNoMedia(query: string): MediaQueryList {
  const list: MediaQueryList = Object.assign(new EventTarget(), {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
  });
  return list;
}

let consoleError: MockInstance<typeof console.error>;
let unexpectedErrors: string[] = [];

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', MockIntersectionObserver);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.stubGlobal('matchMedia', vi.fn(matchNoMedia));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn<Element['scrollIntoView']>();

  // STYLE.md: an unexpected console.error fails the test. A test that expects
  // one mocks console.error itself (vi.spyOn(...).mockImplementation) first.
  unexpectedErrors = [];
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  resetIntersectionObservers();
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  if (unexpectedErrors.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpectedErrors.join('\n---\n')}`);
  }
});
