import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { browserTokenStore, failureLogPrefix } from '@/lib/api-client';
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

// A lazy route's first import is transformed on demand; on a loaded two-core CI
// machine that alone can pass the default 1 s (and 5 s while the server's tests
// run beside these), so findBy/waitFor wait longer.
configure({ asyncUtilTimeout: 20_000 });

// Each file starts from an empty browser. The files of a worker share one jsdom
// (apps/web/vitest.config.ts): what one left in the document (a script tag, a
// measuring span, the title) is gone before the next begins.
document.head.replaceChildren();
document.body.replaceChildren();
document.title = '';
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');

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
  // The API client's line for each failed request (SPEC.md section 8) is
  // expected wherever a test stages a failure; api-client.test.ts checks it.
  unexpectedErrors = [];
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const line = format(...args);
    if (!line.startsWith(failureLogPrefix)) unexpectedErrors.push(line);
  });
});

afterEach(() => {
  cleanup();
  resetIntersectionObservers();
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A test that stopped the clock must not leave it stopped for the next file in this worker.
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  // A session without 'Remember me' lives in cookies, which jsdom keeps between tests.
  browserTokenStore.clear();
  if (unexpectedErrors.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpectedErrors.join('\n---\n')}`);
  }
});
