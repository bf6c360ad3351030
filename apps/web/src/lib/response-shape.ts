// Light checks of our own API's answers for the pages a guest lands on
// (home, collections, a home's page, search). Their full contracts are zod
// schemas in @sas/domain, enforced by the server's response schemas and its
// tests; parsing them again in the browser would put the zod runtime (about a
// fifth of a page's first download) in front of the first paint. These checks
// still turn a wrong answer (an error page from a proxy, an API of another
// version) into a clear error instead of a broken render.
import type { Parser } from './api-client';

type Check = (value: unknown) => boolean;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose `keys` are present and are strings. */
export function hasStringFields(...keys: string[]): Check {
  return (value) => isRecord(value) && keys.every((key) => typeof value[key] === 'string');
}

/** An array each of whose items passes `item`. */
export function arrayOf(item: Check): Check {
  return (value) => Array.isArray(value) && value.every(item);
}

/** A parser that passes `value` through as T when `check` holds, and throws naming `what` otherwise. */
export function shaped<T>(what: string, check: Check): Parser<T> {
  return {
    parse(value) {
      if (!check(value)) throw new TypeError(`Unexpected ${what} from the server`);
      return value as T;
    },
  };
}
